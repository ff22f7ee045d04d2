// Staff second factors in the browser, as a new user meets them with MFA_REQUIRED=on, against an
// api of this file's own: the demo Admin sets up an authenticator app at sign-in and signs in with
// a code; the password alone gets nobody in; a passkey is added in Chromium's virtual authenticator
// (the DevTools protocol) and signs in; Lock asks 'Confirm it is you' and goes through after the
// code; and the Admin signs out another of their sessions from the Security screen.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { AUTHORISED_USER_KEY } from '@sentinel/domain';
import { authenticatorApp, totpAt } from '@sentinel/testing';
import { setUpDemoDatabase, startOwnApi } from './own-api';
import type { OwnServer } from './own-api';
import { demo, openMenu } from './support';

const PORT = 5583;
const API_URL = `http://127.0.0.1:${PORT}`;
// Passkeys need a domain for their relying party (an IP address is refused by the browser), so
// this file opens the suite's dashboard as localhost.
const DASHBOARD = 'http://localhost:5281';
/** Short, so a privileged action soon after signing in already asks for the second factor again. */
const STEP_UP_MAX_AGE_MS = 3_000;
// A seeded vehicle with a device: client 33's 'ND 944-150'.
const CLIENT_ID = 33;
const REGISTRATION = 'ND 944-150';

let folder: string;
let api: OwnServer | undefined;
const admin = demo('Admin');

test.beforeAll(async () => {
  test.setTimeout(180_000);
  folder = mkdtempSync(join(tmpdir(), 'sentinel-second-factor-'));
  const databaseFile = join(folder, 'api.db');
  setUpDemoDatabase(databaseFile);
  api = await startOwnApi(PORT, {
    DATABASE_FILE: databaseFile,
    JWT_SECRET: 'the-second-factor-browser-tests-key',
    SIMULATOR: 'off',
    LOG_LEVEL: 'warn',
    MFA_REQUIRED: 'on',
    STEP_UP_MAX_AGE_SECONDS: String(STEP_UP_MAX_AGE_MS / 1000),
    DASHBOARD_URL: DASHBOARD,
    CORS_ORIGINS: DASHBOARD,
    WEBAUTHN_RP_ID: 'localhost',
    WEBAUTHN_ORIGIN: DASHBOARD,
  });
});

test.afterAll(() => {
  api?.stop();
  rmSync(folder, { recursive: true, force: true });
});

