/*
 * pnpm --filter @sentinel/api bench:health [runs=2]
 *
 * Whether any one staff request of the largest size the api accepts holds its event loop. The api
 * runs in this process on a SQLite file made on the first run and reused after:
 * apps/api/.data/bench/health-under-load.db (git-ignored; HEALTH_BENCH_DB names another). It starts
 * as a copy of the month replay's file when that exists (run `bench:replay --month` once first, or
 * the replay rows are left out), then gets, in a company of the demo Company-Admin, 50,000 account
 * holders each with a vehicle and a device, one vehicle with a year of history every 5 minutes
 * (105,120 entries), 5,000 more companies and 200,000 audit entries.
 *
 * A second process polls GET /health every 10 ms. The bench measures /health idle, then during each
 * request, as the Company-Admin and as the Admin (a request a role may not make is left out):
 * - GET /Vehicles/{id}/History/Csv of the dense vehicle (the file holds the whole history);
 * - every list at $pagesize=500 with a $filter of 2,000 characters (MAX_LENGTH.filter) whose last
 *   term matches every row, and an $orderby naming every order field;
 * - an import of IMPORT_MAX_ROWS (10,000) rows: POST /Imports, PUT its Mapping, GET Errors/Csv and
 *   Report/Csv, POST Start until the worker has written the last batch (the Company-Admin's daily
 *   row budget is raised so reruns are not throttled; it is not what is measured);
 * - GET /Vehicles/{id}/Replay/Fixes and Trips over the 31 days of the month replay.
 * Each row prints the request's duration and /health's p50, p99 and max while it ran.
 */
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { IMPORT_FIELD_KEYS, MAX_LENGTH, MAX_PAGE_SIZE, ROLE } from '@sentinel/domain';
import type { ImportJob, RoleName } from '@sentinel/domain';
import type { Database } from '../src/db/schema';
import { DEMO_SIGN_INS } from '../src/db/seed';
import { ms, pollHealth, summary } from './health-probe';
import { DEFAULT_IMPORT_LIMITS } from '../src/imports/import-limits';
import { signIn, startApi, stopApi } from '../src/live/test-support';
import type { RunningApi } from '../src/live/test-support';

const RUNS = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 2);
const BENCH_DIR = resolve(import.meta.dirname, '../.data/bench');
const DATABASE = process.env['HEALTH_BENCH_DB'] ?? resolve(BENCH_DIR, 'health-under-load.db');
const MONTH_DATABASE = resolve(BENCH_DIR, 'replay-month.db');
const MONTH_FROM = '2026-01-01T00:00:00.000Z';
const MONTH_TO = '2026-02-01T00:00:00.000Z';
const HOLDERS = 50_000;
const COMPANIES = 5_000;
const AUDIT_ENTRIES = 200_000;
const HISTORY_ENTRIES = 365 * 288;
const MARKER = `bench-load-holder-${HOLDERS}@example.test`;
const CHUNK = 500;
const log = (text: string) => process.stdout.write(`${text}\n`);

async function chunked<T>(
  db: Kysely<Database>,
  rows: T[],
  insert: (trx: Kysely<Database>, chunk: T[]) => Promise<unknown>,
) {
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK);
    await db.transaction().execute((trx) => insert(trx, chunk));
  }
}

interface BenchData {
  companyId: number;
  historyVehicleId: number;
  monthVehicleId: number | undefined;
}

