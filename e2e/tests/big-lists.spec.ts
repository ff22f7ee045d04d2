// The client list at the bench's scale: 100,000 account holders and 150,000 vehicles. The data is
// written once into a SQLite file in the temp folder (one INSERT … SELECT per table over a
// recursive counter, a few seconds) and reused by later runs; an api of its own serves it, and the
// dashboard is pointed at that api through its appsettings.json.
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { DASHBOARD_URL } from '../playwright.config';
import { bundledApi } from './own-api';
import { demo } from './support';

const BIG_API_PORT = 5580;
const BIG_API_URL = `http://127.0.0.1:${BIG_API_PORT}`;
const HOLDERS = 100_000;
const VEHICLES = 150_000;
/** The file name says what is in it: a change of the data makes a new file. */
const DATABASE = join(tmpdir(), `sentinel-big-lists-${HOLDERS}-${VEHICLES}-v2.db`);
const MAX_NODES = 1_400;

// One INSERT … SELECT per table: holders 1000+, each with the Account-Holder role; vehicles owned
// by the first 90,000 of them (some own two or three), two thirds with a linked device; then the
// holders' vehicle counts, which the list filters on (the api keeps them as it links devices).
const SEED_SQL = `
  INSERT INTO users (id, email, first_name, last_name, phone_number, id_number, created_on_date_time)
  WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${HOLDERS})
  SELECT 1000 + i, 'holder' || i || '@bench.example', 'Holder', 'Number ' || i,
         '82' || substr('0000000' || i, -7), '8001015800084',
         strftime('%Y-%m-%dT%H:%M:%fZ', '2023-01-01', '+' || (i * 10) || ' minutes')
  FROM n;
  INSERT INTO user_roles (user_id, role_id)
  SELECT id, (SELECT id FROM roles WHERE name = 'Account-Holder') FROM users WHERE id > 1000;
  INSERT INTO vehicles (user_id, registration_number, make, model, make_variant, registration_year,
                        vehicle_colour, tamper_active, created_on_date_time)
  WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${VEHICLES})
  SELECT 1000 + ((i * 7919) % 90000) + 1, 'CA ' || substr('000000' || i, -6), 'Toyota', 'Hilux',
         'Toyota Hilux 2.4', '2020', 'White', 0,
         strftime('%Y-%m-%dT%H:%M:%fZ', '2023-01-01', '+' || (i * 7) || ' minutes')
  FROM n;
  INSERT INTO devices (serial_number, vehicle_id, created_on_date_time)
  SELECT 'BENCH-' || id, id, created_on_date_time FROM vehicles WHERE user_id > 1000 AND id % 3 != 0;
  -- Only for the counts below; dropped after, so the schema stays the api's.
  CREATE INDEX bench_devices_vehicle ON devices (vehicle_id);
  UPDATE users SET
    vehicles_with_device_count =
      (SELECT count(*) FROM vehicles v JOIN devices d ON d.vehicle_id = v.id WHERE v.user_id = users.id),
    vehicles_without_device_count = (SELECT count(*) FROM vehicles v WHERE v.user_id = users.id
      AND NOT EXISTS (SELECT 1 FROM devices d WHERE d.vehicle_id = v.id))
  WHERE id > 1000;
  DROP INDEX bench_devices_vehicle;
`;

function run(command: string, args: string[], env: NodeJS.ProcessEnv): void {
  const result = spawnSync(command, args, { env: { ...process.env, ...env }, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status}`);
}

/** The big database, made once: the demo set-up, then the bench's rows in a few statements. */
function ensureDatabase(): void {
  if (existsSync(DATABASE)) return;
  const building = `${DATABASE}.building`;
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${building}${suffix}`, { force: true });
  run(process.execPath, bundledApi('src/db-setup.ts'), { DATABASE_FILE: building });
  // better-sqlite3 is the api's; its own package runs the statements.
  const script = `const db = require('better-sqlite3')(process.env.DATABASE_FILE);
    db.exec('BEGIN'); db.exec(process.env.SEED_SQL); db.exec('COMMIT');
    db.pragma('wal_checkpoint(TRUNCATE)'); db.close();`;
  run('pnpm', ['--filter', '@sentinel/api', 'exec', 'node', '-e', script], {
    DATABASE_FILE: building,
    SEED_SQL,
  });
  renameSync(building, DATABASE);
}

