import type { Kysely, Migration } from 'kysely';

/*
 * What a tracker says about itself beside its batteries (the contract's TelemetryReport): whether
 * its motion sensor says the vehicle moves (0 or 1), its own backup battery's voltage and the
 * mobile signal in bars (0 to 5). Each is null until the device first reports it; like the other
 * device values they are written by the report's one update of the device's row.
 */
export const deviceSignalMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('devices').addColumn('moving', 'integer').execute();
    await db.schema.alterTable('devices').addColumn('device_battery_volts', 'double precision').execute();
    await db.schema.alterTable('devices').addColumn('gsm_signal_bars', 'integer').execute();
  },

  async down(db: Kysely<unknown>) {
    for (const column of ['gsm_signal_bars', 'device_battery_volts', 'moving']) {
      await db.schema.alterTable('devices').dropColumn(column).execute();
    }
  },
};
