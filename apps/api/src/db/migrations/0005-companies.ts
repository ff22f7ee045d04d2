import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';

/*
 * The companies screens: a company name is unique whatever its case (a second 'Acme' is refused
 * with errors.CompanyName, and the index decides when two requests race), and the list sorts by
 * name A - Z and Z - A with the id as tie-break, read in index order on both engines.
 */
export const companiesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('companies_name_lower_unique')
      .on('companies')
      .unique()
      .expression(sql`lower(name)`)
      .execute();
    await db.schema.createIndex('companies_name').on('companies').columns(['name', 'id']).execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('companies_name').execute();
    await db.schema.dropIndex('companies_name_lower_unique').execute();
  },
};
