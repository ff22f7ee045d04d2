import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import { identityColumn } from '../database';

/*
 * Bulk imports: a job per uploaded file and one row per line of it. The run's cursor (rows_done)
 * is written in the same transaction as each batch of rows, so a restarted api resumes exactly
 * where the last committed batch ended. Dialect-neutral like 0002: flags are integers, instants
 * ISO text, JSON kept as text.
 */
export const importsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('import_jobs')
      .addColumn('id', 'integer', identityColumn(db))
      .addColumn('created_by_user_id', 'integer', (column) =>
        column.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('company_id', 'integer', (column) => column.references('companies.id').onDelete('set null'))
      .addColumn('file_name', 'text', (column) => column.notNull())
      // 'Previewed' | 'Running' | 'Completed' | 'Cancelled' | 'Failed'
      .addColumn('status', 'text', (column) => column.notNull())
      .addColumn('headers', 'text', (column) => column.notNull())
      .addColumn('mapping', 'text', (column) => column.notNull())
      .addColumn('total_rows', 'integer', (column) => column.notNull())
      .addColumn('preview_new', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('preview_updated', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('preview_unchanged', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('preview_invalid', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('rows_done', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('result_created', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('result_updated', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('result_unchanged', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('result_invalid', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('result_failed', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('send_password_links', 'integer', (column) => column.notNull().defaultTo(0))
      // Where the rate is measured from: the run's (re)start and the rows done by then.
      .addColumn('run_started_at', 'text')
      .addColumn('run_start_rows_done', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('created_on_date_time', 'text', (column) => column.notNull())
      .addColumn('finished_on_date_time', 'text')
      .execute();
    await db.schema.createIndex('import_jobs_status').on('import_jobs').columns(['status']).execute();

    await db.schema
      .createTable('import_rows')
      .addColumn('job_id', 'integer', (column) =>
        column.notNull().references('import_jobs.id').onDelete('cascade'),
      )
      .addColumn('row_number', 'integer', (column) => column.notNull())
      // The file's cells as read (JSON array of text), so a new mapping needs no new upload.
      .addColumn('cells', 'text', (column) => column.notNull())
      // The mapped values and the errors per field (JSON objects), and the preview's plan.
      .addColumn('mapped', 'text', (column) => column.notNull().defaultTo('{}'))
      .addColumn('errors', 'text', (column) => column.notNull().defaultTo('{}'))
      .addColumn('has_errors', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('plan', 'text', (column) => column.notNull().defaultTo('Invalid'))
      .addColumn('outcome', 'text')
      .addColumn('message', 'text')
      .addPrimaryKeyConstraint('import_rows_pk', ['job_id', 'row_number'])
      .execute();
    await db.schema
      .createIndex('import_rows_errors')
      .on('import_rows')
      .columns(['job_id', 'has_errors', 'row_number'])
      .execute();

    // The import matches each row by e-mail (already indexed on lower(email)), ID number and
    // registration, whatever their case; without these a 50,000-row file scans the tables per row.
    await db.schema.createIndex('users_id_number').on('users').column('id_number').execute();
    await db.schema
      .createIndex('vehicles_registration_lower')
      .on('vehicles')
      .expression(sql`lower(registration_number)`)
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('vehicles_registration_lower').execute();
    await db.schema.dropIndex('users_id_number').execute();
    await db.schema.dropTable('import_rows').execute();
    await db.schema.dropTable('import_jobs').execute();
  },
};
