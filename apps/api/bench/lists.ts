/*
 * pnpm --filter @sentinel/api bench [runs]
 *
 * Are the lists quick at scale? Builds a temporary SQLite database with 100,000 account holders
 * and 150,000 vehicles (two thirds with a device, some history each, one vehicle with 2,000
 * entries), then times the main list calls through app.inject, p50/p95 over `runs` (default 30).
 *
 * Two naive peers run the same scenarios in the same process, so the figures mean something:
 *  - "no indexes": the very same requests against a copy of the database without this issue's
 *    indexes (what the SQL costs when it has to scan);
 *  - "JS-side": what a list costs when the server loads every candidate row and filters, sorts
 *    and pages in JavaScript with the domain's sortUsers/matchesSearch, as a client-side list would.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { matchesSearch, ROLE, SORT_OPTION, sortUsers } from '@sentinel/domain';
import { build } from '../src/app';
import { createDatabase } from '../src/db/database';
import { FIRST_NAMES, LAST_NAMES } from '../src/db/seed/generators';
import { migrateToLatest } from '../src/db/migrations';

const RUNS = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 30);
const HOLDERS = 100_000;
const VEHICLES = 150_000;
const BUSY_VEHICLE_ENTRIES = 2_000;

const MAKES = ['Toyota', 'Volkswagen', 'Ford', 'Suzuki', 'Nissan', 'Hyundai', 'Isuzu', 'BMW', 'Kia', 'Haval'];

const dir = mkdtempSync(join(tmpdir(), 'sentinel-bench-'));
const file = join(dir, 'bench.db');
const bareFile = join(dir, 'bench-no-indexes.db');

function log(text: string) {
  process.stdout.write(`${text}\n`);
}

async function createBigDatabase() {
  const started = performance.now();
  const db = createDatabase({ databaseFile: file });
  await migrateToLatest(db);
  await db.destroy();

  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = OFF');
  const roles = ['Admin', 'Technical-Agent', 'Company-Admin', 'Account-Holder'];
  const insertRole = sqlite.prepare('insert or ignore into roles (name) values (?)');
  for (const role of roles) insertRole.run(role);
  const holderRole = (
    sqlite.prepare('select id from roles where name = ?').get(ROLE.accountHolder) as { id: number }
  ).id;

  const base = Date.UTC(2023, 0, 1);
  sqlite.transaction(() => {
    const user = sqlite.prepare(
      'insert into users (id, email, first_name, last_name, phone_number, id_number, created_on_date_time, tamper_active) values (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    const link = sqlite.prepare('insert into user_roles (user_id, role_id) values (?, ?)');
    for (let i = 1; i <= HOLDERS; i += 1) {
      const first = FIRST_NAMES[i % FIRST_NAMES.length]!;
      const last = LAST_NAMES[(i * 7) % LAST_NAMES.length]!;
      user.run(
        1000 + i,
        `holder${i}@bench.example`,
        first,
        last,
        `82${String(i).padStart(7, '0')}`,
        '8001015800084',
        new Date(base + i * 600_000).toISOString(),
        i % 97 === 0 ? 1 : 0,
      );
      link.run(1000 + i, holderRole);
    }
  })();

  sqlite.transaction(() => {
    const vehicle = sqlite.prepare(
      'insert into vehicles (id, user_id, registration_number, make, model, make_variant, registration_year, vehicle_colour, onboarding_status, tamper_active, created_on_date_time) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    const device = sqlite.prepare(
      'insert into devices (serial_number, vehicle_id, active, created_on_date_time) values (?, ?, 1, ?)',
    );
    const history = sqlite.prepare(
      'insert into vehicle_history (vehicle_id, date_time, type, is_locked) values (?, ?, ?, ?)',
    );
    for (let v = 1; v <= VEHICLES; v += 1) {
      // Holders 1..90,000 own the vehicles (some two or three); the last 10,000 have none.
      const owner = 1000 + ((v * 7919) % 90_000) + 1;
      const stage = v % 3 === 0 ? (v % 2 === 0 ? 'Booking-Pending' : 'Scheduled') : null;
      const created = new Date(base + v * 400_000).toISOString();
      const make = MAKES[v % MAKES.length]!;
      vehicle.run(
        v,
        owner,
        `CA ${String(v).padStart(6, '0')}`,
        make,
        'Model',
        `${make} Model 1.0`,
        '2020',
        'White',
        stage,
        0,
        created,
      );
      if (stage === null) {
        device.run(`SNT-${String(v).padStart(6, '0')}`, v, created);
        history.run(v, new Date(base + v * 400_000 + 60_000).toISOString(), 'LockState', 1);
        history.run(v, new Date(base + v * 400_000 + 120_000).toISOString(), 'LockState', 0);
      }
    }
    for (let e = 0; e < BUSY_VEHICLE_ENTRIES; e += 1) {
      history.run(
        1,
        new Date(base + e * 3_600_000).toISOString(),
        e % 10 === 0 ? 'TamperAlert' : 'LockState',
        e % 2,
      );
    }
  })();
  // The maintained counters, recomputed once from the rows.
  sqlite.exec(`
    update users set
      vehicles_with_device_count = (select count(*) from vehicles inner join devices on devices.vehicle_id = vehicles.id where vehicles.user_id = users.id),
      vehicles_without_device_count = (select count(*) from vehicles where vehicles.user_id = users.id and not exists (select 1 from devices where devices.vehicle_id = vehicles.id));
    analyze;
  `);
  // The naive peer: the same data without this indexes.
  sqlite.prepare('vacuum into ?').run(bareFile);
  sqlite.close();
  const bare = new SQLite(bareFile);
  const ours = bare
    .prepare(
      "select name from sqlite_master where type = 'index' and sql is not null and tbl_name in ('users','user_roles','vehicles','devices','vehicle_history') and name <> 'users_email_lower_unique' and name <> 'devices_serial_lower_unique'",
    )
    .all() as { name: string }[];
  for (const { name } of ours) bare.exec(`drop index "${name}"`);
  bare.exec('analyze');
  bare.close();
  log(
    `Built ${HOLDERS.toLocaleString('en')} account holders and ${VEHICLES.toLocaleString('en')} vehicles in ${((performance.now() - started) / 1000).toFixed(1)} s (dropped ${ours.length} indexes in the peer).`,
  );
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
  /** The same answer computed in JavaScript from every candidate row. */
  jsSide?: (sqlite: SQLite.Database) => number;
}

