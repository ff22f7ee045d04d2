/*
 * The stored GPS fixes of each vehicle, the time series trip replay reads. The telemetry path
 * writes every fix here, late ones included (the vehicle row keeps only the newest).
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { RecordedFix } from '@sentinel/domain';
import { instant } from '../db/database';
import type { Database, PositionFixesTable } from '../db/schema';
import { preparedQuery } from '../telemetry/prepared-query';

export interface NewPositionFix {
  vehicleId: number;
  latitude: number;
  longitude: number;
  at: Date;
}

/** One fix, built once: the telemetry path runs it for every report. */
const insertPositionFix = preparedQuery(['vehicleId', 'at', 'latitude', 'longitude'], (db, param) =>
  db
    .insertInto('positionFixes')
    .values({
      vehicleId: param('vehicleId'),
      at: param('at'),
      latitudeDegrees: param('latitude'),
      longitudeDegrees: param('longitude'),
    })
    .onConflict((conflict) => conflict.columns(['vehicleId', 'at']).doNothing()),
);

/** Keeps one fix; a fix the device sends again (same vehicle and instant) changes nothing. */
export async function recordPositionFix(db: Kysely<Database>, fix: NewPositionFix): Promise<void> {
  await insertPositionFix(db, {
    vehicleId: fix.vehicleId,
    at: instant(fix.at),
    latitude: fix.latitude,
    longitude: fix.longitude,
  });
}

/** Rows per INSERT: well under SQLite's 32,766 bound parameters and PostgreSQL's 65,535. */
const BATCH = 1000;

/** Keeps many fixes at once (the demo backfill), skipping those already stored. */
export async function insertPositionFixes(
  db: Kysely<Database>,
  rows: readonly PositionFixesTable[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    await db
      .insertInto('positionFixes')
      .values(rows.slice(i, i + BATCH))
      .onConflict((conflict) => conflict.columns(['vehicleId', 'at']).doNothing())
      .execute();
  }
}

/**
 * The vehicle's fixes from (inclusive) to (exclusive), oldest first, a page of pageFixes at a time.
 * Pages follow the key (vehicle_id, at): each starts after the last instant of the one before, so
 * every page is a short range read of the index however long the period, and none is skipped or
 * read twice (the key holds one fix per vehicle and instant).
 */
export async function* positionFixPages(
  db: Kysely<Database>,
  vehicleId: number,
  from: string,
  to: string,
  pageFixes: number,
): AsyncGenerator<RecordedFix[], void, undefined> {
  let after: string | undefined;
  for (;;) {
    const start = after;
    const page = await db
      .selectFrom('positionFixes')
      .select(['at', 'latitudeDegrees', 'longitudeDegrees'])
      .where('vehicleId', '=', vehicleId)
      .$call((query) => (start === undefined ? query.where('at', '>=', from) : query.where('at', '>', start)))
      .where('at', '<', to)
      .orderBy('at')
      .limit(pageFixes)
      .execute();
    if (page.length > 0) yield page;
    if (page.length < pageFixes) return;
    after = page.at(-1)!.at;
  }
}

/**
 * How many fixes the vehicle has from (inclusive) to (exclusive), counted along the key a chunk of
 * chunkFixes at a time with a turn for other requests between chunks; it stops once past atMost.
 */
export async function countPositionFixes(
  db: Kysely<Database>,
  vehicleId: number,
  { from, to, atMost, chunkFixes }: { from: string; to: string; atMost: number; chunkFixes: number },
): Promise<number> {
  let counted = 0;
  let after: string | undefined;
  for (;;) {
    const start = after;
    const chunk = await db
      .selectFrom((inner) =>
        inner
          .selectFrom('positionFixes')
          .select('at')
          .where('vehicleId', '=', vehicleId)
          .$call((query) =>
            start === undefined ? query.where('at', '>=', from) : query.where('at', '>', start),
          )
          .where('at', '<', to)
          .orderBy('at')
          .limit(chunkFixes)
          .as('chunk'),
      )
      .select((eb) => [eb.fn.countAll<number | string>().as('fixes'), eb.fn.max('chunk.at').as('last')])
      .executeTakeFirstOrThrow();
    const fixes = Number(chunk.fixes);
    counted += fixes;
    if (fixes < chunkFixes || counted > atMost || chunk.last === null) return counted;
    after = chunk.last;
    await nextTurn();
  }
}
