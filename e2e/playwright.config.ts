import { defineConfig } from '@playwright/test';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Browser tests run the real product: the api on a fresh SQLite file seeded with the demo data, and
// each app's dev server pointed at it. Ports sit apart from `npm start`'s so both can run at once.
export const API_URL = 'http://127.0.0.1:5280';
export const DASHBOARD_URL = 'http://127.0.0.1:5281';
// Set once in the main process; the workers inherit it, so tests reach the same database file.
process.env.SENTINEL_E2E_DATABASE ??= join(tmpdir(), `sentinel-e2e-${Date.now()}.db`);
export const DATABASE_FILE = process.env.SENTINEL_E2E_DATABASE;

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results/artifacts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    baseURL: DASHBOARD_URL,
    trace: 'retain-on-failure',
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
  webServer: [
    {
      command: 'pnpm --filter @sentinel/api start',
      url: `${API_URL}/health`,
      // The simulator stays off so every change on screen comes from the test itself.
      env: { PORT: '5280', DATABASE_FILE, SIMULATOR: 'off' },
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: 'pnpm --filter @sentinel/dashboard exec vite --port 5281 --strictPort --host 127.0.0.1',
      url: DASHBOARD_URL,
      env: { SENTINEL_API_URL: API_URL },
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
});
