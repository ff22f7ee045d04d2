import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import { identityColumn } from '../database';

/*
 * Onboarding: the vehicle-type catalogue the vehicle step searches, regions and fitment centres
 * with their installation slots, bookings, subscriptions and their payments. Dialect-neutral like
 * 0002: flags are integers, instants ISO text.
 */
export const onboardingMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('vehicle_types')
      .addColumn('id', 'integer', identityColumn(db))
      .addColumn('make', 'text', (column) => column.notNull())
      .addColumn('variant', 'text', (column) => column.notNull())
      .addColumn('make_variant', 'text', (column) => column.notNull())
      .execute();
    // One row per make and variant whatever the case; the seed adds the missing ones by this key.
    await db.schema
      .createIndex('vehicle_types_make_variant_unique')
      .on('vehicle_types')
      .unique()
      .expression(sql`lower(make_variant)`)
      .execute();

    await db.schema
      .alterTable('vehicles')
      .addColumn('vehicle_type_id', 'integer', (column) => column.references('vehicle_types.id'))
      .execute();

    await db.schema
      .createTable('regions')
      .addColumn('id', 'integer', identityColumn(db))
      .addColumn('name', 'text', (column) => column.notNull().unique())
      .addColumn('active', 'integer', (column) => column.notNull().defaultTo(1))
      .execute();
    await db.schema
      .createTable('fitment_centers')
      .addColumn('id', 'integer', identityColumn(db))
      .addColumn('region_id', 'integer', (column) => column.notNull().references('regions.id'))
      .addColumn('name', 'text', (column) => column.notNull().unique())
      .addColumn('area', 'text', (column) => column.notNull())
      .addColumn('active', 'integer', (column) => column.notNull().defaultTo(1))
      .execute();
    // A centre's weekly slots: which weekdays (0 Sunday .. 6 Saturday), from and to (UTC
    // 'HH:MM'), and how many installations fit at once.
    await db.schema
      .createTable('fitment_center_slots')
      .addColumn('id', 'integer', identityColumn(db))
      .addColumn('fitment_center_id', 'integer', (column) =>
        column.notNull().references('fitment_centers.id').onDelete('cascade'),
      )
      .addColumn('weekday', 'integer', (column) => column.notNull())
      .addColumn('utc_time_start', 'text', (column) => column.notNull())
      .addColumn('utc_time_end', 'text', (column) => column.notNull())
      .addColumn('capacity', 'integer', (column) => column.notNull())
      .addUniqueConstraint('fitment_center_slots_unique', ['fitment_center_id', 'weekday', 'utc_time_start'])
      .execute();
    // How many active bookings hold one dated slot. The guarded increment (booked < capacity) is
    // what lets exactly one of two racing agents take the last place, on either engine.
    await db.schema
      .createTable('slot_bookings')
      .addColumn('slot_id', 'integer', (column) =>
        column.notNull().references('fitment_center_slots.id').onDelete('cascade'),
      )
      .addColumn('utc_date', 'text', (column) => column.notNull())
      .addColumn('booked', 'integer', (column) => column.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('slot_bookings_pk', ['slot_id', 'utc_date'])
      .execute();

    await db.schema
      .createTable('installation_bookings')
      .addColumn('id', 'integer', identityColumn(db))
      .addColumn('vehicle_id', 'integer', (column) =>
        column.notNull().references('vehicles.id').onDelete('cascade'),
      )
      .addColumn('fitment_center_id', 'integer', (column) =>
        column.notNull().references('fitment_centers.id'),
      )
      // Null for an existing installation recorded after the fact (it holds no place).
      .addColumn('slot_id', 'integer', (column) => column.references('fitment_center_slots.id'))
      .addColumn('installation_utc_date_time', 'text', (column) => column.notNull())
      .addColumn('active', 'integer', (column) => column.notNull().defaultTo(1))
      .addColumn('onboarding_existing_client', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('created_on_date_time', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('installation_bookings_vehicle')
      .on('installation_bookings')
      .columns(['vehicle_id', 'active'])
      .execute();

    await db.schema
      .createTable('subscriptions')
      .addColumn('id', 'integer', identityColumn(db))
      .addColumn('vehicle_id', 'integer', (column) =>
        column.notNull().references('vehicles.id').onDelete('cascade'),
      )
      .addColumn('subscription_plan_id', 'integer', (column) =>
        column.notNull().references('subscription_plans.id'),
      )
      .addColumn('is_offline', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('deposit_amount_cents', 'integer', (column) => column.notNull())
      // 'Deposit-Pending' | 'Deposit-Paid' | 'Offline'
      .addColumn('status', 'text', (column) => column.notNull())
      .addColumn('created_by_user_id', 'integer', (column) =>
        column.references('users.id').onDelete('set null'),
      )
      .addColumn('created_on_date_time', 'text', (column) => column.notNull())
      .execute();
    // Each deposit link: the reference the provider knows it by, and what became of it.
    await db.schema
      .createTable('payments')
      .addColumn('id', 'integer', identityColumn(db))
      .addColumn('subscription_id', 'integer', (column) =>
        column.notNull().references('subscriptions.id').onDelete('cascade'),
      )
      .addColumn('reference', 'text', (column) => column.notNull().unique())
      .addColumn('amount_cents', 'integer', (column) => column.notNull())
      // 'Pending' | 'Paid' | 'Declined' | 'Superseded'
      .addColumn('status', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('settled_at', 'text')
      .execute();
    // Notification ids already applied: a replayed notification is recognised and changes nothing.
    await db.schema
      .createTable('payment_notifications')
      .addColumn('notification_id', 'text', (column) => column.primaryKey())
      .addColumn('received_at', 'text', (column) => column.notNull())
      .execute();
  },

  async down(db: Kysely<unknown>) {
    for (const table of [
      'payment_notifications',
      'payments',
      'subscriptions',
      'installation_bookings',
      'slot_bookings',
      'fitment_center_slots',
      'fitment_centers',
      'regions',
    ]) {
      await db.schema.dropTable(table).execute();
    }
    await db.schema.alterTable('vehicles').dropColumn('vehicle_type_id').execute();
    await db.schema.dropTable('vehicle_types').execute();
  },
};
