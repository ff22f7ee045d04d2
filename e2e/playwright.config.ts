import { defineConfig } from '@playwright/test';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Browser tests run the real product: the api on a fresh SQLite file seeded with the demo data, and
// each app's production build (apps/<app>/dist, served by global-setup.ts) pointed at it. Ports sit
// apart from `npm start`'s so both can run at once.
export const API_URL = 'http://127.0.0.1:5280';
export const DASHBOARD_URL = 'http://127.0.0.1:5281';
// The customer app: sign-up, phone confirmation and the password screens.
export const SIGNUP_URL = 'http://127.0.0.1:5282';
// Set once in the main process; the workers inherit it, so tests reach the same database file.
process.env.SENTINEL_E2E_DATABASE ??= join(tmpdir(), `sentinel-e2e-${Date.now()}.db`);
export const DATABASE_FILE = process.env.SENTINEL_E2E_DATABASE;
// The burn-in test-runner and the bench app; the runner checks the api's tokens with the same key.
export const TEST_RUNNER_URL = 'http://127.0.0.1:5290';
export const BURNIN_URL = 'http://127.0.0.1:5285';
process.env.SENTINEL_E2E_BENCH_DATABASE ??= join(tmpdir(), `sentinel-e2e-bench-${Date.now()}.db`);
const JWT_SECRET = 'the-browser-tests-shared-signing-key';
// The partners' webhook (tests/partner-webhook-server.mjs): accepts alerts unless told to refuse a vehicle's.
export const PARTNER_URL = 'http://127.0.0.1:5291';
// The device gateway (apps/device-gateway): Teltonika trackers over TCP, OsmAnd (phones) over HTTP,
// which also answers /health. It speaks to the api with a key both are given.
export const GATEWAY_TELTONIKA_PORT = 5292;
export const GATEWAY_OSMAND_URL = 'http://127.0.0.1:5293';
const GATEWAY_KEY = 'the-browser-tests-device-gateway-key';

/**
 * How long the api's access tokens live here: longer than any run, so the saved sessions are never
 * refreshed (two tests refreshing one saved refresh token would be taken for a stolen token).
 */
export const ACCESS_TOKEN_TTL_SECONDS = 6 * 60 * 60;

/** The staff roles global-setup.ts signs in once, through the login screen. */
export const STAFF_ROLES = ['Admin', 'Technical-Agent', 'Company-Admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
/** A role's saved session (Playwright's storageState), written by global-setup.ts. */
export const sessionFile = (role: StaffRole) =>
  join(import.meta.dirname, 'test-results', 'sessions', `${role}.json`);

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  globalTeardown: './global-teardown.ts',
  outputDir: './test-results/artifacts',
  // One test per worker at a time, both cores busy; tests that share data with another are in
  // serial groups or make their own (see README.md).
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    baseURL: DASHBOARD_URL,
    // A failed test keeps its trace: each action with its locator, timing and error, the network
    // and the console. Without the screencast and the DOM snapshots, which every test would pay for
    // to keep only a failure's: the snapshots alone cost the suite about 45 s of its 340 s here
    // (both cores busy). To see the page at each step, run the failing test with `--trace on`.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'journeys' }],
  // Playwright starts these one after another and waits for each server that has a url; the
  // partners' webhook, the test-runner and the device gateway have none here, so they start beside
  // the api, and global-setup.ts waits for their /health while the staff roles sign in.
  webServer: [
    {
      command: 'node tests/partner-webhook-server.mjs',
      env: { PORT: '5291' },
      reuseExistingServer: false,
    },
    {
      command: 'node --import tsx run-bundled.ts apps/test-runner src/server.ts',
      env: {
        PORT: '5290',
        API_URL,
        JWT_SECRET,
        BENCH_DATABASE_FILE: process.env.SENTINEL_E2E_BENCH_DATABASE,
        // Shorter tests (a unit in about 7 s, done by the bench's second 5 s refresh; a retried
        // test still runs long enough to be seen in progress) and known faults, so a run shows
        // progress and the same failures every time: a weak lock relay on one unit, a flat battery
        // on another.
        TEST_DURATION_SCALE: '0.35',
        BENCH_FAULTS: 'SNT-000127=weakLockRelay,SNT-000130=,SNT-000129=flatDeviceBattery',
        // Sound units confirm every lock and unlock here, so the sound unit passes on every run.
        BENCH_COMMAND_FAILURE_RATE: '0',
      },
      reuseExistingServer: false,
    },
    {
      command: 'node --import tsx run-bundled.ts apps/device-gateway src/index.ts',
      env: {
        GATEWAY_API_URL: API_URL,
        GATEWAY_KEY,
        TELTONIKA_PORT: String(GATEWAY_TELTONIKA_PORT),
        OSMAND_PORT: new URL(GATEWAY_OSMAND_URL).port,
        GATEWAY_INSTANCE_ID: 'browser-tests',
        LOG_LEVEL: 'warn',
      },
      reuseExistingServer: false,
    },
    {
      command: 'node --import tsx run-bundled.ts apps/api src/server.ts',
      url: `${API_URL}/health`,
      // The simulator stays off so every change on screen comes from the test itself.
      env: {
        PORT: '5280',
        DATABASE_FILE,
        SIMULATOR: 'off',
        JWT_SECRET,
        // Password links in e-mails open the browser tests' apps.
        SIGNUP_URL,
        DASHBOARD_URL,
        // 'Resend OTP' right after sign-up sends a code (the minute between codes is the api's tests').
        OTP_RESEND_INTERVAL_SECONDS: '0',
        // The apps' origins here (CORS), and the sign-in limits lifted: the suite signs in as a few
        // demo users from one address many times.
        BURNIN_APP_URL: BURNIN_URL,
        AUTH_LIMIT_PER_ADDRESS: '1000000',
        AUTH_LIMIT_PER_ACCOUNT: '1000000',
        AUTH_LIMIT_REFRESH_PER_ADDRESS: '1000000',
        // Aura's alerts go to the partners' test webhook (tests/partner-webhook-server.mjs).
        AURA_WEBHOOK_URL: `${PARTNER_URL}/alerts`,
        AURA_WEBHOOK_SECRET: 'the-browser-tests-partner-secret',
        PARTNER_WEBHOOK_ATTEMPTS: '2',
        ACCESS_TOKEN_TTL_SECONDS: String(ACCESS_TOKEN_TTL_SECONDS),
        // The device gateway speaks for trackers known by IMEI (device-gateway.spec.ts).
        GATEWAY_KEY,
        // An alarm nobody acknowledges reaches the holder's escalation contacts after 6 s
        // (notifications.spec.ts), not 5 minutes.
        NOTIFY_CONTACTS_AFTER_MINUTES: '0.1',
      },
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
});
