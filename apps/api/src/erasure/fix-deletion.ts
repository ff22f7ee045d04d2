/*
 * An erased holder's position fixes go after the erasure has committed, in batches: a year of
 * fixes every 10 s is 3.1 million rows, and one transaction deleting them would hold SQLite's only
 * writer (or PostgreSQL's locks and WAL) for the whole time. Each batch is one short statement
 * through the table's key (vehicle_id, at), with other work let in between, as the fix retention
 * sweep does.
 *
 * The deletion is idempotent: it deletes whatever fixes the vehicles still have. The erasure has
 * already unlinked their devices, so none arrive meanwhile; and when the api stops before the end,
 * it starts again when the api is next ready (vehicles of erased holders that still have fixes).
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Fixes one statement deletes: a few tens of milliseconds of one vehicle's key range. */
export const FIXES_PER_BATCH = 10_000;

/** Deletes every position fix of these vehicles, a batch at a time; answers how many went. */
export async function deletePositionFixes(
  db: Kysely<Database>,
  vehicleIds: readonly number[],
  batchSize: number = FIXES_PER_BATCH,
): Promise<number> {
  let total = 0;
  for (const vehicleId of vehicleIds) {
    for (;;) {
      // The batch's last fix, found in the key's order; none: what is left fits one batch.
      const last = await db
        .selectFrom('positionFixes')
        .select('at')
        .where('vehicleId', '=', vehicleId)
        .orderBy('at')
        .limit(1)
        .offset(batchSize - 1)
        .executeTakeFirst();
      let query = db.deleteFrom('positionFixes').where('vehicleId', '=', vehicleId);
      if (last !== undefined) query = query.where('at', '<=', last.at);
      total += Number((await query.executeTakeFirst()).numDeletedRows);
      await nextTurn();
      if (last === undefined) break;
    }
  }
  return total;
}

/** Vehicles of erased holders that still have fixes: an erasure's deletion the api did not finish. */
export async function vehiclesWithLeftFixes(db: Kysely<Database>): Promise<number[]> {
  const rows = await db
    .selectFrom('vehicles')
    .innerJoin('users', 'users.id', 'vehicles.userId')
    .select('vehicles.id')
    .where('users.erasedAt', 'is not', null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('positionFixes')
          .select('positionFixes.vehicleId')
          .whereRef('positionFixes.vehicleId', '=', 'vehicles.id'),
      ),
    )
    .orderBy('vehicles.id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Runs the deletions one after another, beside the requests: start() adds vehicles, drained()
 * resolves once every deletion asked for so far has ended (close waits for it).
 */
export function fixDeletionQueue(db: Kysely<Database>, log: FastifyBaseLogger) {
  let running: Promise<void> = Promise.resolve();
  return {
    start(vehicleIds: readonly number[], context: { userId?: number } = {}): void {
      if (vehicleIds.length === 0) return;
      running = running.then(async () => {
        try {
          const deleted = await deletePositionFixes(db, vehicleIds);
          if (deleted > 0) log.info({ ...context, deleted }, 'erased holder: position fixes deleted');
        } catch (error) {
          // The fixes stay for the next start of the api (vehiclesWithLeftFixes).
          log.error({ err: error, ...context }, "erased holder: position fixes' deletion failed");
        }
      });
    },
    drained: (): Promise<void> => running,
  };
}

export type FixDeletionQueue = ReturnType<typeof fixDeletionQueue>;
