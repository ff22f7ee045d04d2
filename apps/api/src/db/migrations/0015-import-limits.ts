import type { Kysely, Migration } from 'kysely';

/* The sweep of expired import previews finds them by status and age. */
export const importLimitsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('import_jobs_status_created')
      .on('import_jobs')
      .columns(['status', 'created_on_date_time'])
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('import_jobs_status_created').execute();
  },
};
