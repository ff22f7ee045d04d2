import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';

/*
 * Safe immobilisation: a lock keeps the reason staff gave (and their note), and a lock asked for
 * while the vehicle moved is held (status WaitingForSlowdown) with the speed at or below which a
 * report releases it. At most one held lock per vehicle; the telemetry path looks for it on every
 * fix, so the partial index on held rows alone keeps that look-up to an empty index on most reports.
 */
export const lockReasonsAndHoldsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('device_commands').addColumn('lock_reason', 'text').execute();
    await db.schema.alterTable('device_commands').addColumn('lock_note', 'text').execute();
    await db.schema.alterTable('device_commands').addColumn('release_at_kmh', 'real').execute();
    await db.schema
      .createIndex('device_commands_one_held')
      .on('device_commands')
      .column('vehicle_id')
      .unique()
      .where(sql.ref('status'), '=', 'WaitingForSlowdown')
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('device_commands_one_held').execute();
    // A held lock means nothing to the older code: it ends as if cancelled.
    await sql`update device_commands set status = 'Cancelled', reason = 'Replaced by a newer command'
      where status = 'WaitingForSlowdown'`.execute(db);
    await db.schema.alterTable('device_commands').dropColumn('release_at_kmh').execute();
    await db.schema.alterTable('device_commands').dropColumn('lock_note').execute();
    await db.schema.alterTable('device_commands').dropColumn('lock_reason').execute();
  },
};
