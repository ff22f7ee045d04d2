import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import {
  findStopSpanSteps,
  HISTORY_TYPE,
  REPLAY_MAX_PAGE_SIZE,
  REPLAY_MAX_POINTS,
  speedAt,
  thinnedIndexSteps,
  tripsAndStopsSteps,
} from '@sentinel/domain';
import type {
  RecordedFix,
  ReplayEvent,
  ReplayFixesQuery,
  ReplayFixPage,
  ReplayPeriodQuery,
  ReplayTrips,
  Steps,
} from '@sentinel/domain';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import { positionFixPages } from './position-fixes';

/**
 * The most fixes one replay call reads (REPLAY_MAX_FIXES): a 31-day period of a vehicle
 * reporting every 2 s holds 1,339,200. A period holding more is refused, so a call's work and
 * memory are bounded whatever a device sent.
 */
export const DEFAULT_REPLAY_MAX_FIXES = 1_500_000;

/**
 * Fixes read per query: a page takes a few milliseconds on SQLite, whose queries hold the event
 * loop while they run, and other requests go between two pages.
 */
export const REPLAY_PAGE_FIXES = 2000;

/** What a replay call needs of the settings: the stop thresholds and the read's bounds. */
export interface ReplaySettings {
  radiusMetres: number;
  minimumSeconds: number;
  /** @default DEFAULT_REPLAY_MAX_FIXES */
  maxFixes: number;
  /** @default REPLAY_PAGE_FIXES */
  pageFixes: number;
}

/** Runs a long computation a step at a time, letting other requests run between steps. */
async function settle<T>(steps: Steps<T>): Promise<T> {
  for (;;) {
    const step = steps.next();
    if (step.done === true) return step.value;
    await nextTurn();
  }
}

/** Every fix of the period, oldest first, read a page at a time; 400 past settings.maxFixes. */
async function readPeriodFixes(
  db: Kysely<Database>,
  vehicleId: number,
  { from, to }: ReplayPeriodQuery,
  settings: ReplaySettings,
): Promise<RecordedFix[]> {
  const fixes: RecordedFix[] = [];
  for await (const page of positionFixPages(db, vehicleId, from, to, settings.pageFixes)) {
    if (fixes.length + page.length > settings.maxFixes) {
      throw new ApiError('validation', {
        Period: [
          `A replay covers at most ${settings.maxFixes.toLocaleString('en-US')} fixes: choose a shorter period`,
        ],
      });
    }
    for (const fix of page) fixes.push(fix);
    await nextTurn();
  }
  return fixes;
}

/**
 * One page of the period's fixes with their speeds. A period with more than REPLAY_MAX_POINTS
 * fixes is thinned first (each kept fix's speed is from its stored predecessor), and
 * pages are cut from the thinned series: the same query always pages the same series.
 */
export async function replayFixesPage(
  db: Kysely<Database>,
  vehicleId: number,
  query: ReplayFixesQuery,
  settings: ReplaySettings,
): Promise<ReplayFixPage> {
  const recorded = await readPeriodFixes(db, vehicleId, query, settings);
  let kept: number[];
  if (recorded.length > REPLAY_MAX_POINTS) {
    const spans = await settle(findStopSpanSteps(recorded, settings));
    const pins = spans.flatMap((span) => [span.first, span.last]);
    kept = await settle(thinnedIndexSteps(recorded, REPLAY_MAX_POINTS, pins));
  } else {
    kept = recorded.map((_, index) => index);
  }
  // Speeds from each kept fix's own predecessor, so a thinned fix shows the speed it really had.
  const thinned = kept.map((index) => ({ ...recorded[index]!, speedKmh: speedAt(recorded, index) }));
  const pageSize = query.$pagesize ?? REPLAY_MAX_PAGE_SIZE;
  const pageIndex = query.$pageindex ?? 0;
  return {
    items: thinned.slice(pageIndex * pageSize, (pageIndex + 1) * pageSize),
    totalCount: thinned.length,
    pageIndex,
    pageSize,
    recordedCount: recorded.length,
    thinned: thinned.length < recorded.length,
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
  const [fixes, events] = await Promise.all([
    readPeriodFixes(db, vehicleId, period, settings),
    replayEvents(db, vehicleId, period),
  ]);
  return {
    ...(await settle(tripsAndStopsSteps(fixes, settings))),
    events,
    stopRadiusMetres: settings.radiusMetres,
    stopMinimumSeconds: settings.minimumSeconds,
  };
}
