import type { Kysely } from 'kysely';
import {
  findStopSpans,
  HISTORY_TYPE,
  REPLAY_MAX_PAGE_SIZE,
  REPLAY_MAX_POINTS,
  speedAt,
  thinnedIndices,
  tripsAndStops,
} from '@sentinel/domain';
import type {
  ReplayEvent,
  ReplayFixesQuery,
  ReplayFixPage,
  ReplayPeriodQuery,
  ReplayTrips,
  StopSettings,
} from '@sentinel/domain';
import type { Database } from '../db/schema';
import { readPositionFixes } from './position-fixes';

/** What a replay call needs of the settings: the stop thresholds. */
export interface ReplaySettings {
  radiusMetres: number;
  minimumSeconds: number;
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
  settings: StopSettings,
): Promise<ReplayFixPage> {
  const recorded = await readPositionFixes(db, vehicleId, query.from, query.to);
  const kept =
    recorded.length > REPLAY_MAX_POINTS
      ? thinnedIndices(
          recorded,
          REPLAY_MAX_POINTS,
          findStopSpans(recorded, settings).flatMap((span) => [span.first, span.last]),
        )
      : recorded.map((_, index) => index);
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
    readPositionFixes(db, vehicleId, period.from, period.to),
    replayEvents(db, vehicleId, period),
  ]);
  return {
    ...tripsAndStops(fixes, settings),
    events,
    stopRadiusMetres: settings.radiusMetres,
    stopMinimumSeconds: settings.minimumSeconds,
  };
}
