import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import { identityColumn } from '../database';

/*
 * Lock and unlock reach the device: each request is a command the device fetches on its own
 * channel and acknowledges; partner alerts keep the outcome of every webhook delivery.
 * Dialect-neutral like 0002: flags are integers, instants ISO text.
 */
export const deviceCommandsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('device_commands')
      .addColumn('id', 'integer', identityColumn(db))
      .addColumn('vehicle_id', 'integer', (column) =>
        column.notNull().references('vehicles.id').onDelete('cascade'),
      )
      // The device linked when it was asked for: only that device may fetch and answer it.
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
      // The lock state the device reported with its outcome.
      .addColumn('result_is_locked', 'integer')
      .addColumn('reason', 'text')
      .execute();
    // At most one command waits for each vehicle: a newer request replaces it, and this index
    // settles two requests that race (both engines support partial indexes).
    await db.schema
      .createIndex('device_commands_one_pending')
      .on('device_commands')
      .column('vehicle_id')
      .unique()
      .where(sql.ref('status'), '=', 'Pending')
      .execute();
    await db.schema
      .createIndex('device_commands_device_status')
      .on('device_commands')
      .columns(['device_id', 'status'])
      .execute();
    await db.schema
      .createIndex('device_commands_vehicle_newest')
      .on('device_commands')
      .columns(['vehicle_id', 'id'])
      .execute();
    // The expiry sweep reads the open commands by deadline.
    await db.schema
      .createIndex('device_commands_open_expiry')
      .on('device_commands')
      .columns(['status', 'expires_at'])
      .execute();

    // When the device last asked for commands: the dashboard says "offline" when it is long ago.
    await db.schema.alterTable('devices').addColumn('commands_seen_at', 'text').execute();
    // A LockState entry written by a command's outcome names it (who asked, when, what became of it).
    await db.schema
      .alterTable('vehicle_history')
      .addColumn('command_id', 'integer', (column) =>
        column.references('device_commands.id').onDelete('set null'),
      )
      .execute();

    // Every partner alert and what the partner made of it, whichever provider sent it.
    await db.schema
      .createTable('partner_alerts')
      .addColumn('id', 'integer', identityColumn(db))
      .addColumn('vehicle_id', 'integer', (column) =>
        column.notNull().references('vehicles.id').onDelete('cascade'),
      )
      // 'Aura' | 'Capital Air'
      .addColumn('partner', 'text', (column) => column.notNull())
      .addColumn('raised_by_user_id', 'integer', (column) =>
        column.references('users.id').onDelete('set null'),
      )
      .addColumn('accepted', 'integer', (column) => column.notNull())
      // The partner's status when it accepted ('Dispatched'), else what went wrong.
      .addColumn('status', 'text', (column) => column.notNull())
      .addColumn('attempts', 'integer', (column) => column.notNull())
      .addColumn('http_status', 'integer')
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('completed_at', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('partner_alerts_vehicle')
      .on('partner_alerts')
      .columns(['vehicle_id', 'id'])
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('partner_alerts').execute();
    await db.schema.alterTable('vehicle_history').dropColumn('command_id').execute();
    await db.schema.alterTable('devices').dropColumn('commands_seen_at').execute();
    await db.schema.dropTable('device_commands').execute();
  },
};
