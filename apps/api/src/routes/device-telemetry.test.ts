import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { HISTORY_TYPE, MESSAGES } from '@sentinel/domain';
import { build } from '../app';
import { instant } from '../db/database';
import { addTrackedVehicle } from '../live/test-support';
import type { TrackedVehicle } from '../live/test-support';
import { issueDeviceKey } from '../telemetry/device-keys';

let app: FastifyInstance;

beforeAll(async () => {
  app = await build();
});

afterAll(async () => {
  await app.close();
});

function report(device: { serialNumber: string; deviceKey: string }, body: unknown, authorization?: string) {
  return app.inject({
    method: 'POST',
    url: `/Devices/${encodeURIComponent(device.serialNumber)}/Telemetry`,
    headers: {
      'content-type': 'application/json',
      authorization: authorization ?? `Device ${device.deviceKey}`,
    },
    payload: JSON.stringify(body),
  });
}

const now = () => new Date().toISOString();

describe('POST /Devices/{serialNumber}/Telemetry', () => {
  let vehicle: TrackedVehicle;

  beforeAll(async () => {
    vehicle = await addTrackedVehicle(app);
  });

  describe('given a caller without the device key', () => {
    it.each([
      ['no Authorization header', ''],
      ["a person's bearer token", 'Bearer abc.def.ghi'],
      ['another key', 'Device bm90LXRoZS1rZXk'],
    ])('answers 401 for %s', async (_case, authorization) => {
      const response = await report(vehicle, { timestamp: now() }, authorization);

      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Device');
      expect(response.json()).toEqual({
        title: 'Unauthorized',
        status: 401,
        message: 'A valid device key is required.',
      });
    });

    it('answers 401 before looking at the body', async () => {
      const response = await report(vehicle, { latitudeDegrees: 'north' }, 'Device wrong');

      expect(response.statusCode).toBe(401);
    });

    it('answers 401 for a device that was never given a key', async () => {
      await app.db
        .insertInto('devices')
        .values({ serialNumber: 'NO-KEY-1', createdOnDateTime: instant() })
        .execute();

      const response = await report(
        { serialNumber: 'NO-KEY-1', deviceKey: '' },
        { timestamp: now() },
        'Device x',
      );

      expect(response.statusCode).toBe(401);
    });

    it('answers a serial number no device has exactly as a wrong key, so serials cannot be probed', async () => {
      const response = await report(
        { serialNumber: 'SNT-NOPE', deviceKey: vehicle.deviceKey },
        { timestamp: now() },
      );

      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Device');
      expect(response.json()).toEqual({
        title: 'Unauthorized',
        status: 401,
        message: 'A valid device key is required.',
      });
    });
  });

  describe('given a report that breaks the rules', () => {
    it('names every faulty field, as ASP.NET does', async () => {
      const response = await report(vehicle, {
        latitudeDegrees: -123,
        longitudeDegrees: 18.4,
        locked: 'yes',
        deviceBatteryPercent: 140,
        tamper: { carBatteryState: 'Exploded', gpsState: 'Normal' },
      });

      expect(response.statusCode).toBe(400);
      const body = response.json<{ title: string; errors: Record<string, string[]> }>();
      expect(body.title).toBe('One or more validation errors occurred.');
      expect(Object.keys(body.errors).sort()).toEqual(
        ['DeviceBatteryPercent', 'LatitudeDegrees', 'Locked', 'Tamper.CarBatteryState', 'Timestamp'].sort(),
      );
      expect(body.errors['Timestamp']).toEqual(['This field is required']);
    });

    it('needs both halves of a position', async () => {
      const response = await report(vehicle, { timestamp: now(), latitudeDegrees: -33.9 });

      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ errors: { LongitudeDegrees: ['This field is required'] } });
    });

    it('refuses a timestamp that is not a date and time', async () => {
      const response = await report(vehicle, { timestamp: 'yesterday' });

      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json<{ errors: object }>().errors)).toEqual(['Timestamp']);
    });

    it('refuses a reading from more than five minutes in the future', async () => {
      const response = await report(vehicle, { timestamp: new Date(Date.now() + 6 * 60_000).toISOString() });

      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        errors: { Timestamp: ['Timestamp must not be more than 5 minutes in the future'] },
      });
    });

    it('stores nothing from a refused report', async () => {
      await report(vehicle, { timestamp: now(), latitudeDegrees: -10 });

      const row = await app.db
        .selectFrom('vehicles')
        .select('lastKnownGpsLatitudeDegrees')
        .where('id', '=', vehicle.vehicleId)
        .executeTakeFirstOrThrow();
      expect(row.lastKnownGpsLatitudeDegrees).not.toBe(-10);
    });
  });

  describe('given a valid report from a device linked to a vehicle', () => {
    it('stores the device values, position and lock state, and says what it stored', async () => {
      const response = await report(vehicle, {
        timestamp: '2025-11-14T07:00:00+02:00',
        latitudeDegrees: -33.9249,
        longitudeDegrees: 18.4241,
        locked: false,
        carBatteryVolts: 12.4,
        deviceBatteryPercent: 87,
        applicationVersion: '2.4.1',
      });

      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        vehicleId: vehicle.vehicleId,
        stored: { device: true, position: true, lock: true, tamper: false },
      });
      expect(
        await app.db
          .selectFrom('vehicles')
          .select(['lastKnownGpsLatitudeDegrees', 'lastKnownGpsLongitudeDegrees', 'gpsDateTime', 'isLocked'])
          .where('id', '=', vehicle.vehicleId)
          .executeTakeFirst(),
      ).toEqual({
        lastKnownGpsLatitudeDegrees: -33.9249,
        lastKnownGpsLongitudeDegrees: 18.4241,
        gpsDateTime: '2025-11-14T05:00:00.000Z',
        isLocked: 0,
      });
      expect(
        await app.db
          .selectFrom('devices')
          .select(['carBatteryVolts', 'deviceBatteryPercent', 'applicationVersion'])
          .where('serialNumber', '=', vehicle.serialNumber)
          .executeTakeFirst(),
      ).toEqual({ carBatteryVolts: 12.4, deviceBatteryPercent: 87, applicationVersion: '2.4.1' });
    });

    it('matches the serial number whatever its case', async () => {
      const response = await report(
        { serialNumber: vehicle.serialNumber.toLowerCase(), deviceKey: vehicle.deviceKey },
        { timestamp: now(), carBatteryVolts: 12.5 },
      );

      expect(response.statusCode).toBe(200);
    });

    it('ignores a fix older than the stored one, so a late reading never moves the pin back', async () => {
      await report(vehicle, { timestamp: now(), latitudeDegrees: -33.8, longitudeDegrees: 18.5 });

      const late = await report(vehicle, {
        timestamp: '2025-01-01T00:00:00.000Z',
        latitudeDegrees: -34.5,
        longitudeDegrees: 19,
      });

      expect(late.json()).toMatchObject({ stored: { position: false } });
      const row = await app.db
        .selectFrom('vehicles')
        .select('lastKnownGpsLatitudeDegrees')
        .where('id', '=', vehicle.vehicleId)
        .executeTakeFirstOrThrow();
      expect(row.lastKnownGpsLatitudeDegrees).toBe(-33.8);
    });

    it('writes a LockState entry only when the lock state changes', async () => {
      const count = async () =>
        (
          await app.db
            .selectFrom('vehicleHistory')
            .select('id')
            .where('vehicleId', '=', vehicle.vehicleId)
            .where('type', '=', HISTORY_TYPE.lockState)
            .execute()
        ).length;
      const before = await count();

      const locked = await report(vehicle, { timestamp: now(), locked: true });
      const again = await report(vehicle, { timestamp: now(), locked: true });

      expect(locked.json()).toMatchObject({ stored: { lock: true } });
      expect(again.json()).toMatchObject({ stored: { lock: false } });
      expect(await count()).toBe(before + 1);
    });

    it('raises a tamper alert once, however often the device repeats it', async () => {
      const tampered = await addTrackedVehicle(app);
      const tamper = { carBatteryState: 'Normal', gpsState: 'NoSignal' };

      const first = await report(tampered, { timestamp: now(), tamper });
      const repeat = await report(tampered, { timestamp: now(), tamper });

      expect(first.json()).toMatchObject({ stored: { tamper: true } });
      expect(repeat.json()).toMatchObject({ stored: { tamper: false } });
      const entries = await app.db
        .selectFrom('vehicleHistory')
        .select(['type', 'tamperGpsState', 'tamperCancelled'])
        .where('vehicleId', '=', tampered.vehicleId)
        .execute();
      expect(entries).toEqual([
        { type: HISTORY_TYPE.tamperAlert, tamperGpsState: 'NoSignal', tamperCancelled: 0 },
      ]);
      const owner = await app.db
        .selectFrom('users')
        .select('tamperActive')
        .where('id', '=', tampered.ownerId)
        .executeTakeFirstOrThrow();
      expect(owner.tamperActive).toBe(1);
    });
  });

  describe('given a device not linked to a vehicle', () => {
    it('stores its own values only', async () => {
      await app.db
        .insertInto('devices')
        .values({ serialNumber: 'FREE-1', createdOnDateTime: instant() })
        .execute();
      const deviceKey = await issueDeviceKey(app.db, 'FREE-1');

      const response = await report(
        { serialNumber: 'FREE-1', deviceKey: deviceKey ?? '' },
        {
          timestamp: now(),
          latitudeDegrees: -26.2,
          longitudeDegrees: 28.04,
          locked: true,
          deviceBatteryPercent: 55,
        },
      );

      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        vehicleId: null,
        stored: { device: true, position: false, lock: false, tamper: false },
      });
    });
  });

  it('is documented in the OpenAPI document with device authentication', async () => {
    const document = (await app.inject('/openapi.json')).json<{
      paths: Record<string, Record<string, { security?: unknown }>>;
    }>();

    expect(document.paths['/Devices/{serialNumber}/Telemetry']?.['post']?.security).toEqual([{ device: [] }]);
  });
});

