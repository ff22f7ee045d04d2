// A developer outside the workspace: a fresh Vite + React app that installs the packed packages with
// npm, builds the README's example page, and runs it in Chromium against a real api.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import axe from 'axe-core';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { demoSignIn, freePort, startApi, startTestHost } from '@sentinel/testing';
import type { RunningApi, TestHost } from '@sentinel/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { envWithoutPackageManager, run, workspaceRoot } from './run';

const appTemplate = join(workspaceRoot, 'packages', 'consumer-test', 'app');

let appDir: string;
let host: TestHost;
let api: RunningApi;
let apiReady: Promise<void> | undefined;
let preview: ChildProcess | undefined;
let browser: Browser;
let page: Page;

async function waitForServer(url: string): Promise<void> {
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function contrastViolations(): Promise<string[]> {
  await page.addScriptTag({ content: axe.source });
  return page.evaluate(async () => {
    const result = await window.axe.run(document, { runOnly: ['color-contrast'] });
    return result.violations.flatMap((violation) => violation.nodes.map((node) => node.failureSummary ?? ''));
  });
}

declare global {
  interface Window {
    axe: typeof axe;
  }
}

beforeAll(async () => {
  const tarballs = inject('tarballs');
  // The api starts while npm installs and builds: the two do not wait on each other.
  apiReady = (async () => {
    host = await startTestHost();
    api = await startApi();
  })();
  // Awaited below; a failed install must not leave its rejection unhandled.
  apiReady.catch(() => undefined);
  appDir = await mkdtemp(join(tmpdir(), 'sentinel-consumer-'));
  await cp(appTemplate, appDir, { recursive: true });
  // What `npm install <tarballs> react react-dom` and `npm install --save-dev vite …` would write,
  // installed by one npm run, as another team would, outside the workspace and without pnpm's settings.
  await writeFile(
    join(appDir, 'package.json'),
    JSON.stringify({
      name: 'fleet',
      private: true,
      type: 'module',
      scripts: { build: 'tsc && vite build' },
      dependencies: {
        '@sentinel/domain': `file:${tarballs.domain}`,
        '@sentinel/api-sdk': `file:${tarballs['api-sdk']}`,
        '@sentinel/ui': `file:${tarballs.ui}`,
        react: '^19',
        'react-dom': '^19',
      },
      devDependencies: {
        vite: '^7',
        '@vitejs/plugin-react': '^5',
        typescript: '~5.9',
        '@types/react': '^19',
        '@types/react-dom': '^19',
      },
    }),
  );
  const npmEnv = envWithoutPackageManager();
  await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], appDir, npmEnv);
  await run('npm', ['run', 'build'], appDir, npmEnv);
  await apiReady;
  // What a deployment does: point the built app at the api without rebuilding.
  await writeFile(join(appDir, 'dist', 'appsettings.json'), JSON.stringify({ baseURL: api.url }));
  const port = await freePort();
  preview = spawn(
    join(appDir, 'node_modules', '.bin', 'vite'),
    ['preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
    {
      cwd: appDir,
      stdio: 'ignore',
    },
  );
  const url = `http://127.0.0.1:${port}/`;
  await waitForServer(url);

  browser = await chromium.launch({ executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium' });
  page = await browser.newPage();
  // The page's errors in the test output, so a failure says what the browser saw.
  page.on('console', (message) => {
    if (message.type() === 'error') console.log(`page: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (!response.ok()) console.log(`page: ${response.status()} ${response.url()}`);
  });
  await page.goto(url);
});

afterAll(async () => {
  await apiReady?.catch(() => undefined);
  await browser?.close();
  preview?.kill();
  await api?.close();
  await host?.close();
  if (appDir !== undefined) await rm(appDir, { recursive: true, force: true });
});

describe('given the example page built from the packed packages', () => {
  it('signs in through the SDK', async () => {
    const admin = demoSignIn('Admin');
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Clients' }).waitFor();
  });

  it('lists the clients the api holds', async () => {
    const clients = page.getByRole('list', { name: 'Clients' }).getByRole('listitem');
    await clients.first().waitFor();
    expect(await clients.count()).toBeGreaterThan(0);
  });

  it('moves the vehicle card when the live hub sends a new position', async () => {
    await page.getByText('Live updates: Connected').waitFor();
    const card = page.getByRole('region', { name: 'Live vehicle' });
    // Nicknames repeat across the demo fleet; the registration number names one vehicle.
    const vehicles = await api.vehicles();
    const shown = await Promise.all(
      vehicles.map(async (row) =>
        (await card.getByText(row.registrationNumber, { exact: true }).count()) > 0 ? row : null,
      ),
    );
    const vehicle = shown.find((row) => row !== null);
    if (vehicle === undefined || vehicle === null)
      throw new Error('The card shows no known registration number');
    await api.recordGpsFix({ vehicleId: vehicle.id, latitude: -33.9249, longitude: 18.4241 });
    await card.getByText('-33.9249, 18.4241').waitFor();
  });

  it('has readable colours in the light theme', async () => {
    expect(await contrastViolations()).toEqual([]);
  });

  it('switches to the dark theme by the kit tokens and keeps the colours readable', async () => {
    const lightBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await page.getByRole('switch', { name: 'Dark theme' }).click();
    await page.waitForFunction(() => document.documentElement.dataset['theme'] === 'dark');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(
      lightBackground,
    );
    expect(await contrastViolations()).toEqual([]);
  });
});
