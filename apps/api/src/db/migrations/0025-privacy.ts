import type { Kysely, Migration } from 'kysely';
import { identityColumn } from '../database';

/*
 * What South Africa's POPIA asks of personal and location data (api README "POPIA"):
 *
 * - audit_log.subject_user_id: the account holder an entry is about (a view of their record, their
 *   vehicle's history or trip; a change to them), so "who had access to my data" is one indexed
 *   read. No foreign key: the entries outlive an erasure, which is itself an entry.
 * - users: a legal hold (police cases) that stops erasure and retention deletes, set and cleared by
 *   an Admin with a reason; erased_at marks a holder whose personal fields were replaced.
 * - data_access_requests: an Admin's download of everything held about one holder. Only the
 *   token's SHA-256 is stored; the zip is built while it streams, so nothing of it is kept.
 * - breach_incidents: the register of security compromises (section 22): what happened, which data
 *   classes, how many people, and when the Information Regulator and the people were told.
 */
export const privacyMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('audit_log').addColumn('subject_user_id', 'integer').execute();
    await db.schema
      .createIndex('audit_log_subject')
      .on('audit_log')
      .columns(['subject_user_id', 'id'])
      .execute();

    await db.schema.alterTable('users').addColumn('legal_hold_reason', 'text').execute();
    await db.schema.alterTable('users').addColumn('legal_hold_set_at', 'text').execute();
    await db.schema.alterTable('users').addColumn('legal_hold_set_by_user_id', 'integer').execute();
    await db.schema.alterTable('users').addColumn('erased_at', 'text').execute();

    await db.schema
      .createTable('data_access_requests')
      .addColumn('id', 'integer', identityColumn(db))
      .addColumn('subject_user_id', 'integer', (column) =>
        column.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('requested_by_user_id', 'integer', (column) =>
        column.references('users.id').onDelete('set null'),
      )
      .addColumn('requested_at', 'text', (column) => column.notNull())
      .addColumn('expires_at', 'text', (column) => column.notNull())
      .addColumn('token_hash', 'text', (column) => column.notNull().unique())
      .addColumn('fixes_from', 'text')
      .addColumn('fixes_to', 'text')
      .addColumn('downloads', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('last_downloaded_at', 'text')
      .execute();
    await db.schema
      .createIndex('data_access_requests_subject')
      .on('data_access_requests')
      .columns(['subject_user_id', 'id'])
      .execute();

    await db.schema
      .createTable('breach_incidents')
      .addColumn('id', 'integer', identityColumn(db))
      .addColumn('occurred_at', 'text', (column) => column.notNull())
      .addColumn('discovered_at', 'text', (column) => column.notNull())
      .addColumn('description', 'text', (column) => column.notNull())
      .addColumn('data_classes', 'text', (column) => column.notNull())
      .addColumn('people_affected', 'integer', (column) => column.notNull())
      .addColumn('regulator_notified_at', 'text')
      .addColumn('people_notified_at', 'text')
      .addColumn('recorded_by_user_id', 'integer', (column) =>
        column.references('users.id').onDelete('set null'),
      )
      .addColumn('recorded_at', 'text', (column) => column.notNull())
      .addColumn('updated_at', 'text', (column) => column.notNull())
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('breach_incidents').execute();
    await db.schema.dropTable('data_access_requests').execute();
    for (const column of [
      'erased_at',
      'legal_hold_set_by_user_id',
      'legal_hold_set_at',
      'legal_hold_reason',
    ]) {
      await db.schema.alterTable('users').dropColumn(column).execute();
    }
    await db.schema.dropIndex('audit_log_subject').execute();
    await db.schema.alterTable('audit_log').dropColumn('subject_user_id').execute();
  },
};