describe('POST /Devices/{serialNumber}/Telemetry/Batch', () => {
  function batch(device: { serialNumber: string; deviceKey: string }, body: unknown, authorization?: string) {
    return app.inject({
      method: 'POST',
      url: `/Devices/${encodeURIComponent(device.serialNumber)}/Telemetry/Batch`,
      headers: {
        'content-type': 'application/json',
        authorization: authorization ?? `Device ${device.deviceKey}`,
      },
      payload: JSON.stringify(body),
    });
  }
  const at = (secondsAgo: number) => new Date(Date.now() - secondsAgo * 1000).toISOString();

  it('stores readings kept out of coverage as if sent one by one, and answers each in the order sent', async () => {
    const vehicle = await addTrackedVehicle(app);
    const response = await batch(vehicle, {
      reports: [
        { timestamp: at(30), latitudeDegrees: -26.1, longitudeDegrees: 28.1, locked: true },
        // Older than the first: joins the track, does not move the pin.
        { timestamp: at(60), latitudeDegrees: -26.3, longitudeDegrees: 28.3 },
        { timestamp: at(10), deviceBatteryPercent: 70 },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      results: [
        {
          vehicleId: vehicle.vehicleId,
          stored: { device: false, position: true, lock: true, tamper: false },
        },
        {
          vehicleId: vehicle.vehicleId,
          stored: { device: false, position: false, lock: false, tamper: false },
        },
        {
          vehicleId: vehicle.vehicleId,
          stored: { device: true, position: false, lock: false, tamper: false },
        },
      ],
    });
    const stored = await app.db
      .selectFrom('vehicles')
      .select(['lastKnownGpsLatitudeDegrees', 'isLocked'])
      .where('id', '=', vehicle.vehicleId)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ lastKnownGpsLatitudeDegrees: -26.1, isLocked: 1 });
    const fixes = await app.db
      .selectFrom('positionFixes')
      .select('latitudeDegrees')
      .where('vehicleId', '=', vehicle.vehicleId)
      .orderBy('at')
      .execute();
    expect(fixes.map((fix) => fix.latitudeDegrees)).toEqual([-26.3, -26.1]);
  });

  it('refuses the whole batch when one report breaks the rules, naming it, and stores nothing', async () => {
    const vehicle = await addTrackedVehicle(app);
    const response = await batch(vehicle, {
      reports: [
        { timestamp: at(20), latitudeDegrees: -26.1, longitudeDegrees: 28.1 },
        { timestamp: at(10), latitudeDegrees: -26.2 },
        { timestamp: new Date(Date.now() + 3_600_000).toISOString() },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      'Reports[1].LongitudeDegrees': [MESSAGES.required],
      'Reports[2].Timestamp': ['Timestamp must not be more than 5 minutes in the future'],
    });
    const fixes = await app.db
      .selectFrom('positionFixes')
      .select('vehicleId')
      .where('vehicleId', '=', vehicle.vehicleId)
      .execute();
    expect(fixes).toEqual([]);
  });

  it('refuses an empty batch, more than 100 reports, and a caller without the key', async () => {
    const vehicle = await addTrackedVehicle(app);
    expect((await batch(vehicle, { reports: [] })).statusCode).toBe(400);
    const many = Array.from({ length: 101 }, () => ({ timestamp: at(1) }));
    expect((await batch(vehicle, { reports: many })).statusCode).toBe(400);
    expect((await batch(vehicle, { reports: [{ timestamp: at(1) }] }, 'Device wrong')).statusCode).toBe(401);
  });
});

