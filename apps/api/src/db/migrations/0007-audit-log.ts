import type { Kysely, Migration } from 'kysely';
import { identityColumn } from '../database';

/*
 * The audit log: one row per security-relevant change or sign-in. No foreign key to users on
 * purpose: the row keeps who it was (id and e-mail at the time) even after the user is gone, and a
 * failed sign-in names an address that may belong to nobody.
 */
export const auditLogMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('audit_log')
      .addColumn('id', 'integer', identityColumn(db))
      .addColumn('occurred_at', 'text', (column) => column.notNull())
      .addColumn('user_id', 'integer')
      .addColumn('user_email', 'text')
      .addColumn('ip_address', 'text')
      .addColumn('user_agent', 'text')
      .addColumn('action', 'text', (column) => column.notNull())
      .addColumn('target_type', 'text')
      .addColumn('target_id', 'text')
      // A small JSON object as text: the same on both engines, and never queried inside.
      .addColumn('detail', 'text')
      .execute();
    // The screen reads newest first, optionally narrowed to one action or one user.
    await db.schema
      .createIndex('audit_log_occurred')
      .on('audit_log')
      .columns(['occurred_at', 'id'])
      .execute();
    await db.schema
      .createIndex('audit_log_action')
      .on('audit_log')
      .columns(['action', 'occurred_at', 'id'])
      .execute();
    await db.schema
      .createIndex('audit_log_user')
      .on('audit_log')
      .columns(['user_id', 'occurred_at', 'id'])
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('audit_log').execute();
  },
};
