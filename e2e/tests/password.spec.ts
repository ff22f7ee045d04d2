import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { API_URL, DASHBOARD_URL, SIGNUP_URL } from '../playwright.config';
import { apiGet, apiToken } from './api';
import { openMenu } from './support';

// The password journeys across the dashboard, the signup app and the api. Each test works on an
// agent of its own, so the demo sign-ins other tests use keep their passwords.

let serial = 0;

/** An agent added by the Admin: no password yet, a creation link e-mailed. */
async function agentAddedByAdmin(): Promise<string> {
  serial += 1;
  const email = `new.agent.${String(Date.now())}.${String(serial)}@sentinel.demo`;
  const response = await fetch(`${API_URL}/Users`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${await apiToken('Admin')}` },
    body: JSON.stringify({
      FirstName: 'Karabo',
      LastName: 'Molefe',
      Email: email,
      RoleName: 'Technical-Agent',
    }),
  });
  expect(response.status).toBe(200);
  return email;
}

/** The link in the newest e-mail to the address, as its owner would find it. */
async function linkMailedTo(email: string, path: string): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      const { items } = await apiGet<{ items: { body: string }[] }>(
        `/Dev/Outbox?recipient=${encodeURIComponent(email)}&channel=email&limit=1`,
      );
      link = new RegExp(`https?://\\S+${path}\\?token=[\\w-]+`).exec(items[0]?.body ?? '')?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  return link;
}

async function newPassword(page: Page, password: string, label = 'New password') {
  await page.getByLabel(label, { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${DASHBOARD_URL}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** The agent with a password, created from the e-mailed link through the API. */
async function agentWithPassword(password: string): Promise<string> {
  const email = await agentAddedByAdmin();
  const token = new URL(await linkMailedTo(email, '/create-password')).searchParams.get('token');
  const response = await fetch(`${API_URL}/My/CreatePassword`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ password, passwordResetToken: token }),
  });
  expect(response.status).toBe(200);
  return email;
}

test('a new agent opens the e-mailed link, creates a password and signs in', async ({ page }) => {
  const email = await agentAddedByAdmin();
  const link = await linkMailedTo(email, '/create-password');
  expect(link.startsWith(`${SIGNUP_URL}/create-password?token=`)).toBe(true);

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Create password' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('First!pw1');
  await page.getByLabel('Confirm password').fill('First!pw2');
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create password' })).toBeDisabled();
  await newPassword(page, 'First!pw1', 'Password');
  await page.getByRole('button', { name: 'Create password' }).click();

  await expect(page.getByText('Password created successfully!')).toBeVisible();
  await expect(page.getByText('You can now log in on the mobile app using your new password.')).toBeVisible();
  await signIn(page, email, 'First!pw1');
  await expect(page).toHaveURL(/\/agent\/clients\/all$/);

  // The link worked once.
  await page.goto(link);
  await newPassword(page, 'Other!pw1', 'Password');
  await page.getByRole('button', { name: 'Create password' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'This link is not valid or has expired. Please request a new one',
  );
});

test('a member of staff resets a forgotten password, then signs in with it', async ({ page }) => {
  const email = await agentWithPassword('Before!pw1');

  await page.goto(`${DASHBOARD_URL}/login`);
  await page.getByRole('link', { name: 'Forgot password' }).click();
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('status')).toContainText('If an account exists for this email address');

  const link = await linkMailedTo(email, '/reset-password');
  expect(link.startsWith(`${DASHBOARD_URL}/reset-password?token=`)).toBe(true);
  await page.goto(link);
  await newPassword(page, 'After!pw2');
  await page.getByRole('button', { name: 'Reset password' }).click();

  // The reset ends at '/', which sends a visitor on this host to the sign-in.
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, email, 'Before!pw1');
  await expect(page.getByRole('alert')).toHaveText('Invalid email and password');
  await signIn(page, email, 'After!pw2');
  await expect(page).toHaveURL(/\/agent\/clients\/all$/);
});

test('a signed-in agent changes their password; the old one is refused afterwards', async ({ page }) => {
  const email = await agentWithPassword('Before!pw1');
  await signIn(page, email, 'Before!pw1');
  await expect(page).toHaveURL(/\/agent\/clients\/all$/);

  await openMenu(page);
  await page.getByRole('menuitem', { name: 'Change password' }).click();
  await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
  await newPassword(page, 'Changed!pw3');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('status')).toHaveText('Your password has been changed.');

  await page.evaluate(() => window.localStorage.clear());
  await signIn(page, email, 'Before!pw1');
  await expect(page.getByRole('alert')).toHaveText('Invalid email and password');
  await signIn(page, email, 'Changed!pw3');
  await expect(page).toHaveURL(/\/agent\/clients\/all$/);
});
