import type { Kysely, Migration } from 'kysely';
import { identityColumn } from '../database';

/*
 * Staff second factors and sessions (see src/second-factors and src/sessions). A session is a
 * refresh-token family: sign_in_sessions keeps what the person sees of it and when its last second
 * factor was given. A sign-in waiting for its second factor is a sign_in_challenges row (opaque,
 * single use, five minutes).
 */
export const secondFactorsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('sign_in_sessions')
      .addColumn('family_id', 'text', (column) => column.primaryKey())
      .addColumn('user_id', 'integer', (column) =>
        column.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('browser', 'text', (column) => column.notNull())
      .addColumn('address', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('last_used_at', 'text', (column) => column.notNull())
      .addColumn('second_factor_at', 'text')
      /** The WebAuthn challenge of a passkey registration or step-up in progress. */
      .addColumn('webauthn_challenge', 'text')
      .execute();
    await db.schema
      .createIndex('sign_in_sessions_user')
      .on('sign_in_sessions')
      .columns(['user_id', 'created_at'])
      .execute();

    await db.schema
      .createTable('sign_in_challenges')
      .addColumn('id', 'integer', identityColumn(db))
      .addColumn('token_hash', 'text', (column) => column.notNull().unique())
      .addColumn('user_id', 'integer', (column) =>
        column.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('expires_at', 'text', (column) => column.notNull())
      .addColumn('used_at', 'text')
      .addColumn('webauthn_challenge', 'text')
      .execute();

    await db.schema
      .createTable('totp_factors')
      .addColumn('user_id', 'integer', (column) =>
        column.primaryKey().references('users.id').onDelete('cascade'),
      )
      .addColumn('secret', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('confirmed_at', 'text')
      .addColumn('last_used_step', 'integer')
      .execute();

    await db.schema
      .createTable('passkeys')
      .addColumn('id', 'integer', identityColumn(db))
      .addColumn('user_id', 'integer', (column) =>
        column.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('credential_id', 'text', (column) => column.notNull().unique())
      .addColumn('public_key', 'text', (column) => column.notNull())
      .addColumn('counter', 'bigint', (column) => column.notNull())
      .addColumn('transports', 'text')
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('last_used_at', 'text')
      .execute();
    await db.schema.createIndex('passkeys_user').on('passkeys').column('user_id').execute();

    await db.schema
      .createTable('recovery_codes')
      .addColumn('id', 'integer', identityColumn(db))
      .addColumn('user_id', 'integer', (column) =>
        column.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('code_hash', 'text', (column) => column.notNull())
      .addColumn('used_at', 'text')
      .execute();
    await db.schema
      .createIndex('recovery_codes_user_hash')
      .on('recovery_codes')
      .columns(['user_id', 'code_hash'])
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('recovery_codes').execute();
    await db.schema.dropTable('passkeys').execute();
    await db.schema.dropTable('totp_factors').execute();
    await db.schema.dropTable('sign_in_challenges').execute();
    await db.schema.dropTable('sign_in_sessions').execute();
  },
};
