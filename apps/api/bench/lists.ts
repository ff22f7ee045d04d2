/*
 * pnpm --filter @sentinel/api bench [runs]
 *
 * Are the lists quick at scale, on both engines? Builds the same data on SQLite (a temporary file)
 * and on PostgreSQL (a temporary server from Debian's postgresql package, or a fresh database on
 * the server of DATABASE_URL): 100,000 account holders and 150,000 vehicles (two thirds with a
 * device and two history entries, one vehicle with 2,000 entries). Then times the main list calls
 * through app.inject (auth, OData compile, SQL, serialisation), p50/p95 over `runs` (default 30),
 * and prints both engines side by side.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { build } from '../src/app';
import type { BuildOptions } from '../src/app';
import { createDatabase } from '../src/db/database';
import { onServer } from '@sentinel/database';
import { migrateToLatest } from '../src/db/migrations';
import { startTemporaryPostgres } from '@sentinel/database/temporary-postgres';
import { BUSY_VEHICLE_ENTRIES, loadBigData } from './big-data';

const RUNS = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 30);

function log(text: string) {
  process.stdout.write(`${text}\n`);
}

async function tokenOf(app: FastifyInstance): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/Auth/SignInByEmail',
    payload: { email: 'admin@sentinel.demo', password: 'Sentinel#Admin1' },
  });
  return response.json<{ accessToken: string }>().accessToken;
}

interface Scenario {
  name: string;
  url: string;
  query: Record<string, string>;
}

const HOLDER_FILTER = "role eq 'Account-Holder'";

const scenarios: Scenario[] = [
  {
    name: 'users: active tab, Latest, page 0',
    url: '/Users',
    query: {
      $filter: `${HOLDER_FILTER} and totalNumberOfVehiclesWithDevice gt 0`,
      $orderby: 'createdOnDateTime desc',
      $pagesize: '50',
    },
  },
  {
    name: 'users: A - Z, page 0',
    url: '/Users',
    query: { $filter: HOLDER_FILTER, $orderby: 'firstName asc, lastName asc', $pagesize: '50' },
  },
  {
    name: "users: search 'khum', Latest",
    url: '/Users',
    query: {
      $filter: `${HOLDER_FILTER} and (contains(firstName, 'khum') or contains(lastName, 'khum'))`,
      $pagesize: '50',
    },
  },
  {
    name: 'vehicles: Booking-Pending, Latest',
    url: '/Vehicles',
    query: {
      $filter: "onBoardingStatus eq 'Booking-Pending'",
      $orderby: 'createdOnDateTime desc',
      $pagesize: '50',
    },
  },
  {
    name: `history of one vehicle (${BUSY_VEHICLE_ENTRIES} entries)`,
    url: '/Vehicles/1/History',
    query: { $orderby: 'dateTime desc' },
  },
];

interface Timing {
  p50: number;
  p95: number;
}

function percentile(sorted: readonly number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;
}

async function time(runs: number, work: () => Promise<unknown>): Promise<Timing> {
  await work();
  const samples: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 0.5), p95: percentile(samples, 0.95) };
}

/** Loads the data into a fresh database of the engine, then times every scenario on it. */
async function benchEngine(
  label: string,
  options: Pick<BuildOptions, 'databaseFile' | 'databaseUrl'>,
): Promise<{ totals: number[]; timings: Timing[] }> {
  const started = performance.now();
  const db = createDatabase({ databaseFile: options.databaseFile ?? '', databaseUrl: options.databaseUrl });
  try {
    await migrateToLatest(db);
    await loadBigData(db);
  } finally {
    await db.destroy();
  }
  log(`${label}: loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const app = await build({ ...options, seed: true });
  try {
    const token = await tokenOf(app);
    const totals: number[] = [];
    const timings: Timing[] = [];
    for (const scenario of scenarios) {
      const inject = async () => {
        const response = await app.inject({
          method: 'GET',
          url: scenario.url,
          query: scenario.query,
          headers: { authorization: `Bearer ${token}` },
        });
        if (response.statusCode !== 200) {
          throw new Error(`${label}, ${scenario.name}: ${response.statusCode} ${response.body}`);
        }
        return response.json<{ totalCount: number }>().totalCount;
      };
      totals.push(await inject());
      timings.push(await time(RUNS, inject));
    }
    return { totals, timings };
  } finally {
    await app.close();
  }
}

/** A PostgreSQL server to bench on: DATABASE_URL's, or a temporary one. */
async function postgresServer(): Promise<{ serverUrl: string; stop: () => Promise<void> }> {
  const given = process.env['DATABASE_URL']?.trim();
  if (given !== undefined && given !== '') return { serverUrl: given, stop: () => Promise.resolve() };
  const server = await startTemporaryPostgres();
  return { serverUrl: server.url('postgres'), stop: () => server.stop() };
}

const format = ({ p50, p95 }: Timing) => `${p50.toFixed(1).padStart(7)} / ${p95.toFixed(1).padStart(7)}`;

const dir = mkdtempSync(join(tmpdir(), 'sentinel-bench-'));
const postgres = await postgresServer();
// A database of the bench's own on that server, dropped afterwards: it never touches other data.
const benchDatabase = `sentinel_bench_${randomUUID().replaceAll('-', '')}`;
try {
  const sqliteResult = await benchEngine('SQLite', { databaseFile: join(dir, 'bench.db') });
  await onServer(postgres.serverUrl, `create database ${benchDatabase}`);
  const url = new URL(postgres.serverUrl);
  url.pathname = `/${benchDatabase}`;
  const postgresResult = await benchEngine('PostgreSQL', { databaseUrl: url.href });

  log('');
  log(`p50 / p95 in ms over ${RUNS} runs. Node ${process.version}, ${process.platform}.`);
  log('');
  log(`| ${'scenario'.padEnd(40)} | matches | SQLite            | PostgreSQL        | PG/SQLite p95 |`);
  log(`| ${'-'.repeat(40)} | ------: | ----------------: | ----------------: | ------------: |`);
  scenarios.forEach((scenario, index) => {
    const sqliteTotal = sqliteResult.totals[index]!;
    const postgresTotal = postgresResult.totals[index]!;
    const matches = sqliteTotal === postgresTotal ? String(sqliteTotal) : `${sqliteTotal} ≠ ${postgresTotal}`;
    const lite = sqliteResult.timings[index]!;
    const pg = postgresResult.timings[index]!;
    log(
      `| ${scenario.name.padEnd(40)} | ${matches.padStart(7)} | ${format(lite)} | ${format(pg)} | ${(pg.p95 / lite.p95).toFixed(2).padStart(12)}x |`,
    );
  });
} finally {
  await onServer(postgres.serverUrl, `drop database if exists ${benchDatabase} with (force)`).catch(
    () => undefined,
  );
  await postgres.stop();
  rmSync(dir, { recursive: true, force: true });
}
