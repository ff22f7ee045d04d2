// Before the tests: the apps' production builds are served, the route tables are read, and each
// staff role signs in once through the login screen; its session (the tokens the dashboard keeps in
// local storage) is saved for the tests that are not about signing in (tests/support.ts).
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { chromium, expect } from '@playwright/test';
import { startAppServers, waitForHealth } from './app-servers';
import config, {
  API_URL,
  BURNIN_URL,
  DASHBOARD_URL,
  GATEWAY_OSMAND_URL,
  PARTNER_URL,
  SIGNUP_URL,
  STAFF_ROLES,
  TEST_RUNNER_URL,
  sessionFile,
} from './playwright.config';
import { loadDemoSignIns } from '@sentinel/testing';
import { writeRouteTables } from './route-tables';
import { demo } from './tests/support';

const port = (url: string) => Number(new URL(url).port);

export default async function globalSetup(): Promise<() => Promise<void>> {
  // The demo sign-ins come from the api's seed, read by a child process while the servers start.
  const signIns = loadDemoSignIns();
  // Awaited with the sign-ins below; a failure before them must not go unhandled meanwhile.
  signIns.catch(() => undefined);
  const urls = { SENTINEL_API_URL: API_URL, SENTINEL_BURNIN_URL: TEST_RUNNER_URL };
  const stop = await startAppServers([
    { name: 'dashboard', port: port(DASHBOARD_URL), env: urls },
    { name: 'signup', port: port(SIGNUP_URL), env: urls },
    { name: 'burnin', port: port(BURNIN_URL), env: urls },
  ]);
  try {
    // The route tables (Vite in this process) and the sign-ins (the api hashing passwords, the
    // browser rendering) keep different processes busy, so they run side by side; so do the three
    // roles' sign-ins, and the wait for the servers that started beside the api.
    const browser = await chromium.launch(config.use?.launchOptions);
    try {
      await Promise.all([
        writeRouteTables(),
        waitForHealth("The partners' webhook", PARTNER_URL),
        waitForHealth('The test-runner', TEST_RUNNER_URL),
        waitForHealth('The device gateway', GATEWAY_OSMAND_URL),
        ...STAFF_ROLES.map(async (role) => {
          await signIns;
          const context = await browser.newContext({ baseURL: DASHBOARD_URL });
          const page = await context.newPage();
          const { email, password } = demo(role);
          await page.goto('/login');
          await page.getByLabel('Email').fill(email);
          await page.getByLabel('Password').fill(password);
          await page.getByRole('button', { name: 'Login' }).click();
          await expect(page).toHaveURL(/\/agent\/clients\/all$/, { timeout: 30_000 });
          mkdirSync(dirname(sessionFile(role)), { recursive: true });
          await context.storageState({ path: sessionFile(role) });
          await context.close();
        }),
      ]);
    } finally {
      await browser.close();
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}
