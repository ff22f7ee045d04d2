import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { apiGet } from './api';
import { answerCommand, fetchCommands, issueDeviceKey } from './device';
import { signedInAs, lockWithReason } from './support';

// Seeded: Sipho Ndlovu (client 5) owns a Kia 'ND 534-102' (device SNT-000103) driven by Naledi Sithole;
// Thandi Nkosi (client 4) owns 'CA 320-100' (locked, SNT-000101) and 'FW 11 KB GP' (SNT-000102).
// In order, in one worker: the lock test confirms through SNT-000101 and leaves history that the
// CSV test counts, and the device change takes SNT-000126 for 'FW 11 KB GP'.
test.describe.configure({ mode: 'default' });
test.beforeEach(async ({ page }) => {
  await signedInAs(page, 'Technical-Agent');
  await expect(page).toHaveURL(/\/agent\/clients\/all$/);
});

test("editing a driver's email saves it and shows it without reloading the page", async ({ page }) => {
  await page.goto('/agent/clients/5/account/view');
  let loads = 0;
  page.on('load', () => (loads += 1));
  await page.getByRole('button', { name: 'Edit Naledi Sithole' }).click();
  const dialog = page.getByRole('dialog', { name: 'Driver details' });
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveAttribute('readonly', '');
  await expect(dialog.getByLabel('Surname')).toHaveAttribute('readonly', '');

  const email = dialog.getByLabel('Email address');
  await email.fill('');
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await email.fill('not-an-address');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Please provide a valid email address')).toBeVisible();

  await email.fill('naledi.new@drivers.example.co.za');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('naledi.new@drivers.example.co.za')).toBeVisible();
  expect(loads).toBe(0);
});

test('resending the password-creation link confirms it and e-mails the link', async ({ page }) => {
  await page.goto('/agent/clients/5/account/view');
  // The confirmation is a browser alert; accept it from the handler, as it opens.
  let message: string | undefined;
  page.once('dialog', (dialog) => {
    message = dialog.message();
    void dialog.accept();
  });
  await page.getByRole('button', { name: 'Resend Create Password Link' }).click();
  await expect.poll(() => message).toBe('Password creation link resent successfully.');

  const outbox = await apiGet<{ items: { recipient: string; body: string }[] }>('/Dev/Outbox');
  const mail = outbox.items.find((item) => item.recipient === 'sipho.ndlovu@example.co.za');
  expect(mail?.body).toMatch(/\/create-password\?token=/);
});

test('an agent unlocks and locks a vehicle from its card, each confirmed by its device', async ({ page }) => {
  // Two commands, each a round trip through the device channel: room on a busy machine.
  test.slow();
  // The vehicle's device, played here: it fetches each command and confirms it.
  const key = await issueDeviceKey('SNT-000101');
  await page.goto('/agent/clients/4/account/view');
  const card = page.getByRole('region', { name: 'CA 320-100' });
  let delivered = fetchCommands('SNT-000101', key);
  await card.getByRole('button', { name: 'Unlock' }).click();
  let [command] = await delivered;
  await answerCommand('SNT-000101', key, command!.id, { status: 'Confirmed', locked: false });
  await expect(card.getByRole('button', { name: 'Lock', exact: true })).toBeEnabled();
  await expect(card.getByText('Unlocked', { exact: true })).toBeVisible();

  delivered = fetchCommands('SNT-000101', key);
  await lockWithReason(card);
  [command] = await delivered;
  await answerCommand('SNT-000101', key, command!.id, { status: 'Confirmed', locked: true });
  await expect(card.getByRole('button', { name: 'Unlock' })).toBeVisible();
  await expect(card.getByText('Locked!', { exact: true })).toBeVisible();
});

test('an alert to Aura and to Capital Air is confirmed', async ({ page }) => {
  await page.goto('/agent/clients/4/account/view');
  const card = page.getByRole('region', { name: 'FW 11 KB GP' });
  await card.getByRole('button', { name: 'Alert Aura' }).click();
  await expect(card.getByText('Alert sent')).toBeVisible();
  await expect(card.getByText('Alert sent')).toBeHidden({ timeout: 4_000 });
  await card.getByRole('button', { name: 'Alert Capital Air' }).click();
  await expect(card.getByText('Alert sent')).toBeVisible();
  await expect(card.getByText('Alert', { exact: true })).toBeVisible();
});

test('changing the device searches free devices and links the chosen one', async ({ page }) => {
  await page.goto('/agent/clients/4/account/view');
  const card = page.getByRole('region', { name: 'FW 11 KB GP' });
  await card.getByRole('button', { name: 'Change device' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Device' });
  const serial = dialog.getByLabel('New device serial number');
  const submit = dialog.getByRole('button', { name: 'Change device' });

  await serial.fill('ZZZ-404');
  await expect(dialog.getByText('Device not found')).toBeVisible();
  await serial.fill('snt-000102');
  await expect(submit).toBeDisabled();
  await serial.fill('SNT-00012');
  await expect(dialog.getByRole('list', { name: 'Matching devices' }).getByText('SNT-000126')).toBeVisible();
  await expect(submit).toBeDisabled();
  await serial.fill('snt-000126');
  await expect(submit).toBeEnabled();
  await submit.click();

  await expect(dialog).toBeHidden();
  await expect(card.getByText('SNT-000126')).toBeVisible();
});

test('the vehicle history lists entries and downloads them as CSV', async ({ page }) => {
  await page.goto('/agent/clients/4/account/view');
  await page.getByRole('link', { name: 'Vehicle history of CA 320-100' }).click();
  await expect(page).toHaveURL(/\/agent\/clients\/4\/vehicle\/1\/history$/);
  await expect(page.getByRole('heading', { name: 'Vehicle history' })).toBeVisible();
  const entries = page.getByRole('list', { name: 'History' }).getByRole('listitem');
  await expect(entries.first()).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download history' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Vehicle-1-history.csv');
  const csv = await readFile(await file.path(), 'utf8');
  const lines = csv.trim().split(/\r?\n/);
  expect(lines[0]).toMatch(/^Date \(SAST\),Type,/);
  // The CSV holds the whole history, not only the pages the list has loaded so far.
  const { totalCount } = await apiGet<{ totalCount: number }>('/Vehicles/1/History');
  expect(totalCount).toBeGreaterThan(0);
  expect(lines.length - 1).toBe(totalCount);
});

test('a vehicle without history says so and cannot download', async ({ page }) => {
  const { items } = await apiGet<{ items: { id: number; userId: number }[] }>(
    `/Vehicles?${new URLSearchParams({ $filter: "onBoardingStatus eq 'Booking-Pending'", $pagesize: '1' })}`,
  );
  const vehicle = items[0]!;
  await page.goto(`/agent/clients/${vehicle.userId}/vehicle/${vehicle.id}/history`);
  await expect(page.getByText('No history')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download history' })).toBeDisabled();
});
