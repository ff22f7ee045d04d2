import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { CAR_BATTERY_LOW_VOLTS, HISTORY_TYPE, LIVE_MESSAGE, ROLE } from '@sentinel/domain';
import { build } from '../../app';
import type { AlarmChangedMessage, DeviceGpsLocationMessage } from '@sentinel/domain';
import { hubConnection, nextMessage, signIn } from '../../live/test-support';
import { distanceMetres, ROADS } from './roads';
import { createSimulator } from './simulator';

const apps: FastifyInstance[] = [];

afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** A seeded api whose simulator never ticks by itself: the test calls tick(). */
async function manualSimulator(seed: number): Promise<FastifyInstance> {
  // A minute per round: vehicles cover a kilometre or more each time, so a drive ends soon.
  const app = await build({ seed: true, simulator: { seed, tickMs: 60_000 } });
  apps.push(app);
  return app;
}

async function ticks(app: FastifyInstance, count: number): Promise<void> {
  for (let round = 0; round < count; round += 1) await app.simulator?.tick();
}

function positions(app: FastifyInstance) {
  return app.db
    .selectFrom('vehicles')
    .innerJoin('devices', 'devices.vehicleId', 'vehicles.id')
    .select(['vehicles.id', 'lastKnownGpsLatitudeDegrees', 'lastKnownGpsLongitudeDegrees', 'isLocked'])
    .where('devices.active', '=', 1)
    .orderBy('vehicles.id')
    .execute();
}

/** How far a point is from the nearest waypoint of any simulated road. */
function metresFromNearestRoad(latitudeDegrees: number, longitudeDegrees: number): number {
  return Math.min(
    ...ROADS.flatMap((road) =>
      road.waypoints.map((waypoint) => distanceMetres(waypoint, { latitudeDegrees, longitudeDegrees })),
    ),
  );
}

