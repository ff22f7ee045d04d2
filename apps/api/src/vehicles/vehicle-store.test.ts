import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { openReadyDatabase } from '../db/ready-database';
import type { Database } from '../db/schema';
import { VehicleEvents } from './vehicle-events';
import type { GpsEvent, TamperEvent } from './vehicle-events';
import {
  DeviceNotFreeError,
  linkDevice,
  recordGpsFix,
  recordLockChange,
  recordTamper,
} from './vehicle-store';

let db: Kysely<Database>;
let events: VehicleEvents;

beforeEach(async () => {
  // A copy of the suite's seeded template: the demo data without seeding it again for each test.
  db = await openReadyDatabase({ databaseFile: ':memory:', seed: true });
  events = new VehicleEvents();
});

afterEach(async () => {
  await db.destroy();
});

async function quietInstalledVehicle() {
  return db
    .selectFrom('vehicles')
    .innerJoin('devices', 'devices.vehicleId', 'vehicles.id')
    .select(['vehicles.id', 'vehicles.userId'])
    .where('vehicles.tamperActive', '=', 0)
    .orderBy('vehicles.id')
    .executeTakeFirstOrThrow();
}

describe('recordGpsFix', () => {
  it('stores the last known position and emits gps after', async () => {
    const vehicle = await quietInstalledVehicle();
    const seen: GpsEvent[] = [];
    events.on('gps', (event) => seen.push(event));
    const at = new Date('2025-12-01T10:00:00Z');

    await recordGpsFix(db, { vehicleId: vehicle.id, latitude: -29.85, longitude: 31.02, at }, events);

    const row = await db
      .selectFrom('vehicles')
      .selectAll()
      .where('id', '=', vehicle.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      lastKnownGpsLatitudeDegrees: -29.85,
      lastKnownGpsLongitudeDegrees: 31.02,
      gpsDateTime: at.toISOString(),
    });
    expect(seen).toEqual([{ vehicleId: vehicle.id, latitudeDegrees: -29.85, longitudeDegrees: 31.02 }]);
  });

  it('throws for an unknown vehicle and emits nothing', async () => {
    const seen: GpsEvent[] = [];
    events.on('gps', (event) => seen.push(event));

    await expect(recordGpsFix(db, { vehicleId: 99999, latitude: 0, longitude: 0 }, events)).rejects.toThrow(
      'Vehicle 99999 does not exist.',
    );
    expect(seen).toEqual([]);
  });
});

describe('recordLockChange', () => {
  it('writes the state and the history entry together, with the last known position', async () => {
    const vehicle = await quietInstalledVehicle();
    const position = await db
      .selectFrom('vehicles')
      .select(['lastKnownGpsLatitudeDegrees', 'lastKnownGpsLongitudeDegrees'])
      .where('id', '=', vehicle.id)
      .executeTakeFirstOrThrow();

    const historyId = await recordLockChange(
      db,
      { vehicleId: vehicle.id, locked: true, byUserId: null, byAdmin: false },
      events,
    );

    const entry = await db
      .selectFrom('vehicleHistory')
      .selectAll()
      .where('id', '=', historyId)
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      type: 'LockState',
      isLocked: 1,
      isLockedByUserId: null,
      isLockedChangedByAdminUser: 0,
      latitudeDegrees: position.lastKnownGpsLatitudeDegrees,
      longitudeDegrees: position.lastKnownGpsLongitudeDegrees,
    });
  });
});

describe('recordTamper', () => {
  it("raises and cancels the vehicle's and owner's tamper flags, emitting each", async () => {
    const vehicle = await quietInstalledVehicle();
    const seen: TamperEvent[] = [];
    events.on('tamper', (event) => seen.push(event));
    const ownerFlag = async () =>
      (
        await db
          .selectFrom('users')
          .select('tamperActive')
          .where('id', '=', vehicle.userId)
          .executeTakeFirstOrThrow()
      ).tamperActive;
    const before = await ownerFlag();

    await recordTamper(
      db,
      { vehicleId: vehicle.id, active: true, carBatteryState: 'Low', gpsState: 'Jammed' },
      events,
    );
    const during = await ownerFlag();
    await recordTamper(db, { vehicleId: vehicle.id, active: false, cancelledByUserId: 1 }, events);

    expect(during).toBe(1);
    expect(await ownerFlag()).toBe(before);
    expect(
      seen.map(({ tamperActive, tamperCancelled, tamperCarBatteryState }) => ({
        tamperActive,
        tamperCancelled,
        tamperCarBatteryState,
      })),
    ).toEqual([
      { tamperActive: true, tamperCancelled: false, tamperCarBatteryState: 'Low' },
      { tamperActive: false, tamperCancelled: true, tamperCarBatteryState: null },
    ]);
  });
});

