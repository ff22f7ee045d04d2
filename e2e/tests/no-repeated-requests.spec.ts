import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { API_URL } from '../playwright.config';
import { apiGet, fullName, listUsers } from './api';
import { signedInAs } from './support';

const ACTIVE = "role eq 'Account-Holder' and totalNumberOfVehiclesWithDevice gt 0";

/** Every call the page sends to the api, as method and URL; the live hub's own traffic is left out. */
function recordApiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(API_URL) || request.url().includes('/DefaultHub')) return;
    calls.push(`${request.method()} ${request.url()}`);
  });
  return calls;
}

// Every device's status is a POST to this one URL with the device in its body (which the browser
// sends as a stream the recorder cannot read), so these are counted against the devices shown.
const STATUS_CALL = `POST ${API_URL}/My/Device/GetDeviceStatusInfo`;

async function devicesOf(userId: number): Promise<number> {
  const query = new URLSearchParams({ $filter: `userId eq ${userId}`, $pagesize: '100' });
  const { items } = await apiGet<{ items: { deviceId: number | null }[] }>(`/Vehicles?${query}`);
  return items.filter((vehicle) => vehicle.deviceId !== null && vehicle.deviceId !== 0).length;
}

const repeated = (calls: readonly string[]) =>
  calls.filter((call, index) => calls.indexOf(call) !== index && calls.lastIndexOf(call) === index);

/** The list's scroll area: the virtual list's scroller around the 'Results' list. */
const scrollTo = (results: Locator, where: 'end' | 'top') =>
  results.evaluate((list, to) => {
    const scroller = list.parentElement as HTMLElement;
    scroller.scrollTop = to === 'end' ? scroller.scrollHeight : 0;
  }, where);

test('scrolling the client list back and forth and opening cards again asks the api for nothing twice', async ({
  page,
}) => {
  const calls = recordApiCalls(page);
  // The other worker's tests onboard vehicles meanwhile, and their live messages rightly make the
  // client list ask again; this page gets no live connection, so what is counted is the cache alone.
  await page.route(/\/DefaultHub\b/, (route) => route.abort());
  await signedInAs(page, 'Admin');
  await expect(page).toHaveURL(/\/agent\/clients\/all$/);
  const [first, second] = await listUsers(ACTIVE, 'createdOnDateTime desc', 2);
  const results = page.getByRole('list', { name: 'Results' });
  await expect(results.getByRole('heading', { name: fullName(first!) })).toBeVisible();

  const toggle = (name: string) => page.getByRole('button', { name: new RegExp(`vehicles of ${name}$`) });
  const vehiclesOf = (name: string) =>
    results
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name, exact: true }) })
      .getByRole('list', { name: 'Vehicles' });
  for (const client of [first!, second!]) {
    const name = fullName(client);
    // Open, close and open again: the second opening shows what the first loaded.
    await toggle(name).click();
    await expect(vehiclesOf(name).getByText('Application version').first()).toBeVisible();
    await toggle(name).click();
    await expect(vehiclesOf(name)).toBeHidden();
    await toggle(name).click();
    await expect(vehiclesOf(name)).toBeVisible();
  }

  // To the end (the next page loads), back to the top (the open cards come back), twice over.
  for (let round = 0; round < 2; round += 1) {
    await scrollTo(results, 'end');
    await expect(results.getByRole('listitem').first()).not.toHaveAttribute('aria-setsize', '20');
    await scrollTo(results, 'top');
    await expect(vehiclesOf(fullName(first!))).toBeVisible();
  }
  await page.waitForLoadState('networkidle');

  const devices = (await devicesOf(first!.id)) + (await devicesOf(second!.id));
  expect(calls.filter((call) => call === STATUS_CALL)).toHaveLength(devices);
  expect(calls.filter((call) => call.startsWith('GET') && call.includes('/Users?'))).toHaveLength(2);
  expect(repeated(calls.filter((call) => call !== STATUS_CALL))).toEqual([]);
});
