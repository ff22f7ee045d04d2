/*
 * How long trip replay's fixes are kept. A vehicle reporting every 10 s adds 8,640 fixes a day, so
 * an installation that wants a bounded table sets POSITION_FIX_RETENTION_DAYS; without it every
 * fix is kept. The sweep deletes a few hundred vehicles' old fixes at a time through the table's
 * key (vehicle_id, at), never a scan of the whole table, and lets other work run between batches.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { instant } from '../db/database';
import type { Database } from '../db/schema';

/** Vehicles whose old fixes one statement deletes. */
const VEHICLES_PER_BATCH = 200;

/** Deletes every fix taken before `before`; answers how many went. */
export async function prunePositionFixes(db: Kysely<Database>, before: Date): Promise<number> {
  const cutoff = instant(before);
  let deleted = 0;
  let after = 0;
  for (;;) {
    const ids = (
      await db
        .selectFrom('vehicles')
        .select('id')
        .where('id', '>', after)
        .orderBy('id')
        .limit(VEHICLES_PER_BATCH)
        .execute()
    ).map((row) => row.id);
    if (ids.length === 0) return deleted;
    const result = await db
      .deleteFrom('positionFixes')
      .where('vehicleId', 'in', ids)
      .where('at', '<', cutoff)
      .executeTakeFirst();
    deleted += Number(result.numDeletedRows);
    after = ids[ids.length - 1]!;
    await nextTurn();
  }
}

export interface PositionFixRetention {
  /** Fixes older than this many days are deleted. */
  days: number;
  /** How often the sweep runs. @default 3600000 (an hour) */
  sweepIntervalMs?: number;
}

const DAY_MS = 86_400_000;

/** Runs the sweep once when the api is ready and then every sweepIntervalMs, until close. */
export const positionFixRetentionPlugin = fp<PositionFixRetention>(
  (app, options, done) => {
    const interval = options.sweepIntervalMs ?? 3_600_000;
    let timer: NodeJS.Timeout | undefined;
    let sweeping: Promise<unknown> = Promise.resolve();
    const sweep = () => {
      sweeping = prunePositionFixes(app.db, new Date(Date.now() - options.days * DAY_MS))
        .then((deleted) => {
          if (deleted > 0) app.log.info({ deleted, days: options.days }, 'old position fixes deleted');
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'position fix retention sweep failed'));
    };
    app.addHook('onReady', (ready) => {
      sweep();
      timer = setInterval(sweep, interval);
      timer.unref();
      ready();
    });
    app.addHook('preClose', async () => {
      clearInterval(timer);
      await sweeping;
    });
    done();
  },
  { name: 'sentinel-position-fix-retention', dependencies: ['sentinel-db'] },
);
