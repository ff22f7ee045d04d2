import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import {
  FixThinning,
  FixWindow,
  HISTORY_TYPE,
  REPLAY_MAX_PAGE_SIZE,
  REPLAY_MAX_POINTS,
  StopFinder,
  TripBuilder,
} from '@sentinel/domain';
import type {
  ReplayEvent,
  ReplayFixesQuery,
  ReplayFixPage,
  ReplayPeriodQuery,
  ReplayTrips,
} from '@sentinel/domain';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import { countPositionFixes, positionFixPages } from './position-fixes';

/**
 * The most fixes one replay call reads (REPLAY_MAX_FIXES): a 31-day period of a vehicle
 * reporting every 2 s holds 1,339,200. A period holding more is refused before its fixes are
 * read, so a call's work is bounded whatever a device sent.
 */
export const DEFAULT_REPLAY_MAX_FIXES = 1_500_000;

/**
 * Fixes read per query: a page takes a few milliseconds on SQLite, whose queries hold the event
 * loop while they run, and other requests go between two pages.
 */
export const REPLAY_PAGE_FIXES = 1000;

/** Fixes counted per query before the read (no rows leave the database, so more than a page). */
const COUNT_CHUNK_FIXES = 25 * REPLAY_PAGE_FIXES;

/** What a replay call needs of the settings: the stop thresholds and the read's bounds. */
export interface ReplaySettings {
  radiusMetres: number;
  minimumSeconds: number;
  /** @default DEFAULT_REPLAY_MAX_FIXES */
  maxFixes: number;
  /** @default REPLAY_PAGE_FIXES */
  pageFixes: number;
}

/** How many fixes the period holds; a 400 at Period when more than a replay covers. */
async function periodFixCount(
  db: Kysely<Database>,
  vehicleId: number,
  { from, to }: ReplayPeriodQuery,
  settings: ReplaySettings,
): Promise<number> {
  const atMost = settings.maxFixes;
  const count = await countPositionFixes(db, vehicleId, { from, to, atMost, chunkFixes: COUNT_CHUNK_FIXES });
  if (count > atMost) throw tooManyFixes(atMost);
  return count;
}

function tooManyFixes(atMost: number): ApiError {
  return new ApiError('validation', {
    Period: [`A replay covers at most ${atMost.toLocaleString('en-US')} fixes: choose a shorter period`],
  });
}

/**
 * Reads the period's fixes oldest first, a page per turn of the event loop, into the window: the
 * finder decides them as they come and the reader takes what is decided, so the window holds only
 * the fixes still undecided. Past settings.maxFixes (fixes stored since the count) it is a 400.
 */
async function readPeriod(
  db: Kysely<Database>,
  vehicleId: number,
  { from, to }: ReplayPeriodQuery,
  settings: ReplaySettings,
  { window, finder, reader }: { window: FixWindow; finder: StopFinder; reader: FixThinning | TripBuilder },
): Promise<void> {
  for await (const page of positionFixPages(db, vehicleId, from, to, settings.pageFixes)) {
    if (window.length + page.length > settings.maxFixes) throw tooManyFixes(settings.maxFixes);
    window.push(page);
    finder.advance(false);
    reader.advance();
    window.release(Math.min(finder.decided, reader.needs));
    await nextTurn();
  }
  finder.advance(true);
}

/**
 * One page of the period's fixes with their speeds. A period with more than REPLAY_MAX_POINTS
 * fixes is thinned as it is read (each kept fix's speed is from its stored predecessor), and
 * pages are cut from the thinned series: the same query always pages the same series.
 */
export async function replayFixesPage(
  db: Kysely<Database>,
  vehicleId: number,
  query: ReplayFixesQuery,
  settings: ReplaySettings,
): Promise<ReplayFixPage> {
  const expected = await periodFixCount(db, vehicleId, query, settings);
  const window = new FixWindow();
  const finder = new StopFinder(window, settings);
  const thinning = new FixThinning(window, finder, REPLAY_MAX_POINTS, expected);
  await readPeriod(db, vehicleId, query, settings, { window, finder, reader: thinning });
  const thinned = thinning.finish();
  const pageSize = query.$pagesize ?? REPLAY_MAX_PAGE_SIZE;
  const pageIndex = query.$pageindex ?? 0;
  return {
    items: thinned.slice(pageIndex * pageSize, (pageIndex + 1) * pageSize),
    totalCount: thinned.length,
    pageIndex,
    pageSize,
    recordedCount: window.length,
    thinned: thinned.length < window.length,
  };
}

/** The period's lock, unlock and tamper entries, oldest first, where the vehicle was then. */
async function replayEvents(
  db: Kysely<Database>,
  vehicleId: number,
  { from, to }: ReplayPeriodQuery,
): Promise<ReplayEvent[]> {
  const rows = await db
    .selectFrom('vehicleHistory')
    .select(['id', 'dateTime', 'type', 'isLocked', 'tamperCancelled', 'latitudeDegrees', 'longitudeDegrees'])
    .where('vehicleId', '=', vehicleId)
    .where('type', 'in', [HISTORY_TYPE.lockState, HISTORY_TYPE.tamperAlert])
    .where('dateTime', '>=', from)
    .where('dateTime', '<', to)
    .orderBy('dateTime')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    at: row.dateTime,
    type: row.type === HISTORY_TYPE.lockState ? 'LockState' : 'TamperAlert',
    isLocked: row.isLocked === null ? null : row.isLocked === 1,
    tamperCancelled: row.tamperCancelled === null ? null : row.tamperCancelled === 1,
    latitudeDegrees: row.latitudeDegrees,
    longitudeDegrees: row.longitudeDegrees,
  }));
}

/** The period's trips and stops (from every stored fix, never the thinned ones) and its events. */
export async function replayTrips(
  db: Kysely<Database>,
  vehicleId: number,
  period: ReplayPeriodQuery,
  settings: ReplaySettings,
): Promise<ReplayTrips> {
  await periodFixCount(db, vehicleId, period, settings);
  const window = new FixWindow();
  const finder = new StopFinder(window, settings);
  const builder = new TripBuilder(window, finder, settings);
  await readPeriod(db, vehicleId, period, settings, { window, finder, reader: builder });
  const events = await replayEvents(db, vehicleId, period);
  return {
    ...builder.finish(),
    events,
    stopRadiusMetres: settings.radiusMetres,
    stopMinimumSeconds: settings.minimumSeconds,
  };
}
