import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { fullName, listUsers, listVehicles } from './api';
import { signedInAs } from './support';

/** Types a search and waits for the list the server answers for it, so rows stop changing under the test. */
async function searchClients(page: Page, text: string) {
  const answered = page.waitForResponse(
    (response) => response.url().includes('/Users?') && decodeURIComponent(response.url()).includes(text),
  );
  await page.getByRole('searchbox', { name: 'Search clients' }).fill(text);
  await answered;
  await expect(page.getByRole('list', { name: 'Results' })).toBeVisible();
}

const ACTIVE = "role eq 'Account-Holder' and totalNumberOfVehiclesWithDevice gt 0";

test.beforeEach(async ({ page }) => {
  await signedInAs(page, 'Admin');
  await expect(page).toHaveURL(/\/agent\/clients\/all$/);
});

test('the four tabs list active clients, booking-pending and scheduled vehicles, and clients with no vehicles', async ({
  page,
}) => {
  const results = page.getByRole('list', { name: 'Results' });
  const [newestActive] = await listUsers(ACTIVE);
  await expect(results.getByText(fullName(newestActive!)).first()).toBeVisible();

  await page.getByRole('tab', { name: 'No vehicles' }).click();
  await expect(page).toHaveURL(/tab=no-vehicles/);
  const [withoutVehicles] = await listUsers("role eq 'Account-Holder' and totalNumberOfVehicles eq 0");
  await expect(results.getByText(fullName(withoutVehicles!)).first()).toBeVisible();

  await page.getByRole('tab', { name: 'Booking pending' }).click();
  await expect(page.getByRole('searchbox', { name: 'Search vehicles' })).toBeVisible();
  const [pending] = await listVehicles("onBoardingStatus eq 'Booking-Pending'");
  await expect(results.getByRole('heading', { name: pending!.registrationNumber })).toBeVisible();

  await page.getByRole('tab', { name: 'Scheduled' }).click();
  await expect(page).toHaveURL(/tab=scheduled/);
  const [scheduled] = await listVehicles("onBoardingStatus eq 'Scheduled'");
  await expect(results.getByRole('heading', { name: scheduled!.registrationNumber })).toBeVisible();
});

test('search matches names case-insensitively', async ({ page }) => {
  await page.getByRole('searchbox', { name: 'Search clients' }).fill('NDLOVU');
  const results = page.getByRole('list', { name: 'Results' });
  await expect(results.getByRole('heading', { name: 'Sipho Ndlovu' })).toBeVisible();
  await expect(results.getByRole('heading', { name: 'Thandi Nkosi' })).toBeHidden();
});

test('sorting A - Z and Z - A orders the clients by name', async ({ page }) => {
  const [first] = await listUsers(ACTIVE, 'firstName asc, lastName asc', 1);
  const [last] = await listUsers(ACTIVE, 'firstName desc, lastName desc', 1);
  const firstRow = page.getByRole('list', { name: 'Results' }).getByRole('listitem').first();

  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'A - Z' }).click();
  await expect(firstRow).toContainText(fullName(first!));

  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'Z - A' }).click();
  await expect(firstRow).toContainText(fullName(last!));
});

test('a client card expands to the vehicles and its menu opens the account', async ({ page }) => {
  await searchClients(page, 'Thandi');
  await page.getByRole('button', { name: 'Show vehicles of Thandi Nkosi' }).click();
  const vehicles = page.getByRole('list', { name: 'Vehicles' });
  await expect(vehicles.getByText('CA 320-100')).toBeVisible();
  await expect(vehicles.getByText('FW 11 KB GP')).toBeVisible();

  await page.getByRole('button', { name: 'More actions for Thandi Nkosi' }).click();
  await page.getByRole('menuitem', { name: 'View account' }).click();
  await expect(page).toHaveURL(/\/agent\/clients\/4\/account\/view$/);
  await expect(page.getByRole('heading', { name: 'View account' })).toBeVisible();
  // An open alarm anywhere puts its count first, as on every agent page.
  await expect(page).toHaveTitle(/^(\(\d+\) )?View Account$/);
});

test("the client card's Add a vehicle goes to the client's add-driver step", async ({ page }) => {
  await searchClients(page, 'Thandi');
  await page.getByRole('button', { name: 'More actions for Thandi Nkosi' }).click();
  await page.getByRole('menuitem', { name: 'Add a vehicle' }).click();
  await expect(page).toHaveURL(/\/agent\/onboarding\/client\/4\/add-driver$/);
});
