import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import { identityColumn } from '../database';

/*
 * Alarms (see src/alarms): a security event on a vehicle opens one, a person acknowledges it,
 * may escalate it to a partner and resolves it with a reason. One alarm per vehicle and kind is
 * active at a time (a partial unique index, on both engines), so a repeat joins it. Every step is
 * an alarm_events row, the alarm's timeline.
 */
export const alarmsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('alarms')
      .addColumn('id', 'integer', identityColumn(db))
      .addColumn('vehicle_id', 'integer', (column) =>
        column.notNull().references('vehicles.id').onDelete('cascade'),
      )
      .addColumn('kind', 'text', (column) => column.notNull())
      .addColumn('priority', 'integer', (column) => column.notNull())
      .addColumn('state', 'text', (column) => column.notNull())
      .addColumn('acknowledge_within_seconds', 'integer', (column) => column.notNull())
      .addColumn('opened_at', 'text', (column) => column.notNull())
      .addColumn('last_event_at', 'text', (column) => column.notNull())
      .addColumn('event_count', 'integer', (column) => column.notNull().defaultTo(1))
      .addColumn('acknowledged_at', 'text')
      .addColumn('acknowledged_by_user_id', 'integer', (column) =>
        column.references('users.id').onDelete('set null'),
      )
      .addColumn('escalated_at', 'text')
      .addColumn('resolved_at', 'text')
      .addColumn('resolved_by_user_id', 'integer', (column) =>
        column.references('users.id').onDelete('set null'),
      )
      .addColumn('resolution', 'text')
      .addColumn('resolution_note', 'text')
      .execute();
    // One active alarm per vehicle and kind: a second insert fails, so a race joins the first.
    await db.schema
      .createIndex('alarms_active_vehicle_kind')
      .unique()
      .on('alarms')
      .columns(['vehicle_id', 'kind'])
      .where(sql.ref('state'), '<>', 'Resolved')
      .execute();
    // The queue: a state's alarms, highest priority and oldest first.
    await db.schema
      .createIndex('alarms_queue')
      .on('alarms')
      .columns(['state', 'priority', 'opened_at', 'id'])
      .execute();
    // The figures: alarms opened in a range of days.
    await db.schema.createIndex('alarms_opened').on('alarms').columns(['opened_at']).execute();
    await db.schema.createIndex('alarms_vehicle').on('alarms').columns(['vehicle_id']).execute();

    await db.schema
      .createTable('alarm_events')
      .addColumn('id', 'integer', identityColumn(db))
      .addColumn('alarm_id', 'integer', (column) =>
        column.notNull().references('alarms.id').onDelete('cascade'),
      )
      .addColumn('date_time', 'text', (column) => column.notNull())
      .addColumn('type', 'text', (column) => column.notNull())
      .addColumn('by_user_id', 'integer', (column) => column.references('users.id').onDelete('set null'))
      .addColumn('text', 'text')
      .execute();
    await db.schema
      .createIndex('alarm_events_alarm')
      .on('alarm_events')
      .columns(['alarm_id', 'id'])
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('alarm_events').execute();
    await db.schema.dropTable('alarms').execute();
  },
};