const HOLDER_FILTER = "role eq 'Account-Holder'";

function allHolders(sqlite: SQLite.Database) {
  return (
    sqlite
      .prepare(
        "select users.id, first_name as firstName, last_name as lastName, created_on_date_time as createdOnDateTime, tamper_active as tamperActive, (select count(*) from vehicles inner join devices on devices.vehicle_id = vehicles.id where vehicles.user_id = users.id) as withDevice from users inner join user_roles on user_roles.user_id = users.id inner join roles on roles.id = user_roles.role_id where roles.name = 'Account-Holder'",
      )
      .all() as {
      id: number;
      firstName: string;
      lastName: string;
      createdOnDateTime: string;
      tamperActive: number;
      withDevice: number;
    }[]
  ).map((row) => ({ ...row, tamperActive: row.tamperActive === 1 }));
}

const scenarios: Scenario[] = [
  {
    name: 'users: active tab, Latest, page 0',
    url: '/Users',
    query: {
      $filter: `${HOLDER_FILTER} and totalNumberOfVehiclesWithDevice gt 0`,
      $orderby: 'createdOnDateTime desc',
      $pagesize: '50',
    },
    jsSide: (sqlite) =>
      sortUsers(
        allHolders(sqlite).filter((user) => user.withDevice > 0),
        SORT_OPTION.latest,
      ).slice(0, 50).length,
  },
  {
    name: 'users: A - Z, page 0',
    url: '/Users',
    query: { $filter: HOLDER_FILTER, $orderby: 'firstName asc, lastName asc', $pagesize: '50' },
    jsSide: (sqlite) => sortUsers(allHolders(sqlite), SORT_OPTION.aToZ).slice(0, 50).length,
  },
  {
    name: "users: search 'khum', Latest",
    url: '/Users',
    query: {
      $filter: `${HOLDER_FILTER} and (contains(firstName, 'khum') or contains(lastName, 'khum'))`,
      $pagesize: '50',
    },
    jsSide: (sqlite) =>
      sortUsers(
        allHolders(sqlite).filter((user) => matchesSearch('khum', user.firstName, user.lastName)),
        SORT_OPTION.latest,
      ).slice(0, 50).length,
  },
  {
    name: 'vehicles: Booking-Pending, Latest',
    url: '/Vehicles',
    query: {
      $filter: "onBoardingStatus eq 'Booking-Pending'",
      $orderby: 'createdOnDateTime desc',
      $pagesize: '50',
    },
    jsSide: (sqlite) =>
      (
        sqlite
          .prepare(
            'select vehicles.*, users.first_name, users.last_name from vehicles inner join users on users.id = vehicles.user_id',
          )
          .all() as { onboarding_status: string | null; created_on_date_time: string }[]
      )
        .filter((vehicle) => vehicle.onboarding_status === 'Booking-Pending')
        .sort((a, b) => b.created_on_date_time.localeCompare(a.created_on_date_time))
        .slice(0, 50).length,
  },
  {
    name: `history of one vehicle (${BUSY_VEHICLE_ENTRIES} entries)`,
    url: '/Vehicles/1/History',
    query: { $orderby: 'dateTime desc' },
  },
];

