/* Reads of the vehicle-type catalogue. */
import { sql } from 'kysely';
import type { Kysely, SqlBool } from 'kysely';
import type { VehicleType } from '@sentinel/domain';
import type { Database } from '../db/schema';

/** LIKE wildcards in typed text match themselves. */
const escapeLike = (text: string) => text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * Types whose make, variant or make-and-variant hold every word of the phrase (any case), best
 * matches first: the whole phrase as the name, then names, makes and variants starting with it,
 * then the rest; alphabetical within each rank.
 */
export async function searchVehicleTypes(
  db: Kysely<Database>,
  phrase: string,
  limit: number,
): Promise<VehicleType[]> {
  const words = phrase.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const whole = phrase.trim().toLowerCase().replace(/\s+/g, ' ');
  const starts = `${escapeLike(whole)}%`;
  const rank = sql<number>`case
    when lower(make_variant) = ${whole} then 0
    when lower(make_variant) like ${starts} escape ${'\\'} then 1
    when lower(variant) like ${starts} escape ${'\\'} then 2
    when lower(make) like ${starts} escape ${'\\'} then 3
    else 4 end`;
  let query = db.selectFrom('vehicleTypes').select(['id', 'make', 'variant', 'makeVariant']);
  for (const word of words) {
    // make_variant is make and variant together, so one match covers all three fields.
    query = query.where(sql<SqlBool>`lower(make_variant) like ${`%${escapeLike(word)}%`} escape ${'\\'}`);
  }
  return query.orderBy(rank).orderBy('makeVariant').orderBy('id').limit(limit).execute();
}

export function findVehicleType(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('vehicleTypes')
    .select(['id', 'make', 'variant', 'makeVariant'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Every type's make and variant, alphabetical: the import template's list of vehicles. */
export async function vehicleTypeNames(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('vehicleTypes').select('makeVariant').orderBy('makeVariant').execute();
  return rows.map((row) => row.makeVariant);
}