/** The bench's rows in the file: found when stored by an earlier run, else stored now (once). */
async function benchData(db: Kysely<Database>): Promise<BenchData> {
  const companyAdmin = DEMO_SIGN_INS.find((demo) => demo.role === ROLE.companyAdmin)!;
  const { id: companyAdminId } = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', companyAdmin.email)
    .executeTakeFirstOrThrow();
  const month = await db
    .selectFrom('positionFixes')
    .select('vehicleId')
    .where('at', '=', new Date(Date.parse(MONTH_TO) - 2000).toISOString())
    .executeTakeFirst();
  const marker = await db.selectFrom('users').select('id').where('email', '=', MARKER).executeTakeFirst();
  if (marker !== undefined) {
    const { companyId } = await db
      .selectFrom('companyUsers')
      .select('companyId')
      .where('userId', '=', marker.id)
      .executeTakeFirstOrThrow();
    const dense = await db
      .selectFrom('vehicleHistory')
      .select('vehicleId')
      .where('dateTime', '=', '2025-01-01T00:00:00.000Z')
      .executeTakeFirstOrThrow();
    return { companyId, historyVehicleId: dense.vehicleId, monthVehicleId: month?.vehicleId };
  }
  log(`Storing the bench's rows in ${DATABASE} (once)...`);
  const { id: companyId } = await db
    .insertInto('companies')
    .values({ name: 'Load Bench Fleet', createdOnDateTime: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('companyUsers')
    .values({ companyId, userId: companyAdminId, role: ROLE.companyAdmin })
    .execute();
  const { id: holderRole } = await db
    .selectFrom('roles')
    .select('id')
    .where('name', '=', ROLE.accountHolder)
    .executeTakeFirstOrThrow();
  const base = Date.UTC(2024, 0, 1);
  const numbers = Array.from({ length: HOLDERS }, (_, index) => index + 1);
  const holderIds: number[] = [];
  await chunked(db, numbers, async (trx, chunk) => {
    const ids = await trx
      .insertInto('users')
      .values(
        chunk.map((i) => ({
          email: `bench-load-holder-${i}@example.test`,
          firstName: 'Thandi',
          lastName: `Load${String(i).padStart(6, '0')}`,
          phoneNumber: `82${String(i).padStart(7, '0')}`,
          idNumber: '8001015800084',
          createdOnDateTime: new Date(base + i * 600_000).toISOString(),
        })),
      )
      .returning('id')
      .execute();
    holderIds.push(...ids.map(({ id }) => id));
    await trx
      .insertInto('userRoles')
      .values(ids.map(({ id }) => ({ userId: id, roleId: holderRole })))
      .execute();
    await trx
      .insertInto('companyUsers')
      .values(ids.map(({ id }) => ({ companyId, userId: id, role: ROLE.accountHolder })))
      .execute();
  });
  const vehicleIds: number[] = [];
  await chunked(db, holderIds, async (trx, chunk) => {
    const ids = await trx
      .insertInto('vehicles')
      .values(
        chunk.map((userId) => ({
          userId,
          registrationNumber: `LD ${String(userId).padStart(6, '0')} GP`,
          make: 'Toyota',
          model: 'Hilux',
          makeVariant: 'Toyota Hilux',
          registrationYear: '2021',
          vehicleColour: 'White',
          createdOnDateTime: new Date(base + userId * 600_000).toISOString(),
        })),
      )
      .returning('id')
      .execute();
    vehicleIds.push(...ids.map(({ id }) => id));
  });
  await chunked(db, vehicleIds, (trx, chunk) =>
    trx
      .insertInto('devices')
      .values(
        chunk.map((vehicleId) => ({
          serialNumber: `LOAD-${String(vehicleId).padStart(7, '0')}`,
          vehicleId,
          createdOnDateTime: new Date(base).toISOString(),
        })),
      )
      .execute(),
  );
  const historyVehicleId = vehicleIds[0]!;
  const year = Date.parse('2025-01-01T00:00:00.000Z');
  await chunked(
    db,
    Array.from({ length: HISTORY_ENTRIES }, (_, i) => i),
    (trx, chunk) =>
      trx
        .insertInto('vehicleHistory')
        .values(
          chunk.map((i) => ({
            vehicleId: historyVehicleId,
            dateTime: new Date(year + i * 300_000).toISOString(),
            type: i % 10 === 0 ? 'TamperAlert' : 'LockState',
            isLocked: i % 2 === 0 ? (1 as const) : (0 as const),
            isLockedByUserId: companyAdminId,
            isLockedChangedByAdminUser: 1 as const,
            tamperCarBatteryState: i % 10 === 0 ? 'Connected' : null,
            tamperGpsState: i % 10 === 0 ? 'Normal' : null,
            latitudeDegrees: -26.1 - (i % 100) / 1e4,
            longitudeDegrees: 28.05 + (i % 100) / 1e4,
          })),
        )
        .execute(),
  );
  await chunked(
    db,
    Array.from({ length: COMPANIES }, (_, i) => i + 1),
    (trx, chunk) =>
      trx
        .insertInto('companies')
        .values(
          chunk.map((i) => ({
            name: `Load Fleet ${String(i).padStart(5, '0')}`,
            createdOnDateTime: new Date(base + i * 60_000).toISOString(),
          })),
        )
        .execute(),
  );
  const actions = ['SignIn', 'SignInFailed', 'PasswordChanged', 'UserCreated', 'VehicleLocked'];
  await chunked(
    db,
    Array.from({ length: AUDIT_ENTRIES }, (_, i) => i),
    (trx, chunk) =>
      trx
        .insertInto('auditLog')
        .values(
          chunk.map((i) => ({
            occurredAt: new Date(base + i * 60_000).toISOString(),
            userId: holderIds[i % HOLDERS]!,
            userEmail: `bench-load-holder-${(i % HOLDERS) + 1}@example.test`,
            ipAddress: '10.0.0.1',
            userAgent: 'Mozilla/5.0 (bench)',
            action: actions[i % actions.length]!,
            targetType: 'User',
            targetId: String(holderIds[i % HOLDERS]!),
            detail: JSON.stringify({ bench: i }),
          })),
        )
        .execute(),
  );
  return { companyId, historyVehicleId, monthVehicleId: month?.vehicleId };
}

/**
 * A $filter of MAX_LENGTH.filter characters at most: terms that match nothing, then one that
 * matches every row, so each row is tested against every term.
 */
function longestFilter(field: string, matchAll: string): string {
  const last = ` or ${matchAll}`;
  const terms: string[] = [];
  for (let i = 0; ; i += 1) {
    const term = `contains(${field},'nomatch${String(i).padStart(4, '0')}')`;
    if ([...terms, term].join(' or ').length + last.length > MAX_LENGTH.filter) break;
    terms.push(term);
  }
  return `${terms.join(' or ')}${last}`;
}

/** An $orderby naming these fields, alternating direction, within MAX_LENGTH.orderBy. */
function longestOrderBy(fields: readonly string[]): string {
  const terms = fields.map((field, i) => `${field} ${i % 2 === 0 ? 'asc' : 'desc'}`);
  while (terms.join(', ').length > MAX_LENGTH.orderBy) terms.pop();
  return terms.join(', ');
}

interface Row {
  request: string;
  role: string;
  answer: string;
  duration: number;
  latency: ReturnType<typeof summary>;
}

/** A distinct valid-looking South African ID number per row and per run (`offset` picks the dates). */
function idNumber(i: number, offset: number): string {
  const day = Math.floor(i / 10_000) + offset;
  const month = String(1 + (day % 12)).padStart(2, '0');
  const date = String(1 + (Math.floor(day / 12) % 28)).padStart(2, '0');
  return `85${month}${date}${String(i % 10_000).padStart(4, '0')}08${i % 10}`;
}

/** IMPORT_MAX_ROWS rows of new account holders with a driver and a vehicle; 2 % with mistakes. */
function importFile(tag: string, offset: number, vehicle: string): string {
  const lines = [IMPORT_FIELD_KEYS.join(',')];
  for (let i = 1; i <= DEFAULT_IMPORT_LIMITS.maxRows; i += 1) {
    const n = `${tag}${String(i).padStart(5, '0')}`;
    const bad = i % 50 === 0;
    lines.push(
      [
        'Lindiwe',
        `Load${n}`,
        bad ? `not-an-address-${n}` : `load.holder.${n}@example.co.za`,
        `082${String(i).padStart(7, '0')}`,
        'Yes',
        idNumber(i, offset),
        'Sizwe',
        `Driver${n}`,
        `load.driver.${n}@example.co.za`,
        `083${String(i).padStart(7, '0')}`,
        'No',
        `P${n}`,
        vehicle,
        bad ? '1920' : '2021',
        `LD ${String(i).padStart(5, '0')} ${tag.slice(-4)}`,
        'White',
        '',
        '',
      ].join(','),
    );
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  mkdirSync(dirname(DATABASE), { recursive: true });
  if (!existsSync(DATABASE) && existsSync(MONTH_DATABASE)) {
    log(`Copying the month replay's fixes from ${MONTH_DATABASE}...`);
    copyFileSync(MONTH_DATABASE, DATABASE);
  }
  const api: RunningApi = await startApi({
    databaseFile: DATABASE,
    importLimits: { companyAdminRowsPerDay: 1_000_000 },
  });
  const rows: Row[] = [];
  try {
    const data = await benchData(api.app.db);
    const tokens = new Map<string, string>();
    for (const role of [ROLE.companyAdmin, ROLE.admin] as RoleName[])
      tokens.set(role, (await signIn(api.url, role)).accessToken);
    const call = async (role: string, method: string, path: string, body?: unknown) => {
      const response = await fetch(`${api.url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${tokens.get(role)}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, text };
    };
    /** Runs `work` while /health is polled and adds its row. */
    const measured = async (request: string, role: string, work: () => Promise<string>) => {
      const poller = pollHealth(api.url);
      await sleep(200);
      const started = performance.now();
      const answer = await work().catch(async (error: unknown) => {
        // The poller is stopped whatever happened, so no process is left behind.
        await poller.stop();
        throw error;
      });
      const duration = performance.now() - started;
      const row = { request, role, answer, duration, latency: summary(await poller.stop()) };
      log(`${request} as ${role}: ${ms(duration)}, /health max ${ms(row.latency.max)}`);
      rows.push(row);
    };
    const get = (role: string, path: string) => async () => {
      const { status, text } = await call(role, 'GET', path);
      if (status !== 200) return `${status} ${text.slice(0, 60)}`;
      if (text.startsWith('{')) {
        const page = JSON.parse(text) as {
          totalCount?: number;
          items?: unknown[];
          recordedCount?: number;
          trips?: unknown[];
        };
        if (page.items) return `${page.items.length} of ${page.totalCount}`;
        if (page.trips) return `${page.trips.length} trips`;
        return `${page.totalCount} of ${page.recordedCount} fixes`;
      }
      return `${(text.length / 1e6).toFixed(1)} MB, ${text.split('\n').length - 2} rows`;
    };

    const list = (path: string, field: string, matchAll: string, order: readonly string[]) => {
      const query = new URLSearchParams({
        $pagesize: String(MAX_PAGE_SIZE),
        $filter: longestFilter(field, matchAll),
        $orderby: longestOrderBy(order),
      });
      return `${path}?${query}`;
    };
    const lists: [string, string][] = [
      [
        'GET /Users',
        list('/Users', 'lastName', "contains(email,'@')", [
          'lastName',
          'firstName',
          'email',
          'createdOnDateTime',
          'tamperActive',
          'totalNumberOfVehicles',
          'totalNumberOfVehiclesWithDevice',
          'totalNumberOfVehiclesWithoutDevice',
          'id',
        ]),
      ],
      [
        'GET /Vehicles',
        list('/Vehicles', 'registrationNumber', "contains(make,'o')", [
          'registrationNumber',
          'make',
          'model',
          'nickname',
          'userLastName',
          'userFirstName',
          'createdOnDateTime',
          'tamperActive',
          'onBoardingStatus',
          'deviceActive',
          'deviceId',
          'userId',
          'id',
        ]),
      ],
      [
        'GET /Devices',
        list('/Devices', 'serialNumber', 'id gt 0', ['serialNumber', 'vehicleId', 'active', 'id']),
      ],
      ['GET /Companies', list('/Companies', 'name', 'id gt 0', ['name', 'createdOnDateTime', 'id'])],
      [
        'GET /Companies/{id}/CompanyUsers',
        list(`/Companies/${data.companyId}/CompanyUsers`, 'lastName', "contains(email,'@')", [
          'lastName',
          'firstName',
          'email',
          'role',
          'tamperActive',
          'createdOnDateTime',
          'id',
        ]),
      ],
      [
        'GET /Vehicles/{id}/History',
        list(`/Vehicles/${data.historyVehicleId}/History`, 'type', "contains(type,'e')", [
          'type',
          'dateTime',
        ]),
      ],
      [
        'GET /AuditLog',
        list('/AuditLog', 'userEmail', "contains(userEmail,'@')", [
          'dateTime',
          'action',
          'userEmail',
          'targetType',
          'targetId',
          'userId',
          'id',
        ]),
      ],
    ];

    // Warm: the file's pages in the cache, the code compiled.
    for (const role of tokens.keys()) {
      for (const [, path] of lists) await call(role, 'GET', path);
      await call(role, 'GET', `/Vehicles/${data.historyVehicleId}/History/Csv`);
    }

    const idle = pollHealth(api.url);
    await sleep(3000);
    rows.push({
      request: '/health idle (3 s)',
      role: '',
      answer: '',
      duration: 3000,
      latency: summary(await idle.stop()),
    });

    const type = await api.app.db
      .selectFrom('vehicleTypes')
      .select('makeVariant')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    // Each import's people are new: names and ID numbers follow the time the run started.
    let importNumber = Math.floor(Date.now() / 1000);
    for (let run = 1; run <= RUNS; run += 1) {
      for (const role of tokens.keys()) {
        const who = role === ROLE.companyAdmin ? 'Company-Admin' : 'Admin';
        await measured(
          'GET /Vehicles/{id}/History/Csv',
          who,
          get(role, `/Vehicles/${data.historyVehicleId}/History/Csv`),
        );
        for (const [label, path] of lists) {
          const probe = await call(role, 'GET', path);
          if (probe.status === 403) continue;
          await measured(`${label} (500, $filter 2000)`, who, get(role, path));
        }

        // An import of the largest file, step by step.
        importNumber += 1;
        const tag = `${importNumber.toString(36)}x`;
        const content = Buffer.from(importFile(tag, importNumber % 336, type.makeVariant), 'utf8').toString(
          'base64',
        );
        const company = role === ROLE.companyAdmin ? { companyId: data.companyId } : {};
        let job: ImportJob | undefined;
        await measured('POST /Imports (10,000 rows)', who, async () => {
          const { status, text } = await call(role, 'POST', '/Imports', {
            fileName: 'load.csv',
            content,
            ...company,
          });
          if (status !== 200) throw new Error(`POST /Imports answered ${status}: ${text.slice(0, 200)}`);
          job = JSON.parse(text) as ImportJob;
          return JSON.stringify(job.preview).slice(0, 60);
        });
        const jobId = job!.id;
        await measured('PUT /Imports/{id}/Mapping', who, async () => {
          const { status, text } = await call(role, 'PUT', `/Imports/${jobId}/Mapping`, {
            mapping: job!.mapping,
          });
          return status === 200 ? 'previewed again' : `${status} ${text.slice(0, 60)}`;
        });
        await measured('GET /Imports/{id}/Errors/Csv', who, get(role, `/Imports/${jobId}/Errors/Csv`));
        await measured('POST /Imports/{id}/Start until done', who, async () => {
          const { status, text } = await call(role, 'POST', `/Imports/${jobId}/Start`, {
            sendPasswordLinks: false,
          });
          if (status !== 200) return `${status} ${text.slice(0, 60)}`;
          let progress: ImportJob;
          do {
            await sleep(250);
            progress = JSON.parse((await call(role, 'GET', `/Imports/${jobId}`)).text) as ImportJob;
          } while (progress.status === 'Running');
          return `${progress.status} ${JSON.stringify(progress.result).slice(0, 50)}`;
        });
        await measured('GET /Imports/{id}/Report/Csv', who, get(role, `/Imports/${jobId}/Report/Csv`));

        if (data.monthVehicleId !== undefined && role === ROLE.companyAdmin) {
          const period = new URLSearchParams({ from: MONTH_FROM, to: MONTH_TO });
          for (const replay of ['Fixes', 'Trips'])
            await measured(
              `GET /Vehicles/{id}/Replay/${replay} (31 days)`,
              who,
              get(role, `/Vehicles/${data.monthVehicleId}/Replay/${replay}?${period}`),
            );
        }
      }
    }
    if (data.monthVehicleId === undefined)
      log('No month replay in the file: run `bench:replay --month` for the 31-day replay rows.');
  } finally {
    await stopApi(api);
  }

  log('');
  log(`/health polled every 10 ms during each request (SQLite file ${DATABASE}):`);
  log(
    '| request                                              | as            | duration    | answer                                                       | polls | p50     | p99     | max     |',
  );
  for (const row of rows) {
    log(
      `| ${row.request.padEnd(52)} | ${row.role.padEnd(13)} | ${ms(row.duration).padStart(11)} | ${row.answer.padEnd(60).slice(0, 60)} | ${String(row.latency.count).padStart(5)} | ${ms(row.latency.p50).padStart(7)} | ${ms(row.latency.p99).padStart(7)} | ${ms(row.latency.max).padStart(7)} |`,
    );
  }
}

await main();
