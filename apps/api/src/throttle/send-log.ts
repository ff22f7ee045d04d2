import type { Kysely } from 'kysely';
import { instant } from '../db/database';
import type { Database } from '../db/schema';

export interface SendLimit {
  /** How many sends the window allows. */
  max: number;
  windowMs: number;
}

/** A day: no limit looks further back, so older rows are dropped as new ones come. */
const KEEP_MS = 24 * 3_600_000;

/** The sends under `key` within the widest of the limits' windows. */
function sendsInWidestWindow(db: Kysely<Database>, key: string, limits: readonly SendLimit[], now: Date) {
  const widest = Math.max(...limits.map((limit) => limit.windowMs));
  return db
    .selectFrom('sendLog')
    .select('createdAt')
    .where('key', '=', key)
    .where('createdAt', '>', instant(new Date(now.getTime() - widest)))
    .execute();
}

/**
 * Records a send under `key` and answers true when every limit still allows it; answers false
 * (recording nothing) when one is reached. The log is a table, so every api instance counts the
 * same sends. Two requests in the same instant may both pass one limit by one: a throttle, not a
 * lock.
 */
export async function allowSend(
  db: Kysely<Database>,
  key: string,
  limits: readonly SendLimit[],
  now: Date = new Date(),
): Promise<boolean> {
  const recent = await sendsInWidestWindow(db, key, limits, now);
  for (const limit of limits) {
    const since = instant(new Date(now.getTime() - limit.windowMs));
    if (recent.filter((row) => row.createdAt > since).length >= limit.max) return false;
  }
  await db
    .deleteFrom('sendLog')
    .where('key', '=', key)
    .where('createdAt', '<', instant(new Date(now.getTime() - KEEP_MS)))
    .execute();
  await db
    .insertInto('sendLog')
    .values({ key, createdAt: instant(now) })
    .execute();
  return true;
}

/**
 * How long until `allowSend` would let a send under `key` through (0 when it would now): for each
 * limit reached, until enough of its window's sends have aged out of it.
 */
export async function msUntilSendAllowed(
  db: Kysely<Database>,
  key: string,
  limits: readonly SendLimit[],
  now: Date = new Date(),
): Promise<number> {
  const times = (await sendsInWidestWindow(db, key, limits, now))
    .map((row) => new Date(row.createdAt).getTime())
    .sort((a, b) => b - a);
  let wait = 0;
  for (const limit of limits) {
    const inWindow = times.filter((at) => at > now.getTime() - limit.windowMs);
    // The send that must leave the window: the max-th newest of those in it.
    const leaving = inWindow[limit.max - 1];
    if (inWindow.length >= limit.max && leaving !== undefined) {
      wait = Math.max(wait, leaving + limit.windowMs - now.getTime());
    }
  }
  return wait;
}
