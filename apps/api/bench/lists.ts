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
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { ROLE } from '@sentinel/domain';
import { build } from '../src/app';
import type { BuildOptions } from '../src/app';
import { createDatabase, dialectOf } from '../src/db/database';
import { onServer } from '@sentinel/database';
import { migrateToLatest } from '../src/db/migrations';
import type { Database } from '../src/db/schema';
import { FIRST_NAMES, LAST_NAMES } from '../src/db/seed/generators';
import { seedRoles } from '../src/db/seed';
import { startTemporaryPostgres } from '@sentinel/database/temporary-postgres';

const RUNS = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 30);
const HOLDERS = 100_000;
const VEHICLES = 150_000;
const BUSY_VEHICLE_ENTRIES = 2_000;
/** Rows per insert: well under both engines' limits on bound parameters per statement. */
const CHUNK = 1_000;

const MAKES = ['Toyota', 'Volkswagen', 'Ford', 'Suzuki', 'Nissan', 'Hyundai', 'Isuzu', 'BMW', 'Kia', 'Haval'];

function log(text: string) {
  process.stdout.write(`${text}\n`);
}

async function insertChunked<T>(rows: readonly T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK) {
    await insert(rows.slice(start, start + CHUNK));
  }
}

/** The bench data, written through Kysely so both engines get the very same rows. */
async function loadBigData(db: Kysely<Database>): Promise<void> {
  await seedRoles(db);
  const { id: holderRole } = await db
    .selectFrom('roles')
    .select('id')
    .where('name', '=', ROLE.accountHolder)
    .executeTakeFirstOrThrow();
  const base = Date.UTC(2023, 0, 1);
  const holders = Array.from({ length: HOLDERS }, (_, index) => {
    const i = index + 1;
    return {
      id: 1000 + i,
      email: `holder${i}@bench.example`,
      firstName: FIRST_NAMES[i % FIRST_NAMES.length]!,
      lastName: LAST_NAMES[(i * 7) % LAST_NAMES.length]!,
      phoneNumber: `82${String(i).padStart(7, '0')}`,
      idNumber: '8001015800084',
      createdOnDateTime: new Date(base + i * 600_000).toISOString(),
      tamperActive: i % 97 === 0 ? (1 as const) : (0 as const),
    };
  });
  const vehicles = Array.from({ length: VEHICLES }, (_, index) => {
    const v = index + 1;
    // Holders 1..90,000 own the vehicles (some two or three); the last 10,000 have none.
    const owner = 1000 + ((v * 7919) % 90_000) + 1;
    const stage = v % 3 === 0 ? (v % 2 === 0 ? ('Booking-Pending' as const) : ('Scheduled' as const)) : null;
    const make = MAKES[v % MAKES.length]!;
    return {
      id: v,
      userId: owner,
      registrationNumber: `CA ${String(v).padStart(6, '0')}`,
      make,
      model: 'Model',
      makeVariant: `${make} Model 1.0`,
      registrationYear: '2020',
      vehicleColour: 'White',
      onboardingStatus: stage,
      tamperActive: 0 as const,
      createdOnDateTime: new Date(base + v * 400_000).toISOString(),
    };
  });
  const installed = vehicles.filter(({ onboardingStatus }) => onboardingStatus === null);
  const history = [
    ...installed.flatMap(({ id }) => [
      {
        vehicleId: id,
        dateTime: new Date(base + id * 400_000 + 60_000).toISOString(),
        type: 'LockState',
        isLocked: 1 as const,
      },
      {
        vehicleId: id,
        dateTime: new Date(base + id * 400_000 + 120_000).toISOString(),
        type: 'LockState',
        isLocked: 0 as const,
      },
    ]),
    ...Array.from({ length: BUSY_VEHICLE_ENTRIES }, (_, e) => ({
      vehicleId: 1,
      dateTime: new Date(base + e * 3_600_000).toISOString(),
      type: e % 10 === 0 ? 'TamperAlert' : 'LockState',
      isLocked: (e % 2) as 0 | 1,
    })),
  ];

  await db.transaction().execute(async (trx) => {
    await insertChunked(holders, (chunk) => trx.insertInto('users').values(chunk).execute());
    await insertChunked(holders, (chunk) =>
      trx
        .insertInto('userRoles')
        .values(chunk.map(({ id }) => ({ userId: id, roleId: holderRole })))
        .execute(),
    );
    await insertChunked(vehicles, (chunk) => trx.insertInto('vehicles').values(chunk).execute());
    await insertChunked(installed, (chunk) =>
      trx
        .insertInto('devices')
        .values(
          chunk.map(({ id, createdOnDateTime }) => ({
            serialNumber: `SNT-${String(id).padStart(6, '0')}`,
            vehicleId: id,
            active: 1 as const,
            createdOnDateTime,
          })),
        )
        .execute(),
    );
    await insertChunked(history, (chunk) => trx.insertInto('vehicleHistory').values(chunk).execute());
    // The maintained counters, recomputed once from the rows.
    await sql`
      update users set
        vehicles_with_device_count = (select count(*) from vehicles inner join devices on devices.vehicle_id = vehicles.id where vehicles.user_id = users.id),
        vehicles_without_device_count = (select count(*) from vehicles where vehicles.user_id = users.id and not exists (select 1 from devices where devices.vehicle_id = vehicles.id))
    `.execute(trx);
  });
  // The demo seed adds its users and vehicles after these, with ids the database numbers.
  for (const table of ['users', 'vehicles']) {
    await dialectOf(db).continueIdsAfterMax(db as Kysely<unknown>, table);
  }
  // Fresh statistics, as a long-running database has, so the planners know the sizes.
  await dialectOf(db).refreshStatistics(db as Kysely<unknown>);
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
