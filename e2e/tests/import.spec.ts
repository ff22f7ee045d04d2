import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import type { Download, Page } from '@playwright/test';
import { IMPORT_FIELD_KEYS, MESSAGES, ONBOARDING_MESSAGES } from '@sentinel/domain';
import { apiGet } from './api';
import { openMenu, signedInAs } from './support';

// Unique to this run, so the file's holders and vehicles are new on a database used before.
const RUN = String(Date.now()).slice(-6);
const ROWS = 1000;

type Row = Record<(typeof IMPORT_FIELD_KEYS)[number], string>;

/** A good row n: a new account holder with a driver and a vehicle. */
function goodRow(n: number, vehicle: string): Row {
  const seq = String(n).padStart(4, '0');
  const month = String(1 + (n % 12)).padStart(2, '0');
  return {
    'Holder.FirstName': 'Lindiwe',
    'Holder.LastName': `Mokoena ${seq}`,
    'Holder.Email': `import.${RUN}.${seq}@example.co.za`,
    'Holder.PhoneNumber': `082${RUN.slice(-3)}${seq}`,
    'Holder.IdNumberIsSouthAfrican': 'Yes',
    'Holder.IdNumber': `85${month}15${seq}08${n % 10}`,
    'Driver.FirstName': 'Sizwe',
    'Driver.LastName': `Dube ${seq}`,
    'Driver.Email': `driver.${RUN}.${seq}@example.co.za`,
    'Driver.PhoneNumber': `083${RUN.slice(-3)}${seq}`,
    'Driver.IdNumberIsSouthAfrican': 'No',
    'Driver.IdNumber': `P${RUN}${seq}`,
    'Vehicle.Vehicle': vehicle,
    'Vehicle.RegistrationYear': '2021',
    'Vehicle.RegistrationNumber': `IM ${RUN} ${seq}`,
    'Vehicle.Colour': 'White',
    'Vehicle.VinNumber': '',
    'Vehicle.EngineNumber': '',
  };
}

/** Rows 1..20 carry a mistake: a wrong address, a wrong phone number, or a vehicle not listed. */
function withMistake(row: Row, n: number): Row {
  if (n <= 8) return { ...row, 'Holder.Email': `import-${RUN}-${n}-at-example` };
  if (n <= 14) return { ...row, 'Holder.PhoneNumber': '12345' };
  if (n <= 20) return { ...row, 'Vehicle.Vehicle': 'Flying Carpet 3000' };
  return row;
}

const csvOf = (rows: Row[]) =>
  [
    IMPORT_FIELD_KEYS.join(','),
    ...rows.map((row) => IMPORT_FIELD_KEYS.map((key) => row[key]).join(',')),
  ].join('\n');

async function saved(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return {
    name: (download as Download).suggestedFilename(),
    text: await readFile((await download.path())!, 'utf8'),
  };
}

async function upload(page: Page, name: string, text: string) {
  await page
    .getByLabel('Choose a file or drop it here')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') });
}

const count = (page: Page, label: string) =>
  page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('+ dd');

