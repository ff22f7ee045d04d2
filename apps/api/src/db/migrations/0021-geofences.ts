import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import { identityColumn } from '../database';

/*
 * Geofences (see src/geofences): a named circle or polygon (the contract's GeofenceShape as JSON
 * text), the vehicles it watches (scope_kind and scope_id: a vehicle, an account holder, a company,
 * or null for Everyone) and its rules (JSON text of the contract's GeofenceRule list). Shapes and
 * rules are read and written whole, never queried by their parts: the lookup is each api
 * instance's R-tree. geofence_revision is one row bumped in the transaction of every change, so an
 * instance reloads its tree when the number it holds is no longer the stored one. Each vehicle
 * keeps where it stands against the geofences it is inside (the domain's GeofencePresence as JSON
 * text, null when it is inside none), read with the row the telemetry path reads for every report.
 */
export const geofencesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('geofences')
      .addColumn('id', 'integer', identityColumn(db))
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('shape', 'text', (column) => column.notNull())
      .addColumn('scope_kind', 'text', (column) => column.notNull())
      .addColumn('scope_id', 'integer')
      .addColumn('rules', 'text', (column) => column.notNull())
      .addColumn('created_by_user_id', 'integer', (column) =>
        column.references('users.id').onDelete('set null'),
      )
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('updated_at', 'text', (column) => column.notNull())
      .execute();
    // The geofences of one vehicle, holder or company (the screens' rules per scope).
    await db.schema
      .createIndex('geofences_scope')
      .on('geofences')
      .columns(['scope_kind', 'scope_id'])
      .execute();
    // The list's order.
    await db.schema.createIndex('geofences_name').on('geofences').columns(['name', 'id']).execute();

    await db.schema
      .createTable('geofence_revision')
      .addColumn('revision', 'integer', (column) => column.notNull())
      .execute();
    await sql`insert into geofence_revision (revision) values (0)`.execute(db);

    await db.schema.alterTable('vehicles').addColumn('geofence_presence', 'text').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('vehicles').dropColumn('geofence_presence').execute();
    await db.schema.dropTable('geofence_revision').execute();
    await db.schema.dropTable('geofences').execute();
  },
};
