import type { Kysely, Migration } from 'kysely';
import { dialectOf } from '@sentinel/database';

/*
 * Indexes the lists need on PostgreSQL as well as on SQLite:
 * - the A - Z order is first name, last name, then id; SQLite's index on the names already ends
 *   in the rowid, a PostgreSQL index has to name id to return that order without sorting;
 * - the contains search (lower(name) like '%text%') gets trigram indexes where the engine has
 *   them (PostgreSQL; see the dialects).
 */
const CONTAINS_INDEXES = [
  { name: 'users_first_name_contains', table: 'users', column: 'first_name' },
  { name: 'users_last_name_contains', table: 'users', column: 'last_name' },
];

export const listIndexesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.dropIndex('users_names').execute();
    await db.schema
      .createIndex('users_names')
      .on('users')
      .columns(['first_name', 'last_name', 'id'])
      .execute();
    for (const index of CONTAINS_INDEXES) await dialectOf(db).createContainsIndex(db, index);
  },

  async down(db: Kysely<unknown>) {
    for (const { name } of CONTAINS_INDEXES) await dialectOf(db).dropContainsIndex(db, name);
    await db.schema.dropIndex('users_names').execute();
    await db.schema.createIndex('users_names').on('users').columns(['first_name', 'last_name']).execute();
  },
};