let api: ChildProcess | undefined;

async function healthStatus(): Promise<number> {
  try {
    return (await fetch(`${BIG_API_URL}/health`)).status;
  } catch {
    return 0;
  }
}

test.beforeAll(async () => {
  test.setTimeout(420_000);
  // Another server on the port would answer for this one.
  expect(await healthStatus(), `port ${BIG_API_PORT} is taken`).toBe(0);
  ensureDatabase();
  api = spawn(process.execPath, bundledApi('src/server.ts'), {
    env: {
      ...process.env,
      PORT: String(BIG_API_PORT),
      DATABASE_FILE: DATABASE,
      SIMULATOR: 'off',
      JWT_SECRET: 'the-big-lists-signing-key',
      // The browser tests' dashboard calls it from its own origin.
      CORS_ORIGINS: DASHBOARD_URL,
    },
    stdio: 'ignore',
    detached: true,
  });
  let exited = false;
  api.once('exit', () => {
    exited = true;
  });
  await expect
    .poll(async () => (exited ? -1 : await healthStatus()), { timeout: 120_000, intervals: [100] })
    .toBe(200);
});

test.afterAll(() => {
  if (api?.pid) process.kill(-api.pid, 'SIGTERM');
});

test('the client list holds under 1,400 DOM nodes after scrolling to the 2,000th client', async ({
  page,
}) => {
  test.setTimeout(300_000);
  // The dashboard's settings, with the big api as its base URL.
  await page.route('**/appsettings.json', async (route) => {
    const response = await route.fetch();
    const settings = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ json: { ...settings, baseURL: BIG_API_URL } });
  });
  const { email, password } = demo('Admin');
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  // The big api's first answers come from a cold process.
  await expect(page).toHaveURL(/\/agent\/clients\/all$/, { timeout: 60_000 });

  // The client list's virtual list (the tabs above it are a list too).
  const list = page.getByRole('list', { name: 'Results' });
  await expect(list.getByRole('listitem').first()).toBeVisible({ timeout: 30_000 });
  // Scroll to the end of what is loaded, wait for the next page from the server, and again, until
  // the 2,000th client exists; aria-setsize says how many are loaded. The loop runs in the page,
  // looking for the next page every frame: a round trip from the test per check would cost more
  // than the page takes to arrive, a hundred times over.
  await list.evaluate(
    async (element, { wanted, pageTimeoutMs }) => {
      // The list's scroll area is its parent (the UI kit's VirtualList).
      const scroller = element.parentElement ?? element;
      const loaded = () => Number(element.querySelector('[aria-setsize]')?.getAttribute('aria-setsize') ?? 0);
      const nextFrame = () => new Promise((resolve) => setTimeout(resolve, 16));
      for (let count = loaded(); count < wanted; count = loaded()) {
        scroller.scrollTop = scroller.scrollHeight;
        const deadline = performance.now() + pageTimeoutMs;
        while (loaded() <= count) {
          if (performance.now() > deadline) throw new Error(`No page after the first ${count} clients`);
          await nextFrame();
        }
      }
    },
    { wanted: 2_000, pageTimeoutMs: 30_000 },
  );
  const target = list.locator('[role="listitem"][aria-posinset="2000"]');
  await expect(async () => {
    await list.evaluate((element) => {
      const scroller = element.parentElement ?? element;
      scroller.scrollTop =
        (2_000 / Number(element.firstElementChild?.getAttribute('aria-setsize') ?? 1)) *
        scroller.scrollHeight;
    });
    await expect(target).toBeAttached({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await target.scrollIntoViewIfNeeded();
  await expect(target).toBeVisible();

  const nodes = await page.evaluate(() => document.getElementsByTagName('*').length);
  console.log(`DOM nodes with the 2,000th client on screen: ${nodes}`);
  expect(nodes).toBeLessThan(MAX_NODES);
});