test('an Admin imports 1,000 rows with mistakes and repeats, fixes the mistakes, and finds every vehicle once', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const [type] = await apiGet<{ makeVariant: string }[]>(
    '/VehicleTypes/Search?SearchPhrase=polo&ResultCount=1',
  );
  const good = Array.from({ length: ROWS - 10 }, (_, index) => goodRow(index + 1, type!.makeVariant));
  // 990 rows, 20 of them with a mistake, then 10 rows repeating earlier good ones word for word.
  const file = [...good.map((row, index) => withMistake(row, index + 1)), ...good.slice(100, 110)];
  expect(file).toHaveLength(ROWS);

  await signedInAs(page, 'Admin');
  await openMenu(page);
  await page.getByRole('menuitem', { name: 'Import' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Import' })).toBeVisible();

  const template = await saved(page, () => page.getByRole('button', { name: 'Download template' }).click());
  // The workbook a person fills in (its sheets are read in the api's and the dashboard's tests): a zip.
  expect(template.name).toBe('Sentinel-import-template.xlsx');
  expect(template.text.startsWith('PK')).toBe(true);

  // The preview: nothing written yet, the mistakes named per cell.
  await upload(page, 'fleet.csv', csvOf(file));
  await expect(page.getByRole('heading', { name: 'Preview of fleet.csv' })).toBeVisible({ timeout: 60_000 });
  await expect(count(page, 'New')).toHaveText('970');
  await expect(count(page, 'Unchanged')).toHaveText('10');
  await expect(count(page, 'With errors')).toHaveText('20');
  await page.getByRole('switch', { name: 'Only rows with errors' }).click();
  const rows = page.getByRole('list', { name: 'Rows' });
  await expect(rows.getByText('Row 1', { exact: true })).toBeVisible();
  await expect(rows.getByText(MESSAGES.email).first()).toBeVisible();
  await expect(page.getByText(/Showing/)).toHaveCount(0);

  const errors = await saved(page, () =>
    page.getByRole('button', { name: 'Download rows with errors' }).click(),
  );
  const errorLines = errors.text.trim().split('\n');
  expect(errorLines).toHaveLength(21);
  expect(errorLines[0]).toBe(`${IMPORT_FIELD_KEYS.join(',')},Errors`);
  expect(errors.text).toContain(MESSAGES.phoneNumber);
  expect(errors.text).toContain(ONBOARDING_MESSAGES.vehicleNotListed);

  // The run, with its progress, which a reload does not lose.
  await page.getByRole('button', { name: 'Import 970 rows' }).click();
  await expect(page.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
  await expect(page.getByText('The import is complete.')).toBeVisible({ timeout: 120_000 });
  await expect(page.getByText(`${ROWS} of ${ROWS} rows`)).toBeVisible();
  await expect(
    page.getByText('Created 970, updated 0, unchanged 10, with errors 20, failed 0.'),
  ).toBeVisible();
  const report = await saved(page, () => page.getByRole('button', { name: 'Download report' }).click());
  expect(report.text.trim().split('\n')).toHaveLength(ROWS + 1);

  // The 20 rows fixed and imported on their own.
  await page.getByRole('button', { name: 'Import another file' }).click();
  await upload(page, 'fixed.csv', csvOf(good.slice(0, 20)));
  await expect(page.getByRole('heading', { name: 'Preview of fixed.csv' })).toBeVisible({ timeout: 60_000 });
  await expect(count(page, 'New')).toHaveText('20');
  await expect(count(page, 'With errors')).toHaveText('0');
  await page.getByRole('button', { name: 'Import 20 rows' }).click();
  await expect(page.getByText('Created 20, updated 0, unchanged 0, with errors 0, failed 0.')).toBeVisible({
    timeout: 60_000,
  });

  // The whole file again changes nothing.
  await page.getByRole('button', { name: 'Import another file' }).click();
  await upload(page, 'fleet.csv', csvOf(good));
  await expect(page.getByRole('heading', { name: 'Preview of fleet.csv' })).toBeVisible({ timeout: 60_000 });
  await expect(count(page, 'New')).toHaveText('0');
  await expect(count(page, 'Unchanged')).toHaveText('990');

  // Every vehicle once, awaiting its booking, in the client list's 'Booking pending' tab.
  const listed = await apiGet<{ totalCount: number; items: { onBoardingStatus: string }[] }>(
    `/Vehicles?$filter=${encodeURIComponent(`contains(registrationNumber, 'IM ${RUN} ')`)}&$pagesize=500`,
  );
  expect(listed.totalCount).toBe(990);
  expect(new Set(listed.items.map((item) => item.onBoardingStatus))).toEqual(new Set(['Booking-Pending']));
  await page.goto('/agent/clients/all');
  await page.getByRole('tab', { name: 'Booking pending' }).click();
  for (const n of [1, 15, 500]) {
    const registration = good[n - 1]!['Vehicle.RegistrationNumber'];
    await page.getByRole('searchbox', { name: 'Search vehicles' }).fill(registration);
    const results = page.getByRole('list', { name: 'Results' });
    await expect(results.getByRole('heading', { name: registration })).toHaveCount(1);
  }
});
