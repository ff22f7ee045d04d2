import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import { identityColumn } from '../database';

/*
 * Companies, subscription plans, devices, vehicles with their drivers and history, the dev outbox
 * and password-creation tokens. Dialect-neutral like 0001: flags are integers, instants ISO text.
 */
export const vehiclesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    // Maintained per-user counters: the client list filters and sorts on them at 100k users,
    // which a grouped subquery per request cannot do from an index (see README, Scale).
    await db.schema
      .alterTable('users')
      .addColumn('vehicles_with_device_count', 'integer', (column) => column.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('users')
      .addColumn('vehicles_without_device_count', 'integer', (column) => column.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('users_created')
      .on('users')
      .columns(['created_on_date_time', 'id'])
      .execute();
    await db.schema.createIndex('users_names').on('users').columns(['first_name', 'last_name']).execute();
    await db.schema.createIndex('users_last_name').on('users').column('last_name').execute();
    await db.schema
      .createIndex('users_tamper_created')
      .on('users')
      .columns(['tamper_active', 'created_on_date_time'])
      .execute();
    await db.schema
      .createIndex('users_with_device_created')
      .on('users')
      .columns(['vehicles_with_device_count', 'created_on_date_time'])
      .execute();
    await db.schema
      .createIndex('users_without_device_created')
      .on('users')
      .columns(['vehicles_without_device_count', 'created_on_date_time'])
      .execute();
    await db.schema.createIndex('user_roles_role').on('user_roles').columns(['role_id', 'user_id']).execute();

    await db.schema
      .createTable('companies')
      .addColumn('id', 'integer', identityColumn(db))
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('created_on_date_time', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createTable('company_users')
      .addColumn('company_id', 'integer', (column) =>
        column.notNull().references('companies.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'integer', (column) =>
        column.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('role', 'text', (column) => column.notNull())
      .addPrimaryKeyConstraint('company_users_pk', ['company_id', 'user_id'])
      .execute();
    await db.schema.createIndex('company_users_user').on('company_users').column('user_id').execute();

    await db.schema
      .createTable('subscription_plans')
      .addColumn('id', 'integer', identityColumn(db))
      .addColumn('display_name', 'text', (column) => column.notNull())
      .addColumn('description', 'text', (column) => column.notNull())
      .addColumn('available', 'integer', (column) => column.notNull().defaultTo(1))
      .addColumn('is_offline', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('deposit_amount_cents', 'integer', (column) => column.notNull().defaultTo(0))
      .execute();

    await db.schema
      .createTable('vehicles')
      .addColumn('id', 'integer', identityColumn(db))
      .addColumn('user_id', 'integer', (column) =>
        column.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('registration_number', 'text', (column) => column.notNull())
      .addColumn('make', 'text', (column) => column.notNull())
      .addColumn('model', 'text', (column) => column.notNull())
      .addColumn('make_variant', 'text', (column) => column.notNull())
      .addColumn('nickname', 'text')
      .addColumn('registration_year', 'text', (column) => column.notNull())
      .addColumn('vehicle_colour', 'text', (column) => column.notNull())
      .addColumn('vin_number', 'text')
      .addColumn('engine_number', 'text')
      .addColumn('subscription_plan_id', 'integer', (column) => column.references('subscription_plans.id'))
      .addColumn('subscription_id', 'integer')
      .addColumn('subscription_deposit_amount_paid', 'integer')
      // 'Booking-Pending' | 'Scheduled' | null once installed.
      .addColumn('onboarding_status', 'text')
      // Null while no device has reported a lock state.
      .addColumn('is_locked', 'integer')
      .addColumn('tamper_active', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('last_known_gps_latitude_degrees', 'double precision')
      .addColumn('last_known_gps_longitude_degrees', 'double precision')
      .addColumn('gps_date_time', 'text')
      .addColumn('created_on_date_time', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('vehicles_user')
      .on('vehicles')
      .columns(['user_id', 'created_on_date_time'])
      .execute();
    await db.schema
      .createIndex('vehicles_onboarding_created')
      .on('vehicles')
      .columns(['onboarding_status', 'created_on_date_time'])
      .execute();
    await db.schema
      .createIndex('vehicles_registration')
      .on('vehicles')
      .column('registration_number')
      .execute();
    await db.schema.createIndex('vehicles_make_model').on('vehicles').columns(['make', 'model']).execute();
    await db.schema
      .createIndex('vehicles_created')
      .on('vehicles')
      .columns(['created_on_date_time', 'id'])
      .execute();
    await db.schema.createIndex('vehicles_tamper').on('vehicles').column('tamper_active').execute();

    await db.schema
      .createTable('devices')
      .addColumn('id', 'integer', identityColumn(db))
      .addColumn('serial_number', 'text', (column) => column.notNull())
      .addColumn('active', 'integer', (column) => column.notNull().defaultTo(1))
      // Unique: a device is linked to at most one vehicle and a vehicle has at most one device
      // (NULLs never collide in a unique index, on either engine).
      .addColumn('vehicle_id', 'integer', (column) =>
        column.unique().references('vehicles.id').onDelete('set null'),
      )
      .addColumn('test_station', 'text')
      .addColumn('application_version', 'text')
      // 0 means auto-lock is disabled.
      .addColumn('auto_lock_enabled_state', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('car_battery_volts', 'double precision')
      .addColumn('device_battery_percent', 'integer')
      // SHA-256 of the key a device presents to the ingestion endpoint (live-updates issue).
      .addColumn('ingest_key_hash', 'text')
      .addColumn('created_on_date_time', 'text', (column) => column.notNull())
      .execute();
    // Serial numbers are matched whatever their case, so they are unique that way too.
    await db.schema
      .createIndex('devices_serial_lower_unique')
      .on('devices')
      .unique()
      .expression(sql`lower(serial_number)`)
      .execute();
    await db.schema.createIndex('devices_serial').on('devices').column('serial_number').execute();

    await db.schema
      .createTable('drivers')
      .addColumn('id', 'integer', identityColumn(db))
      .addColumn('vehicle_id', 'integer', (column) =>
        column.notNull().references('vehicles.id').onDelete('cascade'),
      )
      .addColumn('first_name', 'text', (column) => column.notNull())
      .addColumn('last_name', 'text', (column) => column.notNull())
      .addColumn('email', 'text', (column) => column.notNull())
      .addColumn('phone_code', 'text', (column) => column.notNull().defaultTo('27'))
      .addColumn('phone_number', 'text', (column) => column.notNull())
      .addColumn('id_number', 'text', (column) => column.notNull())
      .addColumn('id_number_is_south_african', 'integer', (column) => column.notNull().defaultTo(1))
      .execute();
    await db.schema.createIndex('drivers_vehicle').on('drivers').column('vehicle_id').execute();

    await db.schema
      .createTable('vehicle_history')
      .addColumn('id', 'integer', identityColumn(db))
      .addColumn('vehicle_id', 'integer', (column) =>
        column.notNull().references('vehicles.id').onDelete('cascade'),
      )
      .addColumn('date_time', 'text', (column) => column.notNull())
      // AuraCallout | LockState | TamperAlert | CapitalAirIncident
      .addColumn('type', 'text', (column) => column.notNull())
      .addColumn('is_locked', 'integer')
      .addColumn('is_locked_by_user_id', 'integer', (column) =>
        column.references('users.id').onDelete('set null'),
      )
      .addColumn('is_locked_changed_by_admin_user', 'integer')
      .addColumn('tamper_cancelled', 'integer')
      .addColumn('tamper_cancelled_by_user_id', 'integer', (column) =>
        column.references('users.id').onDelete('set null'),
      )
      .addColumn('tamper_car_battery_state', 'text')
      .addColumn('tamper_gps_state', 'text')
      .addColumn('aura_callout_status', 'text')
      .addColumn('aura_callout_created_by_user_id', 'integer', (column) =>
        column.references('users.id').onDelete('set null'),
      )
      .addColumn('capital_air_incident_status', 'text')
      .addColumn('capital_air_incident_created_by_user_id', 'integer', (column) =>
        column.references('users.id').onDelete('set null'),
      )
      .addColumn('latitude_degrees', 'double precision')
      .addColumn('longitude_degrees', 'double precision')
      .execute();
    await db.schema
      .createIndex('vehicle_history_vehicle_date')
      .on('vehicle_history')
      .columns(['vehicle_id', 'date_time desc', 'id desc'])
      .execute();

    await db.schema
      .createTable('outbox')
      .addColumn('id', 'integer', identityColumn(db))
      // 'sms' | 'email' | 'partner'
      .addColumn('channel', 'text', (column) => column.notNull())
      .addColumn('recipient', 'text', (column) => column.notNull())
      .addColumn('subject', 'text', (column) => column.notNull())
      .addColumn('body', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .execute();

    await db.schema
      .createTable('password_creation_tokens')
      .addColumn('token_hash', 'text', (column) => column.primaryKey())
      .addColumn('user_id', 'integer', (column) =>
        column.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('expires_at', 'text', (column) => column.notNull())
      .addColumn('used_at', 'text')
      .execute();
    await db.schema
      .createIndex('password_creation_tokens_user')
      .on('password_creation_tokens')
      .column('user_id')
      .execute();
  },

  async down(db: Kysely<unknown>) {
    for (const table of [
      'password_creation_tokens',
      'outbox',
      'vehicle_history',
      'drivers',
      'devices',
      'vehicles',
      'subscription_plans',
      'company_users',
      'companies',
    ]) {
      await db.schema.dropTable(table).execute();
    }
    for (const index of [
      'users_created',
      'users_names',
      'users_last_name',
      'users_tamper_created',
      'users_with_device_created',
      'users_without_device_created',
      'user_roles_role',
    ]) {
      await db.schema.dropIndex(index).execute();
    }
    await db.schema.alterTable('users').dropColumn('vehicles_without_device_count').execute();
    await db.schema.alterTable('users').dropColumn('vehicles_with_device_count').execute();
  },
};
