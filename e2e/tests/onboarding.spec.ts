import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { apiGet, listVehicles } from './api';
import { openMenu, signedInAs } from './support';

// In order, in one worker: the journey books a new vehicle's installation before paying for it, and
// while it waits the existing-installation test's 'first Booking-Pending vehicle' could be that one.
test.describe.configure({ mode: 'default' });

const stamp = Date.now();
const holderEmail = `pipeline.${stamp}@example.co.za`;
const registration = `CA ${String(stamp).slice(-6, -3)}-${String(stamp).slice(-3)}`;

async function choose(page: Page, field: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option }).first().click();
}

/** The registration's card in an onboarding tab (the lists are paged and rendered virtually). */
async function expectInTab(page: Page, tab: string, present: boolean) {
  await page.getByRole('link', { name: tab }).click();
  const card = page.getByRole('heading', { level: 3, name: registration });
  if (present) await expect(card).toBeVisible();
  else {
    await expect(page.getByRole('region', { name: tab })).toBeVisible();
    await expect(card).toHaveCount(0);
  }
}

test('a staff member takes a new customer from a new account to a scheduled installation with a paid deposit', async ({
  page,
}) => {
  await signedInAs(page, 'Technical-Agent');
  await expect(page).toHaveURL(/\/agent\/clients\/all/);

  // The account holder, from the menu's 'Add a new account'.
  await openMenu(page);
  await page.getByRole('menuitem', { name: 'Add a new account' }).click();
  await expect(page).toHaveURL(/\/agent\/onboarding\/client\/add$/);
  await page.getByLabel('Name', { exact: true }).fill('Thabo');
  await page.getByLabel('Surname').fill('Mabaso');
  await page.getByLabel('Email address').fill(holderEmail);
  await page.getByLabel('Cellphone number').fill('0821239876');
  await page.getByLabel('South African ID Number').fill('8201015009089');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/add-driver$/);

  // The driver, then the vehicle, with the validation on the way.
  const next = page.getByRole('button', { name: 'Next' });
  await expect(next).toBeDisabled();
  await page.getByLabel('Name', { exact: true }).fill('Thabo');
  await page.getByLabel('Surname').fill('Mabaso');
  await page.getByLabel('Email address').fill('thabo.driver@example.co.za');
  await page.getByLabel('Cellphone number').fill('0821239876');
  await page.getByLabel('South African ID Number').fill('8201015009089');
  await next.click();
  await expect(page.getByRole('heading', { level: 2, name: 'Vehicle details' })).toBeVisible();
  await page.getByLabel('Colour').focus();
  await page.getByLabel('Colour').blur();
  await expect(page.getByText('This field is required')).toBeVisible();
  await page.getByRole('combobox', { name: 'Vehicle' }).fill('Trabant');
  await expect(page.getByText("Sorry, we don't have that vehicle listed")).toBeVisible();
  await page.getByRole('combobox', { name: 'Vehicle' }).fill('ranger wildtrak');
  await page.getByRole('option', { name: 'Ford Ranger 2.0 BiT Wildtrak' }).click();
  await choose(page, 'Year', '2022');
  await page.getByLabel('Registration number').fill(registration);
  await page.getByLabel('Colour').fill('Blue');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/installation$/);

  // Booking pending until it is scheduled.
  const [vehicle] = await listVehicles(`registrationNumber eq '${registration}'`);
  expect(vehicle).toBeDefined();
  const installation = page.url();
  await page.goto('/agent/onboarding/booking-pending');
  await expectInTab(page, 'Booking pending', true);
  await expectInTab(page, 'Scheduled', false);

  // The installation: region, an active centre, a slot shown as morning or afternoon.
  await page.goto(installation);
  await expect(page.getByRole('button', { name: 'New Installation' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await choose(page, 'Region', 'Cape Town');
  await choose(page, 'Fitment centre', /Bellville/);
  await expect(page.getByRole('combobox', { name: 'Date and time' })).toBeEnabled();
  await page.getByRole('combobox', { name: 'Date and time' }).click();
  await expect(page.getByRole('option').first()).toHaveText(/, (morning|afternoon)$/);
  await page.getByRole('option').first().click();
  await page.getByRole('button', { name: 'Book installation' }).click();

  // The payment: the deposit in the title, a plan and the three consents.
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment: deposit due R1 499' })).toBeVisible();
  const send = page.getByRole('button', { name: 'Send payment link' });
  await page.getByRole('radio', { name: /Sentinel Essential/ }).check();
  await expect(send).toBeDisabled();
  for (const consent of await page.getByRole('checkbox').all()) await consent.click();
  await send.click();
  await expect(page).toHaveURL(/\/agent\/onboarding\/scheduled$/);
  await expectInTab(page, 'Scheduled', true);
  await expectInTab(page, 'Booking pending', false);

  // The client pays the deposit on the link sent by SMS, in the payment sandbox.
  const sms = await apiGet<{ items: { channel: string; body: string }[] }>(
    `/Dev/Outbox?channel=sms&limit=20`,
  );
  const message = sms.items.find((item) => item.body.includes(registration));
  const link = /https?:\/\/\S+\/Sandbox\/Checkout\/\S+/.exec(message?.body ?? '')?.[0];
  expect(link).toBeDefined();
  await page.goto(link!);
  await expect(page.getByText('Deposit due: R1 499')).toBeVisible();
  await page.getByRole('button', { name: 'Pay R1 499' }).click();
  await expect(page.getByRole('status')).toHaveText(/your deposit is paid/);

  const [paid] = await listVehicles(`registrationNumber eq '${registration}'`);
  expect(paid).toMatchObject({ onBoardingStatus: 'Scheduled', subscriptionDepositAmountPaid: 149_900 });
});

test('an existing installation asks for a device from the search before it is recorded', async ({ page }) => {
  await signedInAs(page, 'Technical-Agent');
  await expect(page).toHaveURL(/\/agent\/clients\/all/);
  const [pending] = await listVehicles("onBoardingStatus eq 'Booking-Pending'");
  await page.goto(`/agent/onboarding/client/${pending!.id}/installation`);
  await page.getByRole('button', { name: 'Existing Installation' }).click();
  await choose(page, 'Region', 'Durban');
  await choose(page, 'Fitment centre', /Umhlanga/);
  await page.getByLabel('Installation date and time').fill('2025-02-03T10:00');
  await page.getByRole('button', { name: 'Book installation' }).click();
  await expect(page.getByText('Please select a device to link')).toBeVisible();
  await page.getByRole('combobox', { name: 'Device serial number' }).fill('zzz');
  await expect(page.getByText('Device not found')).toBeVisible();
});