describe('linkDevice', () => {
  it('moves the device link and recounts the owner', async () => {
    const vehicle = await quietInstalledVehicle();
    const owner = async () =>
      db.selectFrom('users').selectAll().where('id', '=', vehicle.userId).executeTakeFirstOrThrow();
    const before = await owner();

    await linkDevice(db, { vehicleId: vehicle.id, deviceId: null });

    const after = await owner();
    expect(after.vehiclesWithDeviceCount).toBe(before.vehiclesWithDeviceCount - 1);
    expect(after.vehiclesWithoutDeviceCount).toBe(before.vehiclesWithoutDeviceCount + 1);
  });

  it('refuses a device linked to another vehicle and changes nothing', async () => {
    const [first, second] = await db
      .selectFrom('devices')
      .selectAll()
      .where('vehicleId', 'is not', null)
      .orderBy('id')
      .limit(2)
      .execute();

    await expect(
      linkDevice(db, { vehicleId: first!.vehicleId!, deviceId: second!.id }),
    ).rejects.toBeInstanceOf(DeviceNotFreeError);
    const still = await db
      .selectFrom('devices')
      .select('vehicleId')
      .where('id', '=', first!.id)
      .executeTakeFirstOrThrow();
    expect(still.vehicleId).toBe(first!.vehicleId);
  });

  // On PostgreSQL these run in parallel transactions; on SQLite they take turns.
  describe('at the same time', () => {
    const freeDevices = (count: number) =>
      db
        .selectFrom('devices')
        .select('id')
        .where('vehicleId', 'is', null)
        .orderBy('id')
        .limit(count)
        .execute();
    const counts = (userId: number) =>
      db
        .selectFrom('users')
        .select(['vehiclesWithDeviceCount', 'vehiclesWithoutDeviceCount'])
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();

    it('gives one vehicle exactly one of two devices linked to it at once', async () => {
      const vehicle = await quietInstalledVehicle();
      const [a, b] = await freeDevices(2);
      for (let round = 0; round < 5; round += 1) {
        const outcomes = await Promise.allSettled([
          linkDevice(db, { vehicleId: vehicle.id, deviceId: a!.id }),
          linkDevice(db, { vehicleId: vehicle.id, deviceId: b!.id }),
        ]);
        expect(outcomes.map(({ status }) => status)).toEqual(['fulfilled', 'fulfilled']);
        const linked = await db
          .selectFrom('devices')
          .select('id')
          .where('vehicleId', '=', vehicle.id)
          .execute();
        expect(linked).toHaveLength(1);
      }
    });

    it('counts both vehicles of one owner when each gets a device at once', async () => {
      const owner = await db
        .selectFrom('vehicles')
        .select('userId')
        .where((eb) =>
          eb.not(
            eb.exists(
              eb.selectFrom('devices').select('id').whereRef('devices.vehicleId', '=', 'vehicles.id'),
            ),
          ),
        )
        .groupBy('userId')
        .having((eb) => eb.fn.countAll(), '>=', 2)
        .orderBy('userId')
        .executeTakeFirstOrThrow();
      const vehicles = await db
        .selectFrom('vehicles')
        .select('id')
        .where('userId', '=', owner.userId)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb.selectFrom('devices').select('id').whereRef('devices.vehicleId', '=', 'vehicles.id'),
            ),
          ),
        )
        .orderBy('id')
        .limit(2)
        .execute();
      const devices = await freeDevices(2);
      const before = await counts(owner.userId);

      await Promise.all([
        linkDevice(db, { vehicleId: vehicles[0]!.id, deviceId: devices[0]!.id }),
        linkDevice(db, { vehicleId: vehicles[1]!.id, deviceId: devices[1]!.id }),
      ]);

      expect(await counts(owner.userId)).toEqual({
        vehiclesWithDeviceCount: before.vehiclesWithDeviceCount + 2,
        vehiclesWithoutDeviceCount: before.vehiclesWithoutDeviceCount - 2,
      });
    });
  });
});
