import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import { identityColumn } from '../database';

/** Roles, users with their roles, and the refresh tokens of signed-in sessions. */
export const authMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('roles')
      .addColumn('id', 'integer', identityColumn(db))
      .addColumn('name', 'text', (column) => column.notNull().unique())
      .execute();

    await db.schema
      .createTable('users')
      .addColumn('id', 'integer', identityColumn(db))
      .addColumn('email', 'text', (column) => column.notNull())
      .addColumn('first_name', 'text', (column) => column.notNull())
      .addColumn('last_name', 'text', (column) => column.notNull())
      .addColumn('phone_code', 'text', (column) => column.notNull().defaultTo('27'))
      .addColumn('phone_number', 'text', (column) => column.notNull())
      // Agents are created without an ID number; account holders always have one.
      .addColumn('id_number', 'text')
      .addColumn('id_number_is_south_african', 'integer', (column) => column.notNull().defaultTo(1))
      // Null until the user creates a password from the emailed link.
      .addColumn('password_hash', 'text')
      .addColumn('tamper_active', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('created_on_date_time', 'text', (column) => column.notNull())
      .execute();
    // Addresses are unique whatever their case, as people type them.
    await db.schema
      .createIndex('users_email_lower_unique')
      .on('users')
      .unique()
      .expression(sql`lower(email)`)
      .execute();

    await db.schema
      .createTable('user_roles')
      .addColumn('user_id', 'integer', (column) =>
        column.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('role_id', 'integer', (column) =>
        column.notNull().references('roles.id').onDelete('cascade'),
      )
      .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role_id'])
      .execute();

    await db.schema
      .createTable('refresh_tokens')
      .addColumn('id', 'integer', identityColumn(db))
      .addColumn('token_hash', 'text', (column) => column.notNull().unique())
      .addColumn('family_id', 'text', (column) => column.notNull())
      .addColumn('user_id', 'integer', (column) =>
        column.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('expires_at', 'text', (column) => column.notNull())
      .addColumn('used_at', 'text')
      .addColumn('revoked_at', 'text')
      .execute();
    await db.schema
      .createIndex('refresh_tokens_family_id')
      .on('refresh_tokens')
      .column('family_id')
      .execute();
    await db.schema.createIndex('refresh_tokens_user_id').on('refresh_tokens').column('user_id').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('refresh_tokens').execute();
    await db.schema.dropTable('user_roles').execute();
    await db.schema.dropTable('users').execute();
    await db.schema.dropTable('roles').execute();
  },
};
