import type { Kysely, Migration } from 'kysely';
import { identityColumn } from '../database';

/*
 * Phone confirmation codes, password-reset tokens and the send log that throttles codes and links.
 * Dialect-neutral like the earlier migrations: instants are ISO text, counters integers.
 */
export const passwordsAndOtpMigration: Migration = {
  async up(db: Kysely<unknown>) {
    // Null until the account holder confirms the number with the code sent to it.
    await db.schema.alterTable('users').addColumn('phone_confirmed_at', 'text').execute();
    // Sign-up refuses a number already in use; this answers that lookup from an index.
    await db.schema.createIndex('users_phone').on('users').columns(['phone_number', 'phone_code']).execute();

    await db.schema
      .createTable('phone_confirmations')
      .addColumn('id', 'integer', identityColumn(db))
      .addColumn('user_id', 'integer', (column) =>
        column.notNull().references('users.id').onDelete('cascade'),
      )
      // HMAC-SHA-256 of the six digits under a server key: a copied table does not give the codes away.
      .addColumn('code_hash', 'text', (column) => column.notNull())
      .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('expires_at', 'text', (column) => column.notNull())
      .addColumn('used_at', 'text')
      .execute();
    await db.schema
      .createIndex('phone_confirmations_user')
      .on('phone_confirmations')
      .columns(['user_id', 'id'])
      .execute();

    await db.schema
      .createTable('password_reset_tokens')
      .addColumn('token_hash', 'text', (column) => column.primaryKey())
      .addColumn('user_id', 'integer', (column) =>
        column.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('expires_at', 'text', (column) => column.notNull())
      .addColumn('used_at', 'text')
      .execute();
    await db.schema
      .createIndex('password_reset_tokens_user')
      .on('password_reset_tokens')
      .column('user_id')
      .execute();

    // One row per code or link sent (or asked for), keyed e.g. 'otp-phone:27821234567' or
    // 'otp-ip:127.0.0.1': throttles count the rows of a key within a window, on every instance.
    await db.schema
      .createTable('send_log')
      .addColumn('id', 'integer', identityColumn(db))
      .addColumn('key', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .execute();
    await db.schema.createIndex('send_log_key').on('send_log').columns(['key', 'created_at']).execute();
  },

  async down(db: Kysely<unknown>) {
    for (const table of ['send_log', 'password_reset_tokens', 'phone_confirmations']) {
      await db.schema.dropTable(table).execute();
    }
    await db.schema.dropIndex('users_phone').execute();
    await db.schema.alterTable('users').dropColumn('phone_confirmed_at').execute();
  },
};
