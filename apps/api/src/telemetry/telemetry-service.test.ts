import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { build } from '../app';
import { createDatabase, dialectOf } from '../db/database';
import { addTrackedVehicle } from '../live/test-support';
import type { GpsEvent } from '../vehicles/vehicle-events';
import { findDeviceBySerial } from './device-keys';
import type { IngestingDevice } from './device-keys';

type Device = Pick<IngestingDevice, 'id' | 'vehicleId'>;

async function trackedDevices(app: FastifyInstance, count: number): Promise<Device[]> {
  const devices: Device[] = [];
  for (let index = 0; index < count; index += 1) {
    const { serialNumber } = await addTrackedVehicle(app);
    const device = await findDeviceBySerial(app.db, serialNumber);
    if (!device) throw new Error(`Device ${serialNumber} is missing.`);
    devices.push(device);
  }
  return devices;
}

const at = (second: number) => new Date(Date.UTC(2025, 10, 14, 8, 0, second)).toISOString();

describe('given a burst of reports from many devices (SQLite file, as the api runs)', () => {
  let folder: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'sentinel-telemetry-'));
    app = await build({ databaseFile: join(folder, 'sentinel.db') });
  });

  afterAll(async () => {
    await app.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('answers each report only once it is committed: another connection already reads it', async () => {
    const devices = await trackedDevices(app, 40);
    const reader = createDatabase({ databaseFile: join(folder, 'sentinel.db') });
    try {
      const unseen: number[] = [];
      await Promise.all(
        devices.map(async (device, index) => {
          const result = await app.telemetry.ingest(device, {
            timestamp: at(index),
            latitudeDegrees: -33.9,
            longitudeDegrees: 18 + index / 1000,
          });
          expect(result.stored.position).toBe(true);
          const fix = await reader
            .selectFrom('positionFixes')
            .select('at')
            .where('vehicleId', '=', device.vehicleId ?? -1)
            .executeTakeFirst();
          if (fix?.at !== at(index)) unseen.push(index);
        }),
      );
      expect(unseen).toEqual([]);
    } finally {
      await reader.destroy();
    }
  });
});

describe('given reports that arrive together', () => {
  let app: FastifyInstance;
  let heard: GpsEvent[];

  beforeAll(async () => {
    app = await build();
    heard = [];
    app.vehicleEvents.on('gps', (event) => heard.push(event));
  });

  afterAll(async () => {
    await app.close();
  });

  it("stores one vehicle's reports in the order they came, so a late one in the same burst does not move the pin back", async () => {
    const [device] = await trackedDevices(app, 1);
    if (!device?.vehicleId) throw new Error('No tracked device.');
    heard.length = 0;

    const results = await Promise.all(
      [10, 20, 15].map((second, index) =>
        app.telemetry.ingest(device, {
          timestamp: at(second),
          latitudeDegrees: -33.9,
          longitudeDegrees: 18 + index,
        }),
      ),
    );

    expect(results.map((result) => result.stored.position)).toEqual([true, true, false]);
    expect(heard.map((event) => event.longitudeDegrees)).toEqual([18, 19]);
    const vehicle = await app.db
      .selectFrom('vehicles')
      .select(['lastKnownGpsLongitudeDegrees', 'gpsDateTime'])
      .where('id', '=', device.vehicleId)
      .executeTakeFirstOrThrow();
    expect(vehicle).toEqual({ lastKnownGpsLongitudeDegrees: 19, gpsDateTime: at(20) });
    // The late fix still joins the track for replay.
    const track = await app.db
      .selectFrom('positionFixes')
      .select('at')
      .where('vehicleId', '=', device.vehicleId)
      .orderBy('at')
      .execute();
    expect(track.map((fix) => fix.at)).toEqual([at(10), at(15), at(20)]);
  });

  it('fails only the report that cannot be stored; the others of its burst are stored and announced', async () => {
    const devices = await trackedDevices(app, 6);
    const refused = 12.5;
    // The database itself refuses one fix, as a broken disk or a constraint would.
    if (dialectOf(app.db).name === 'postgres') {
      await sql`create function refuse_fix() returns trigger language plpgsql as $$
        begin
          if new.latitude_degrees = ${sql.lit(refused)} then raise exception 'refused'; end if;
          return new;
        end $$`.execute(app.db);
      await sql`create trigger refuse_fix before insert on position_fixes for each row execute function refuse_fix()`.execute(
        app.db,
      );
    } else {
      await sql`create trigger refuse_fix before insert on position_fixes
        when new.latitude_degrees = ${sql.lit(refused)} begin select raise(abort, 'refused'); end`.execute(
        app.db,
      );
    }
    heard.length = 0;

    const outcomes = await Promise.allSettled(
      devices.map((device, index) =>
        app.telemetry.ingest(device, {
          timestamp: at(30),
          latitudeDegrees: index === 2 ? refused : -33.9,
          longitudeDegrees: 18,
        }),
      ),
    );

    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    const byNumber = (a: number, b: number) => a - b;
    const stored = devices.filter((_device, index) => index !== 2).map((device) => device.vehicleId ?? -1);
    expect(heard.map((event) => event.vehicleId).sort(byNumber)).toEqual([...stored].sort(byNumber));
    const positioned = await app.db
      .selectFrom('vehicles')
      .select('id')
      .where(
        'id',
        'in',
        devices.map((device) => device.vehicleId ?? -1),
      )
      .where('gpsDateTime', '=', at(30))
      .orderBy('id')
      .execute();
    expect(positioned.map((row) => row.id)).toEqual([...stored].sort(byNumber));
  });
});