describe('the device simulator', () => {
  it('is off unless build() is asked for it', async () => {
    const app = await build();
    apps.push(app);

    expect(app.simulator).toBeNull();
  });

  it('places every vehicle with an active device on a South African road, and moves some of them', async () => {
    const app = await manualSimulator(11);

    await ticks(app, 1);
    const first = await positions(app);
    await ticks(app, 1);
    const second = await positions(app);

    expect(first.length).toBeGreaterThan(5);
    for (const { lastKnownGpsLatitudeDegrees, lastKnownGpsLongitudeDegrees } of second) {
      expect(lastKnownGpsLatitudeDegrees).not.toBeNull();
      // Between interchanges a road is at most ~15 km from a waypoint.
      expect(
        metresFromNearestRoad(lastKnownGpsLatitudeDegrees ?? 0, lastKnownGpsLongitudeDegrees ?? 0),
      ).toBeLessThan(15_000);
    }
    const moved = second.filter(
      (vehicle, index) => vehicle.lastKnownGpsLatitudeDegrees !== first[index]?.lastKnownGpsLatitudeDegrees,
    );
    expect(moved.length).toBeGreaterThan(0);
    expect(moved.length).toBeLessThan(second.length);
  });

  it('drives the same way for the same seed, and another way for another seed', async () => {
    const [one, two, other] = await Promise.all([manualSimulator(5), manualSimulator(5), manualSimulator(6)]);

    await Promise.all([ticks(one, 3), ticks(two, 3), ticks(other, 3)]);

    expect(await positions(one)).toEqual(await positions(two));
    expect(await positions(other)).not.toEqual(await positions(one));
  });

  it('parks and locks at the end of a drive, and lets a weak car battery run low, through the stored history', async () => {
    const app = await manualSimulator(2);
    const { seededUpTo } = await app.db
      .selectFrom('vehicleHistory')
      .select((eb) => eb.fn.coalesce(eb.fn.max('id'), eb.lit(0)).as('seededUpTo'))
      .executeTakeFirstOrThrow();

    await ticks(app, 100);

    const deviceLocks = await app.db
      .selectFrom('vehicleHistory')
      .select(['isLocked', 'isLockedByUserId'])
      .where('type', '=', HISTORY_TYPE.lockState)
      .where('isLockedByUserId', 'is', null)
      .where('id', '>', seededUpTo)
      .execute();
    expect(deviceLocks.some((entry) => entry.isLocked === 1)).toBe(true);
    expect(deviceLocks.some((entry) => entry.isLocked === 0)).toBe(true);
    const lowBatteries = await app.db
      .selectFrom('devices')
      .select('carBatteryVolts')
      .where('vehicleId', 'is not', null)
      .where('active', '=', 1)
      .where('carBatteryVolts', '<', CAR_BATTERY_LOW_VOLTS)
      .where('applicationVersion', '=', '2.4.1-sim')
      .execute();
    expect(lowBatteries.length).toBeGreaterThan(0);
  });

  it('sends its fixes to a connected dashboard through the hub, and stops when the api closes', async () => {
    const app = await build({ seed: true, simulator: { seed: 4, tickMs: 40 } });
    apps.push(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const { accessToken } = await signIn(url, ROLE.technicalAgent);
    const connection = hubConnection(url, accessToken);
    await connection.start();

    const fix = await nextMessage<DeviceGpsLocationMessage>(connection, 'DeviceGpsLocationMessage').finally(
      () => connection.stop(),
    );

    expect(metresFromNearestRoad(fix.latitudeDegrees, fix.longitudeDegrees)).toBeLessThan(15_000);
    expect(app.simulator?.running).toBe(true);
    await app.close();
    apps.splice(apps.indexOf(app), 1);
    expect(app.simulator?.running).toBe(false);
  });
});

describe('a demo vehicle someone arms', () => {
  it('is driven off by the simulator within two rounds, and its alarm reaches the dashboard within a second of the move', async () => {
    // No vehicle drives but the first (movingShare 0): the one armed below stands parked for good.
    const TICK_MS = 200;
    const built = new Date().toISOString();
    const app = await build({ seed: true, simulator: { seed: 3, tickMs: TICK_MS, movingShare: 0 } });
    apps.push(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const { accessToken } = await signIn(url, ROLE.admin);
    const connection = hubConnection(url, accessToken);
    await connection.start();
    try {
      const { vehicleId } = await app.db
        .selectFrom('devices')
        .select('vehicleId')
        .where('active', '=', 1)
        .where('vehicleId', 'is not', null)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      const ofVehicle = (message: { vehicleId: number }) => message.vehicleId === vehicleId;
      // The simulator's first round puts it on its road; armed from there. That round may run before
      // the connection is up, so its fix is looked for in the vehicle's row, not in a message.
      await vi.waitFor(
        async () => {
          const { gpsDateTime } = await app.db
            .selectFrom('vehicles')
            .select('gpsDateTime')
            .where('id', '=', vehicleId!)
            .executeTakeFirstOrThrow();
          expect(gpsDateTime! >= built).toBe(true);
        },
        { timeout: 5_000, interval: 50 },
      );

      const moved = nextMessage<DeviceGpsLocationMessage>(
        connection,
        LIVE_MESSAGE.gpsLocation,
        ofVehicle,
      ).then(() => Date.now());
      const alarm = nextMessage<AlarmChangedMessage>(connection, LIVE_MESSAGE.alarmChanged, ofVehicle).then(
        (message) => ({ message, at: Date.now() }),
      );
      const armedAt = Date.now();
      const armed = await fetch(`${url}/Vehicles/${vehicleId}/Arm`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${accessToken}` },
      });
      expect(armed.status).toBe(200);

      const [movedAt, rang] = await Promise.all([moved, alarm]);
      expect(rang.message).toMatchObject({ kind: 'ArmedIgnition', priority: 1, state: 'Open' });
      // Unlocked on the next round, driven on the one after.
      expect(movedAt - armedAt).toBeLessThan(3 * TICK_MS + 1_000);
      expect(rang.at - movedAt).toBeLessThan(1_000);
    } finally {
      await connection.stop();
    }
  });
});

describe('the device simulator started on a tick', () => {
  it('starts its rounds a tick apart however long a round takes, so the report rate holds', async () => {
    const app = await build({ seed: true });
    apps.push(app);
    const TICK_MS = 400;
    const ROUND_MS = 300;
    // The real fleet, with reports that take 300 ms a round: rounds ending 400 ms before the next
    // would start 700 ms apart.
    const starts: number[] = [];
    let first: number | undefined;
    const simulator = createSimulator(
      {
        db: app.db,
        telemetry: {
          async ingest(device) {
            first ??= device.id;
            if (device.id === first) {
              starts.push(Date.now());
              await new Promise((resolve) => setTimeout(resolve, ROUND_MS));
            }
            return {
              vehicleId: device.vehicleId,
              stored: { device: false, position: false, lock: false, tamper: false },
            };
          },
        },
        onError: (error) => {
          throw error;
        },
      },
      { tickMs: TICK_MS },
    );
    simulator.start();
    await expect.poll(() => starts.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(6);
    await simulator.stop();

    const gaps = starts.slice(1).map((start, index) => start - starts[index]!);
    const sorted = [...gaps].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    expect(median).toBeGreaterThanOrEqual(TICK_MS - 5);
    expect(median).toBeLessThan(TICK_MS + ROUND_MS - 100);
  });
});
