// Servers of a test's own, on their own ports: an api with its own database file, for data or
// settings the suite's shared api must not have (a big fleet, the simulator running).
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';
import { DASHBOARD_URL } from '../playwright.config';

function run(command: string, args: string[], env: NodeJS.ProcessEnv): void {
  const result = spawnSync(command, args, { env: { ...process.env, ...env }, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status}`);
}

/** `node` arguments that run an entry of the api from its cached bundle (run-bundled.ts). */
export const bundledApi = (entry: string) => [
  '--import',
  'tsx',
  fileURLToPath(new URL('../run-bundled.ts', import.meta.url)),
  'apps/api',
  entry,
];

/** The api's own set-up (migrations and the demo data) on a database file, as `pnpm db:setup`. */
export function setUpDemoDatabase(databaseFile: string): void {
  run(process.execPath, bundledApi('src/db-setup.ts'), { DATABASE_FILE: databaseFile });
}

/** Runs SQL statements in one transaction on a SQLite database file, with the api's better-sqlite3. */
export function runSql(databaseFile: string, statements: string): void {
  const script = `const db = require('better-sqlite3')(process.env.DATABASE_FILE);
    db.exec('BEGIN'); db.exec(process.env.STATEMENTS); db.exec('COMMIT');
    db.pragma('wal_checkpoint(TRUNCATE)'); db.close();`;
  run('pnpm', ['--filter', '@sentinel/api', 'exec', 'node', '-e', script], {
    DATABASE_FILE: databaseFile,
    STATEMENTS: statements,
  });
}

export interface OwnServer {
  url: string;
  /** Stops the server and the process that started it. */
  stop(): void;
}

async function answers(url: string): Promise<number> {
  try {
    return (await fetch(url)).status;
  } catch {
    return 0;
  }
}

/** Starts `node` with `args` in its own process group and waits until `readyUrl` answers 200. */
async function startServer(
  args: string[],
  env: NodeJS.ProcessEnv,
  url: string,
  readyUrl: string,
): Promise<OwnServer> {
  // Another server on the port would answer for this one.
  expect(await answers(readyUrl), `${url} is taken`).toBe(0);
  const server = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: 'ignore',
    // Its own process group, so stop() ends the server with the process that started it.
    detached: true,
  });
  let exited = false;
  server.once('exit', () => {
    exited = true;
  });
  // Asked every 100 ms: the default back-off to a second would keep a ready server waiting.
  await expect
    .poll(async () => (exited ? -1 : await answers(readyUrl)), { timeout: 120_000, intervals: [100] })
    .toBe(200);
  return {
    url,
    stop() {
      if (server.pid !== undefined && !exited) process.kill(-server.pid, 'SIGTERM');
    },
  };
}

/**
 * Starts the api as `pnpm --filter @sentinel/api start` would, from its bundle, with these settings
 * (and the browser tests' dashboard among its origins) and waits until it answers.
 */
export function startOwnApi(port: number, env: NodeJS.ProcessEnv): Promise<OwnServer> {
  const url = `http://127.0.0.1:${port}`;
  return startServer(
    bundledApi('src/server.ts'),
    { PORT: String(port), CORS_ORIGINS: DASHBOARD_URL, ...env },
    url,
    `${url}/health`,
  );
}
