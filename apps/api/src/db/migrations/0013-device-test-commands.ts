import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import { identityColumn } from '../database';

/*
 * Lock and unlock sent to a free device (one on the burn-in bench, linked to no vehicle) to test
 * its relay over the command channel. Apart from device_commands, whose every row belongs to a
 * vehicle: a test changes no vehicle's lock state and writes no history. Dialect-neutral like
 * 0008: flags are integers, instants ISO text.
 */
export const deviceTestCommandsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('device_test_commands')
      .addColumn('id', 'integer', identityColumn(db))
      .addColumn('device_id', 'integer', (column) =>
        column.notNull().references('devices.id').onDelete('cascade'),
      )
      // 'Lock' | 'Unlock'
      .addColumn('type', 'text', (column) => column.notNull())
      // 'Pending' | 'Delivered' | 'Confirmed' | 'Failed' | 'Expired' | 'Cancelled'
      .addColumn('status', 'text', (column) => column.notNull())
      .addColumn('requested_by_user_id', 'integer', (column) =>
        column.references('users.id').onDelete('set null'),
      )
      .addColumn('requested_at', 'text', (column) => column.notNull())
      .addColumn('expires_at', 'text', (column) => column.notNull())
      .addColumn('delivered_at', 'text')
      .addColumn('completed_at', 'text')
      .addColumn('result_is_locked', 'integer')
      .addColumn('reason', 'text')
      .execute();
    // At most one test command waits for each device, as for a vehicle's commands.
    await db.schema
      .createIndex('device_test_commands_one_pending')
      .on('device_test_commands')
      .column('device_id')
      .unique()
      .where(sql.ref('status'), '=', 'Pending')
      .execute();
    await db.schema
      .createIndex('device_test_commands_device_status')
      .on('device_test_commands')
      .columns(['device_id', 'status'])
      .execute();
    await db.schema
      .createIndex('device_test_commands_open_expiry')
      .on('device_test_commands')
      .columns(['status', 'expires_at'])
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('device_test_commands').execute();
  },
};
