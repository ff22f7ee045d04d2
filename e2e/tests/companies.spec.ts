import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { API_URL } from '../playwright.config';
import { apiGet, apiToken, fullName } from './api';
import type { ListedUser } from './api';
import { freeFittedVehicle } from './fleet';
import { openMenu, signedInAs, signInAs, lockWithReason } from './support';

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

/** Adds a company through Add Company and answers the link-user page's path. */
async function addCompany(page: Page, name: string): Promise<string> {
  await openMenu(page);
  await page.getByRole('menuitem', { name: 'Add company to dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add Company' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Add Company' }).click();
  await expect(page).toHaveURL(/\/agent\/companies\/\d+\/link-user$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Link Company Users' })).toBeVisible();
  return new URL(page.url()).pathname;
}

/** Picks a user in the searchable dropdown of Link New User and links them with the role. */
async function linkUser(page: Page, user: { firstName: string; lastName: string }, role: string) {
  const linkNew = page.getByRole('region', { name: 'Link New User' });
  if (role !== 'Company-Admin') {
    await linkNew.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: role }).click();
  }
  await linkNew.getByRole('combobox', { name: 'User' }).fill(`${user.firstName} ${user.lastName}`);
  await linkNew.getByRole('option', { name: `${user.firstName} ${user.lastName}` }).click();
  await linkNew.getByRole('button', { name: 'Link' }).click();
  const existing = page.getByRole('region', { name: 'Existing Users' });
  await expect(existing.getByRole('heading', { name: `${user.firstName} ${user.lastName}` })).toBeVisible();
}

test.describe('as an Admin', () => {
  test.beforeEach(async ({ page }) => {
    await signedInAs(page, 'Admin');
    await expect(page).toHaveURL(/\/agent\/clients\/all$/);
  });

  test('the company list searches on the server, sorts and opens a company from its card', async ({
    page,
  }) => {
    await page.goto('/agent/companies/all');
    const list = page.getByRole('list', { name: 'Companies' });
    const names = list.getByRole('heading');
    await expect(names.first()).toHaveText('Karoo Logistics');

    // The other tests of this file may add companies meanwhile (the tests run two at a time): the
    // list is checked for its order and for the two seeded companies, whatever else it holds.
    const shown = async () => (await names.allTextContents()).map((name) => name.trim());
    const byName = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' });
    for (const [option, order] of [
      ['Z - A', (a: string, b: string) => byName(b, a)],
      ['A - Z', byName],
    ] as const) {
      await page.getByRole('combobox', { name: 'Sort by' }).click();
      await page.getByRole('option', { name: option }).click();
      await expect
        .poll(async () => {
          const listed = await shown();
          const seeded = listed.filter((name) => name === 'Karoo Logistics' || name === 'Mzansi Couriers');
          return { sorted: listed.toSorted(order).join('|') === listed.join('|'), seeded };
        })
        .toEqual({
          sorted: true,
          seeded: ['Karoo Logistics', 'Mzansi Couriers'].toSorted(order),
        });
    }

    const search = page.waitForRequest((request) =>
      /contains\(name,[+ ]'MZANSI'\)/.test(decodeURIComponent(request.url())),
    );
    await page.getByRole('searchbox', { name: 'Search companies' }).fill('MZANSI');
    await search;
    await expect(names).toHaveText(['Mzansi Couriers']);

    await list.getByRole('button', { name: 'Mzansi Couriers', exact: true }).click();
    await expect(page).toHaveURL(/\/agent\/companies\/\d+\/view$/);
    await expect(page.getByRole('heading', { level: 1, name: 'View Company' })).toBeVisible();
    await expect(page.getByText('Mzansi Couriers')).toBeVisible();
  });

  test('a company with users is not deleted; an empty one is, and the list follows', async ({ page }) => {
    const name = `Overberg Transport ${unique()}`;
    const linkPath = await addCompany(page, name);
    const [holder] = (
      await apiGet<{ items: ListedUser[] }>(
        `/Users?$filter=${encodeURIComponent("role eq 'Account-Holder'")}&$pagesize=1`,
      )
    ).items;
    await linkUser(page, holder!, 'Account-Holder');

    await page.goto(linkPath.replace('link-user', 'view'));
    await page.getByRole('button', { name: 'Delete Company' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      `${name} still has 1 linked user. Remove them from the company before deleting it.`,
    );

    await page.goto(linkPath);
    await page.getByRole('button', { name: `Remove from company ${fullName(holder!)}` }).click();
    await expect(page.getByText('No users linked to this company yet.')).toBeVisible();

    await page.goto(linkPath.replace('link-user', 'view'));
    await page.getByRole('button', { name: 'Delete Company' }).click();
    await expect(page).toHaveURL(/\/agent\/companies\/all$/);
    await page.getByRole('searchbox', { name: 'Search companies' }).fill(name);
    await expect(page.getByText('No companies match')).toBeVisible();
  });

  test('Add Company checks the name on blur and shows a taken name under the field', async ({ page }) => {
    await page.goto('/admin/add-company');
    const submit = page.getByRole('button', { name: 'Add Company' });
    await expect(submit).toBeDisabled();
    await page.getByLabel('Name', { exact: true }).focus();
    await page.getByLabel('Name', { exact: true }).blur();
    await expect(page.getByText('This field is required')).toBeVisible();

    await page.getByLabel('Name', { exact: true }).fill('karoo logistics');
    await submit.click();
    await expect(page.getByText('A company with this name already exists')).toBeVisible();

    await page.getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL(/\/agent\/clients\/all$/);
  });

  test('Link Company Users sits in one column at 768 px and two from 1030 px', async ({ page }) => {
    const linkPath = await addCompany(page, `Layout Haulage ${unique()}`);
    const linkNew = page.getByRole('region', { name: 'Link New User' });
    const existing = page.getByRole('region', { name: 'Existing Users' });

    await page.setViewportSize({ width: 768, height: 900 });
    await page.goto(linkPath);
    await expect(existing.getByText('No users linked to this company yet.')).toBeVisible();
    const [narrowNew, narrowExisting] = [await linkNew.boundingBox(), await existing.boundingBox()];
    expect(narrowExisting!.y).toBeGreaterThan(narrowNew!.y + narrowNew!.height - 1);

    await page.setViewportSize({ width: 1280, height: 900 });
    await expect
      .poll(async () => (await existing.boundingBox())!.x)
      .toBeGreaterThan((await linkNew.boundingBox())!.x + 100);
  });
});

test('an Admin sets up a company whose new Company-Admin sees and locks only its vehicles', async ({
  page,
}) => {
  // The whole journey of two people, on a machine other work keeps busy.
  test.setTimeout(90_000);
  const password = 'Company#Admin1';
  const email = `lerato.${unique()}@karoo.example.co.za`;
  const companyName = `Garden Route Freight ${unique()}`;

  // A holder with a vehicle whose lock state is known, away from the vehicles other journeys own
  // and from the demo holders (clients 4 and 5) whose vehicles the other specs read.
  const token = await apiToken('Admin');
  const vehicle = await freeFittedVehicle(
    'last',
    ({ holderId, isLocked }) => holderId > 5 && isLocked !== null,
  );
  const [holder] = (await apiGet<{ items: ListedUser[] }>(`/Users?$filter=id eq ${vehicle.holderId}`, token))
    .items;

  // The Admin adds the Company-Admin, who creates a password from the e-mailed link. The Admin
  // signs in afresh: the journey logs out, which ends the sign-in it used (not the saved one).
  await signInAs(page, 'Admin');
  await expect(page).toHaveURL(/\/agent\/clients\/all$/);
  await page.goto('/admin/add-agent');
  await page.getByLabel('Name', { exact: true }).fill('Lerato');
  await page.getByLabel('Surname').fill(`Mokoena${unique()}`);
  const surname = await page.getByLabel('Surname').inputValue();
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Company-Admin' }).click();
  await page.getByRole('button', { name: 'Add agent' }).click();
  await expect(page).toHaveURL(/\/agent\/clients\/all$/);
  const outbox = await apiGet<{ items: { recipient: string; body: string }[] }>(
    `/Dev/Outbox?recipient=${encodeURIComponent(email)}`,
    token,
  );
  const linkToken = /token=([\w-]+)/.exec(outbox.items[0]!.body)![1]!;
  const created = await fetch(`${API_URL}/My/CreatePassword`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ password, passwordResetToken: linkToken }),
  });
  expect(created.status).toBe(200);

  // The company, with the Company-Admin (the default role) and the holder.
  await addCompany(page, companyName);
  await linkUser(page, { firstName: 'Lerato', lastName: surname }, 'Company-Admin');
  await linkUser(page, holder!, 'Account-Holder');

  // The Company-Admin signs in and sees their company's users and nothing else.
  await openMenu(page);
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  const results = page.getByRole('list', { name: 'Results' });
  await expect(results.getByRole('listitem')).toHaveCount(1);
  await expect(results).toContainText(fullName(holder!));

  await openMenu(page);
  await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText([
    'Users',
    'Alarms',
    'Geofences',
    'Companies',
    'Import',
    'Security',
    'Change password',
    'Logout',
  ]);
  await page.getByRole('menuitem', { name: 'Companies' }).click();
  await expect(page.getByRole('list', { name: 'Companies' }).getByRole('heading')).toHaveText([companyName]);
  await page.getByRole('button', { name: `More actions for ${companyName}` }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['View Company']);
  await page.keyboard.press('Escape');

  // They lock the holder's vehicle, and are offered no device change.
  await page.goto(`/agent/clients/${holder!.id}/account/view`);
  const card = page.getByRole('region', { name: vehicle.registrationNumber });
  await expect(card.getByRole('button', { name: 'Change device' })).toHaveCount(0);
  // No device is online in these tests: the command waits in the queue, and the card says so.
  const action = vehicle.isLocked ? 'Unlock' : 'Lock';
  if (action === 'Lock') await lockWithReason(card);
  else await card.getByRole('button', { name: action, exact: true }).click();
  await expect(
    card.getByText(`Device offline: the ${action.toLowerCase()} will be sent when it reconnects.`),
  ).toBeVisible();

  // Another company's client is as absent to them as an unknown one.
  await page.goto('/agent/clients/4/account/view');
  await expect(page.getByRole('region', { name: 'CA 320-100' })).toHaveCount(0);
  const session = await page.evaluate(
    () => JSON.parse(localStorage.getItem('authorised-user')!) as { accessToken: string },
  );
  const outside = await fetch(`${API_URL}/Users?$filter=id eq 4`, {
    headers: { Authorization: `Bearer ${session.accessToken}` },
  });
  expect(((await outside.json()) as { totalCount: number }).totalCount).toBe(0);
  const addCompanyCall = await fetch(`${API_URL}/Companies`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${session.accessToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ Name: 'Not mine' }),
  });
  expect(addCompanyCall.status).toBe(403);
});