async function enterPassword(page: Page) {
  await page.goto(`${DASHBOARD}/login`);
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

const storedUser = (page: Page) =>
  page.evaluate((key) => window.localStorage.getItem(key), AUTHORISED_USER_KEY);

async function signOut(page: Page) {
  await openMenu(page);
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** Waits until a second factor given at `factorAt` is older than the step-up age, so the next action asks. */
async function outlastStepUp(page: Page, factorAt: number) {
  const left = factorAt + STEP_UP_MAX_AGE_MS + 200 - Date.now();
  if (left > 0) await page.waitForTimeout(left);
}

test('a new staff member with MFA_REQUIRED=on: an authenticator app, a passkey, step-up on Lock and another session ended', async ({
  page,
}) => {
  // Signing in hashes a password with argon2 on the api; on a busy machine that takes a while.
  test.setTimeout(240_000);
  // The dashboard's settings, with this file's api as its base URL.
  await page.route('**/appsettings.json', async (route) => {
    const response = await route.fetch();
    const settings = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ json: { ...settings, baseURL: API_URL } });
  });
  let app = authenticatorApp('');
  let recoveryCodes: string[] = [];
  /** When the session last gave its second factor, for waiting out the step-up age. */
  let factorAt = 0;

  await test.step('the demo Admin sets up an authenticator app at sign-in, then the password alone does not let them in and a code does', async () => {
    await enterPassword(page);
    await expect(page).toHaveURL(/\/login\/enrol$/);
    await expect(page.getByRole('heading', { name: 'Set up a second factor' })).toBeVisible();
    // Nothing is kept before the second factor.
    expect(await storedUser(page)).toBeNull();

    await page.getByRole('button', { name: 'Authenticator app' }).click();
    await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const key = (await page.getByLabel('Key').textContent()) ?? '';
    app = authenticatorApp(key);
    await page.getByLabel('Authentication code').fill(app.nextCode());
    await page.getByRole('button', { name: 'Confirm' }).click();

    const list = page.getByRole('list', { name: 'Recovery codes' });
    await expect(list.getByRole('listitem')).toHaveCount(10);
    recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((code) => code.trim());
    await page.getByRole('button', { name: 'I have saved these codes' }).click();
    await expect(page).toHaveURL(/\/agent\/clients\/all$/);

    await signOut(page);
    await enterPassword(page);
    await expect(page).toHaveURL(/\/login\/second-factor$/);
    expect(await storedUser(page)).toBeNull();
    // A code of a step long gone is refused at the field.
    const code = page.getByLabel('Authentication code');
    await code.fill(totpAt(key, Math.floor(Date.now() / 30_000) - 10));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('The code is not correct. Please try again.')).toBeVisible();
    await code.fill(app.nextCode());
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/agent\/clients\/all$/);
    factorAt = Date.now();
    expect(await storedUser(page)).not.toBeNull();
  });

  await test.step('the Admin adds a passkey in the virtual authenticator, confirming it is them, and signs in with it', async () => {
    const devTools = await page.context().newCDPSession(page);
    await devTools.send('WebAuthn.enable', { enableUI: false });
    await devTools.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });

    await page.goto(`${DASHBOARD}/agent/security`);
    await expect(page.getByRole('heading', { name: 'Second factors' })).toBeVisible();
    await outlastStepUp(page, factorAt);
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    // Adding a factor is privileged: the prompt asks, here with a recovery code, and the addition resumes.
    const prompt = page.getByRole('dialog', { name: 'Confirm it is you' });
    await prompt.getByRole('button', { name: 'Use a recovery code' }).click();
    await prompt.getByLabel('Recovery code').fill(recoveryCodes[0]!);
    await prompt.getByRole('button', { name: 'Confirm' }).click();
    await expect(prompt).toBeHidden();
    await expect(page.getByRole('list', { name: 'Passkeys' }).getByRole('listitem')).toHaveCount(1);

    await signOut(page);
    await enterPassword(page);
    await expect(page).toHaveURL(/\/login\/second-factor$/);
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await expect(page).toHaveURL(/\/agent\/clients\/all$/);
    factorAt = Date.now();
  });

  await test.step("Lock asks 'Confirm it is you' and the lock goes through after the code", async () => {
    await page.goto(`${DASHBOARD}/agent/clients/${CLIENT_ID}/account/view`);
    const card = page.getByRole('region', { name: REGISTRATION });
    await expect(card.getByRole('button', { name: 'Lock', exact: true })).toBeEnabled();
    await outlastStepUp(page, factorAt);

    await card.getByRole('button', { name: 'Lock', exact: true }).click();
    const reason = page.getByRole('dialog', { name: 'Lock the vehicle' });
    await reason.getByRole('combobox', { name: 'Reason' }).click();
    await page.getByRole('option', { name: 'Test' }).click();
    await reason.getByRole('button', { name: 'Lock', exact: true }).click();

    const prompt = page.getByRole('dialog', { name: 'Confirm it is you' });
    await expect(prompt).toBeVisible();
    await prompt.getByLabel('Authentication code').fill(app.nextCode());
    await prompt.getByRole('button', { name: 'Confirm' }).click();
    await expect(prompt).toBeHidden();
    // The refused lock was sent again and the server took it: it waits for the device, offline here.
    await expect(card.getByText('Device offline: the lock will be sent when it reconnects.')).toBeVisible();
  });

  await test.step("the Admin signs out another of their sessions from 'Your sessions'", async () => {
    // Another sign-in of the Admin's, elsewhere (a recovery code for its second factor).
    const challenge = (await (
      await fetch(`${API_URL}/Auth/SignInByEmail`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: admin.email, password: admin.password }),
      })
    ).json()) as { challengeToken: string };
    const other = (await (
      await fetch(`${API_URL}/Auth/SecondFactor/RecoveryCode`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ challengeToken: challenge.challengeToken, code: recoveryCodes[1] }),
      })
    ).json()) as { accessToken: string; refreshToken: string };
    expect(other.refreshToken).toEqual(expect.any(String));

    await page.goto(`${DASHBOARD}/agent/security`);
    const sessions = page.getByRole('list', { name: 'Your sessions' }).getByRole('listitem');
    await expect(sessions).toHaveCount(2);
    await expect(sessions.filter({ hasText: 'This session' })).toHaveCount(1);
    await sessions.filter({ hasNotText: 'This session' }).getByRole('button', { name: 'Sign out' }).click();
    await expect(sessions).toHaveCount(1);
    await expect(sessions.first()).toContainText('This session');

    // The other sign-in is over: its refresh token no longer works.
    const refreshed = await fetch(`${API_URL}/Auth/RefreshTokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(other),
    });
    expect(refreshed.status).toBe(401);
  });
});