function percentile(sorted: readonly number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;
}

async function time(
  runs: number,
  work: () => Promise<unknown> | unknown,
): Promise<{ p50: number; p95: number }> {
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

const format = ({ p50, p95 }: { p50: number; p95: number }) =>
  `${p50.toFixed(1).padStart(7)} / ${p95.toFixed(1).padStart(7)}`;

try {
  await createBigDatabase();
  const indexed = await build({ databaseFile: file, seed: true });
  const bare = await build({ databaseFile: bareFile, seed: true });
  const jsDb = new SQLite(bareFile.replace('bench-no-indexes', 'bench'), { readonly: true });
  try {
    const tokens = { indexed: await tokenOf(indexed), bare: await tokenOf(bare) };
    const rows: string[] = [];
    for (const scenario of scenarios) {
      const inject = (app: FastifyInstance, token: string) => async () => {
        const response = await app.inject({
          method: 'GET',
          url: scenario.url,
          query: scenario.query,
          headers: { authorization: `Bearer ${token}` },
        });
        if (response.statusCode !== 200)
          throw new Error(`${scenario.name}: ${response.statusCode} ${response.body}`);
        return response.json<{ totalCount: number }>().totalCount;
      };
      const total = await inject(indexed, tokens.indexed)();
      const ours = await time(RUNS, inject(indexed, tokens.indexed));
      const noIndexes = await time(Math.max(5, Math.floor(RUNS / 3)), inject(bare, tokens.bare));
      const js = scenario.jsSide ? format(await time(5, () => scenario.jsSide!(jsDb))) : '      — /       —';
      rows.push(
        `| ${scenario.name.padEnd(40)} | ${String(total).padStart(7)} | ${format(ours)} | ${format(noIndexes)} | ${js} |`,
      );
    }
    log('');
    log(
      `p50 / p95 in ms; ours over ${RUNS} runs, the peers over fewer (they are slow). Node ${process.version}, ${process.platform}.`,
    );
    log('');
    log(
      `| ${'scenario'.padEnd(40)} | matches | ours (indexed SQL) | no indexes        | JS-side           |`,
    );
    log(`| ${'-'.repeat(40)} | ------: | ----------------: | ----------------: | ----------------: |`);
    for (const row of rows) log(row);
  } finally {
    jsDb.close();
    await indexed.close();
    await bare.close();
  }
} finally {
  // BENCH_KEEP=1 keeps the databases to look at query plans.
  if (process.env['BENCH_KEEP'] === '1') log(`Kept ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
}
