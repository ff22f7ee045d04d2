import type { Kysely } from 'kysely';
import { ROLE_NAMES } from '@sentinel/domain';
import type { Database } from '../schema';

/** The four roles are reference data the server needs, demo or not; adds only the missing ones. */
export async function seedRoles(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('roles')
    .values(ROLE_NAMES.map((name) => ({ name })))
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
}

/** Role ids by name; the roles are there once seedRoles has run. */
export async function roleIds(db: Kysely<Database>): Promise<Map<string, number>> {
  return new Map((await db.selectFrom('roles').select(['id', 'name']).execute()).map((r) => [r.name, r.id]));
}
