import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { expirePhoneCodesInFile } from '@sentinel/testing';
import { DATABASE_FILE, SIGNUP_URL } from '../playwright.config';
import { apiGet } from './api';

// The customer journey of spec part 2 in the signup app, against the real api: the texted code is
// read from the api's outbox, as the customer would read it on their phone.

let serial = 0;
function newCustomer() {
  serial += 1;
  const stamp = `${String(Date.now()).slice(-7)}${String(serial)}`.slice(-8);
  return { email: `customer.${stamp}@example.co.za`, phone: `07${stamp}` };
}

/** The newest code texted to the number (one other than `notThis`, when a new one is awaited). */
async function codeSentTo(phone: string, notThis?: string): Promise<string> {
  const recipient = encodeURIComponent(`+27${phone.slice(1)}`);
  let code = '';
  await expect
    .poll(async () => {
      const { items } = await apiGet<{ items: { body: string }[] }>(
        `/Dev/Outbox?recipient=${recipient}&channel=sms&limit=1`,
      );
      code = /\b(\d{6})\b/.exec(items[0]?.body ?? '')?.[1] ?? '';
      return code !== notThis && /^\d{6}$/.test(code);
    })
    .toBe(true);
  return code;
}

async function signUp(page: Page, email: string, phone: string) {
  await page.goto(`${SIGNUP_URL}/`);
  await expect(page).toHaveURL(/\/sign-up$/);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('checkbox', { name: /terms and conditions/ }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Password', { exact: true }).fill('Str0ng!pw');
  for (const rule of [
    'One lowercase character',
    'One uppercase character',
    'One number',
    'One special character',
    '8 character minimum',
  ]) {
    await expect(page.getByRole('listitem').filter({ hasText: rule })).toContainText('(met)');
  }
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Lerato');
  await page.getByLabel('Surname').fill('Mokoena');
  await page.getByRole('textbox', { name: 'Cellphone number' }).fill(phone);
  await page.getByRole('textbox', { name: 'South African ID Number' }).fill('9001015800085');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm your cellphone number' })).toBeVisible();
}

/** Types a code into the boxes, starting at the first. */
async function typeCode(page: Page, code: string) {
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  await page.keyboard.type(code);
}

const otpAlert = (page: Page) => page.getByRole('alert');

test('a new customer signs up, confirms the texted code and reaches the success page', async ({ page }) => {
  const { email, phone } = newCustomer();
  await signUp(page, email, phone);

  await expect(
    page.getByText(
      'For extra security, please verify your cellphone number by entering the OTP we sent you.',
    ),
  ).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.length)).toBe(1);
  await typeCode(page, await codeSentTo(phone));

  await expect(page).toHaveURL(/\/success$/);
  await expect(page.getByRole('heading', { name: 'Welcome to Sentinel' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download on the App Store' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get it on Google Play' })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
});

test('a wrong code is shown under the boxes, and typing clears it', async ({ page }) => {
  const { email, phone } = newCustomer();
  await signUp(page, email, phone);
  const right = await codeSentTo(phone);
  const wrong = right === '000000' ? '111111' : '000000';

  await typeCode(page, wrong);

  await expect(otpAlert(page)).toHaveText('The OTP is not valid');
  const lastBox = page.getByRole('textbox', { name: 'Digit 6 of 6' });
  // The boxes are disabled while the code is checked; they open again with the answer.
  await expect(lastBox).toBeEnabled();
  await lastBox.press('Backspace');
  await expect(lastBox).toHaveValue('');
  await expect(otpAlert(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/verify-account$/);
});

test('an expired code is refused', async ({ page }) => {
  const { email, phone } = newCustomer();
  await signUp(page, email, phone);
  const code = await codeSentTo(phone);
  // Ten minutes passing, without the test waiting them out.
  expect(await expirePhoneCodesInFile(DATABASE_FILE, phone)).toBe(1);

  await typeCode(page, code);

  await expect(otpAlert(page)).toHaveText('The OTP has expired. Please request a new one');
  await expect(page).toHaveURL(/\/verify-account$/);
});

test('five wrong codes spend the code, so the right one is refused too', async ({ page }) => {
  const { email, phone } = newCustomer();
  await signUp(page, email, phone);
  const right = await codeSentTo(phone);
  const stem = right.slice(0, 5);
  const wrongLast = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'].filter((digit) => digit !== right[5]);

  await typeCode(page, `${stem}${wrongLast[0] ?? ''}`);
  await expect(otpAlert(page)).toHaveText('The OTP is not valid');
  for (const digit of wrongLast.slice(1, 4)) {
    await page.getByRole('textbox', { name: 'Digit 6 of 6' }).fill(digit);
    await expect(otpAlert(page)).toHaveText('The OTP is not valid');
  }
  await page.getByRole('textbox', { name: 'Digit 6 of 6' }).fill(wrongLast[4] ?? '');
  await expect(otpAlert(page)).toHaveText('Too many wrong attempts. Please request a new OTP');

  await page.getByRole('textbox', { name: 'Digit 6 of 6' }).fill(right[5] ?? '');
  await expect(otpAlert(page)).toHaveText('The OTP has expired. Please request a new one');
  await expect(page).toHaveURL(/\/verify-account$/);
});

test('Resend OTP texts a new code, which confirms the phone', async ({ page }) => {
  const { email, phone } = newCustomer();
  await signUp(page, email, phone);
  const first = await codeSentTo(phone);

  await page.getByRole('button', { name: 'Resend OTP' }).click();

  await expect(page.getByRole('status')).toHaveText('A new OTP has been sent.');
  const second = await codeSentTo(phone, first);
  await typeCode(page, second);
  await expect(page.getByRole('heading', { name: 'Welcome to Sentinel' })).toBeVisible();
  await expect(page.getByText("Haven't received a message yet?")).toHaveCount(0);
});
