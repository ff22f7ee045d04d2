import type { Kysely, Migration } from 'kysely';
import { identityColumn } from '../database';

/*
 * The rows a Company-Admin's import previews have checked against the database, one row per
 * upload or new mapping: the preview tells whether each row's e-mail, ID number and registration
 * can be used, so the checks of one user are counted over a day and throttled. Kept apart from
 * the jobs, which are deleted when their preview expires.
 */
export const importLimitsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('import_checks')
      .addColumn('id', 'integer', identityColumn(db))
      .addColumn('user_id', 'integer', (column) =>
        column.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('rows', 'integer', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('import_checks_user')
      .on('import_checks')
      .columns(['user_id', 'created_at'])
      .execute();
    // The sweep of expired previews looks them up by status and age.
    await db.schema
      .createIndex('import_jobs_status_created')
      .on('import_jobs')
      .columns(['status', 'created_on_date_time'])
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('import_jobs_status_created').execute();
    await db.schema.dropTable('import_checks').execute();
  },
};
