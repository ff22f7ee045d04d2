import type { Kysely, Migration } from 'kysely';

/*
 * Every GPS fix a vehicle's device reports, kept as a time series for trip replay (the vehicle
 * row only holds the newest). The key (vehicle_id, at) is the index a period's replay reads and
 * drops a fix the device sends twice. Coordinates are double precision as in 0002.
 */
export const positionFixesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('position_fixes')
      .addColumn('vehicle_id', 'integer', (column) =>
        column.notNull().references('vehicles.id').onDelete('cascade'),
      )
      .addColumn('at', 'text', (column) => column.notNull())
      .addColumn('latitude_degrees', 'double precision', (column) => column.notNull())
      .addColumn('longitude_degrees', 'double precision', (column) => column.notNull())
      .addPrimaryKeyConstraint('position_fixes_pk', ['vehicle_id', 'at'])
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('position_fixes').execute();
  },
};