describe('given a deactivated device', () => {
  async function deactivatedTrackedVehicle() {
    const vehicle = await addTrackedVehicle(app);
    await app.db
      .updateTable('devices')
      .set({ active: 0 })
      .where('serialNumber', '=', vehicle.serialNumber)
      .execute();
    return vehicle;
  }

  it('refuses its report with 403 and stores none of it', async () => {
    const vehicle = await deactivatedTrackedVehicle();

    const response = await report(vehicle, {
      timestamp: now(),
      latitudeDegrees: -33.9249,
      longitudeDegrees: 18.4241,
      locked: true,
      deviceBatteryPercent: 64,
    });

    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ status: 403, message: 'This device is deactivated.' });
    expect(
      await app.db
        .selectFrom('vehicles')
        .select(['lastKnownGpsLatitudeDegrees', 'isLocked'])
        .where('id', '=', vehicle.vehicleId)
        .executeTakeFirst(),
    ).toEqual({ lastKnownGpsLatitudeDegrees: null, isLocked: null });
    expect(
      await app.db
        .selectFrom('devices')
        .select('deviceBatteryPercent')
        .where('serialNumber', '=', vehicle.serialNumber)
        .executeTakeFirst(),
    ).toEqual({ deviceBatteryPercent: null });
  });

  it('refuses its command poll with 403 at once', async () => {
    const vehicle = await deactivatedTrackedVehicle();

    const response = await app.inject({
      method: 'GET',
      url: `/Devices/${encodeURIComponent(vehicle.serialNumber)}/Commands?waitSeconds=20`,
      headers: { authorization: `Device ${vehicle.deviceKey}` },
    });

    expect(response.statusCode).toBe(403);
  });

  it('still answers a wrong key with 401, so only the device learns it is deactivated', async () => {
    const vehicle = await deactivatedTrackedVehicle();

    const response = await report(vehicle, { timestamp: now() }, 'Device not-the-key');

    expect(response.statusCode).toBe(401);
  });
});

describe('a device key', () => {
  it('stops working when a new one is issued', async () => {
    const vehicle = await addTrackedVehicle(app);
    const fresh = await issueDeviceKey(app.db, vehicle.serialNumber);

    const old = await report(vehicle, { timestamp: now() });
    const renewed = await report({ ...vehicle, deviceKey: fresh ?? '' }, { timestamp: now() });

    expect(old.statusCode).toBe(401);
    expect(renewed.statusCode).toBe(200);
  });
});
