/*
 * pnpm --filter @sentinel/api bench:replay --month [runs=3]
 *
 * Whether a month of trip replay holds the api's event loop. A vehicle of a company of the demo
 * Company-Admin reports every 2 s for 31 days (1,339,200 fixes: two commutes a day along
 * Johannesburg's M1, parked with GPS jitter between). The fixes go into a SQLite file made on the
 * first run and reused after: apps/api/.data/bench/replay-month.db (git-ignored; REPLAY_BENCH_DB
 * names another). The api runs in this process on that file; a second process polls GET /health
 * every 10 ms, so a held loop shows in its latencies. It measures /health idle, then during each
 * 31-day replay call made as the Company-Admin, and prints them side by side.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Kysely } from 'kysely';
import { ROLE } from '@sentinel/domain';
import type { Database, PositionFixesTable } from '../src/db/schema';
import { DEMO_SIGN_INS } from '../src/db/seed';
import { ms, pollHealth, summary } from './health-probe';
import {
  addCompanyOfDemoAdmin,
  addTrackedVehicle,
  signIn,
  startApi,
  stopApi,
} from '../src/live/test-support';
import { insertPositionFixes } from '../src/replay/position-fixes';
import { measureRoute, ROADS } from '../src/telemetry/simulator/roads';

const DAYS = 31;
const EVERY_SECONDS = 2;
const FROM = '2026-01-01T00:00:00.000Z';
const TO = new Date(Date.parse(FROM) + DAYS * 86_400_000).toISOString();
const FIXES = (DAYS * 86_400) / EVERY_SECONDS;
const LAST_AT = new Date(Date.parse(TO) - EVERY_SECONDS * 1000).toISOString();
const DATABASE =
  process.env['REPLAY_BENCH_DB'] ?? resolve(import.meta.dirname, '../.data/bench/replay-month.db');

/** One day of fixes every 2 s: 07:00 and 17:00 commutes on the M1, parked with jitter otherwise. */
function day(vehicleId: number, dayIndex: number): PositionFixesTable[] {
  const route = measureRoute(ROADS[2]!);
  const rows: PositionFixesTable[] = [];
  const start = Date.parse(FROM) + dayIndex * 86_400_000;
  let along = 0;
  for (let i = 0; i < 86_400 / EVERY_SECONDS; i += 1) {
    const hour = (i * EVERY_SECONDS) / 3600;
    const driving = (hour >= 7 && hour < 7.4) || (hour >= 17 && hour < 17.4);
    if (driving) along = hour < 12 ? Math.min(route.lengthMetres, along + 44) : Math.max(0, along - 44);
    const place = route.at(along);
    const jitter = driving ? 0 : ((i * 7919) % 200) / 1e6 - 0.0001;
    rows.push({
      vehicleId,
      at: new Date(start + i * EVERY_SECONDS * 1000).toISOString(),
      latitudeDegrees: place.latitudeDegrees + jitter,
      longitudeDegrees: place.longitudeDegrees - jitter,
    });
  }
  return rows;
}

/** The month's vehicle in the file, stored on the first run (a minute or two). */
async function monthVehicle(api: Awaited<ReturnType<typeof startApi>>): Promise<number> {
  const db: Kysely<Database> = api.app.db;
  const stored = await db
    .selectFrom('positionFixes')
    .select('vehicleId')
    .where('at', '=', LAST_AT)
    .executeTakeFirst();
  if (stored !== undefined) return stored.vehicleId;
  const companyAdmin = DEMO_SIGN_INS.find((demo) => demo.role === ROLE.companyAdmin)!;
  const { id: companyAdminId } = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', companyAdmin.email)
    .executeTakeFirstOrThrow();
  const companyId = await addCompanyOfDemoAdmin(api.app, companyAdminId);
  const { vehicleId } = await addTrackedVehicle(api.app, { companyId });
  console.log(`Storing ${FIXES.toLocaleString('en-US')} fixes in ${DATABASE} (once)...`);
  for (let dayIndex = 0; dayIndex < DAYS; dayIndex += 1) {
    await db.transaction().execute((trx) => insertPositionFixes(trx, day(vehicleId, dayIndex)));
  }
  return vehicleId;
}

export async function monthBench(runs: number): Promise<void> {
  mkdirSync(dirname(DATABASE), { recursive: true });
  const fresh = !existsSync(DATABASE);
  const api = await startApi({ databaseFile: DATABASE });
  try {
    const vehicleId = await monthVehicle(api);
    if (!fresh) console.log(`Reusing the month's fixes in ${DATABASE}.`);
    const { accessToken } = await signIn(api.url, ROLE.companyAdmin);
    const query = new URLSearchParams({ from: FROM, to: TO });

    // Warm: the file's pages in the cache, the code compiled.
    for (const call of ['Fixes', 'Trips']) {
      await fetch(`${api.url}/Vehicles/${vehicleId}/Replay/${call}?${query}`, {
        headers: { authorization: `Bearer ${accessToken}` },
      }).then((response) => response.arrayBuffer());
    }

    const idle = pollHealth(api.url);
    await new Promise((done) => setTimeout(done, 3000));
    const rows: [string, string, ReturnType<typeof summary>][] = [
      ['/health idle (3 s)', '', summary(await idle.stop())],
    ];

    for (const call of ['Fixes', 'Trips'] as const) {
      for (let run = 1; run <= runs; run += 1) {
        const poller = pollHealth(api.url);
        await new Promise((done) => setTimeout(done, 200));
        const started = performance.now();
        const response = await fetch(`${api.url}/Vehicles/${vehicleId}/Replay/${call}?${query}`, {
          headers: { authorization: `Bearer ${accessToken}` },
        });
        const body = (await response.json()) as { recordedCount?: number; totalCount?: number; trips?: [] };
        const duration = performance.now() - started;
        if (response.status !== 200) throw new Error(`Replay/${call} answered ${response.status}.`);
        const what =
          call === 'Fixes'
            ? `${body.recordedCount?.toLocaleString('en-US')} fixes thinned to ${body.totalCount}`
            : `${body.trips?.length} trips`;
        rows.push([
          `Replay/${call} run ${run}: ${ms(duration)}`,
          what,
          summary(await poller.stop()),
        ] as const);
      }
    }

    console.log('');
    console.log(`31-day replay as the Company-Admin, ${FIXES.toLocaleString('en-US')} fixes stored:`);
    console.log(
      '| while                                | answer                          | /health polls | p50     | p99     | max     |',
    );
    for (const [label, what, latency] of rows) {
      console.log(
        `| ${label.padEnd(36)} | ${what.padEnd(31)} | ${String(latency.count).padStart(13)} | ${ms(latency.p50).padStart(7)} | ${ms(latency.p99).padStart(7)} | ${ms(latency.max).padStart(7)} |`,
      );
    }
  } finally {
    await stopApi(api);
  }
}
