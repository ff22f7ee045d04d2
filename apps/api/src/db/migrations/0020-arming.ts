import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';

/*
 * Arming (see src/arming): a vehicle armed by hand (since when, by whom), its schedule (the
 * contract's ArmingSchedule as JSON text: one value read and written whole, never queried by its
 * parts), a schedule window set aside by a disarm inside it, and the anchor its movement is
 * measured from with the arming it belongs to (the armedSince or the window start it was taken
 * for). The telemetry path reads them with the vehicle's row it already reads for every report;
 * the partial index keeps "which vehicles are armed" to the armed rows alone.
 */
export const armingMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('vehicles').addColumn('armed_since', 'text').execute();
    await db.schema
      .alterTable('vehicles')
      .addColumn('armed_by_user_id', 'integer', (column) =>
        column.references('users.id').onDelete('set null'),
      )
      .execute();
    await db.schema.alterTable('vehicles').addColumn('arming_schedule', 'text').execute();
    await db.schema.alterTable('vehicles').addColumn('schedule_suspended_until', 'text').execute();
    await db.schema.alterTable('vehicles').addColumn('arming_anchor_latitude', 'double precision').execute();
    await db.schema.alterTable('vehicles').addColumn('arming_anchor_longitude', 'double precision').execute();
    await db.schema.alterTable('vehicles').addColumn('arming_anchor_since', 'text').execute();
    await db.schema
      .createIndex('vehicles_arming')
      .on('vehicles')
      .column('id')
      .where(sql<boolean>`armed_since is not null or arming_schedule is not null`)
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('vehicles_arming').execute();
    for (const column of [
      'arming_anchor_since',
      'arming_anchor_longitude',
      'arming_anchor_latitude',
      'schedule_suspended_until',
      'arming_schedule',
      'armed_by_user_id',
      'armed_since',
    ]) {
      await db.schema.alterTable('vehicles').dropColumn(column).execute();
    }
  },
};
