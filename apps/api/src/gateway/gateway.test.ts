import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GATEWAY_POLL_MAX_DEVICES, ROLE } from '@sentinel/domain';
import type { DeviceCommand, GatewayCommandBatch, LockResult, Page } from '@sentinel/domain';
import { build } from '../app';
import { createCommandService } from '../commands/command-service';
import { instant } from '../db/database';
import { addTrackedVehicle, startApi, stopApi } from '../live/test-support';
import type { RunningApi, TrackedVehicle } from '../live/test-support';
import { VehicleEvents } from '../vehicles/vehicle-events';

const GATEWAY_KEY = 'gateway-key-of-the-tests-0123456789abcdef';

let api: RunningApi;
let agent: { userId: number; accessToken: string };

beforeAll(async () => {
  // A recheck far longer than any wait below: a poll that answers sooner was woken, or found the
  // command when its wait ended. No demo data: the file makes what it needs.
  api = await startApi({ seed: false, gatewayKey: GATEWAY_KEY, commands: { recheckMs: 60_000 } });
  const { id: userId } = await api.app.db
    .insertInto('users')
    .values({
      email: 'agent@gateway.test',
      firstName: 'Thandi',
      lastName: 'Mokoena',
      phoneNumber: '821234567',
      idNumber: '8001015009087',
      createdOnDateTime: instant(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: roleId } = await api.app.db
    .selectFrom('roles')
    .select('id')
    .where('name', '=', ROLE.technicalAgent)
    .executeTakeFirstOrThrow();
  await api.app.db.insertInto('userRoles').values({ userId, roleId }).execute();
  agent = { userId, accessToken: await api.app.accessTokens.sign({ userId, role: ROLE.technicalAgent }) };
});

afterAll(async () => {
  await stopApi(api);
});

interface GatewayVehicle extends TrackedVehicle {
  deviceId: number;
}

let imeis = 0;

/** A vehicle whose tracker is known by its IMEI, as a gateway's trackers are. */
async function addGatewayVehicle(): Promise<GatewayVehicle> {
  const vehicle = await addTrackedVehicle(api.app);
  imeis += 1;
  const serialNumber = `356307042${String(imeis).padStart(6, '0')}`;
  const { id } = await api.app.db
    .updateTable('devices')
    .set({ serialNumber })
    .where('serialNumber', '=', vehicle.serialNumber)
    .returning('id')
    .executeTakeFirstOrThrow();
  return { ...vehicle, serialNumber, deviceId: id };
}

function asGateway(
  method: 'GET' | 'POST',
  path: string,
  body?: object,
  authorization = `Gateway ${GATEWAY_KEY}`,
) {
  return fetch(`${api.url}${path}`, {
    method,
    headers: {
      authorization,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

function gatewayPoll(serialNumbers: string[], waitSeconds: number, signal?: AbortSignal) {
  return fetch(`${api.url}/Gateway/Commands/Poll`, {
    method: 'POST',
    headers: { authorization: `Gateway ${GATEWAY_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ serialNumbers, waitSeconds }),
    ...(signal === undefined ? {} : { signal }),
  });
}

async function polled(serialNumbers: string[], waitSeconds = 0) {
  const response = await gatewayPoll(serialNumbers, waitSeconds);
  expect(response.status).toBe(200);
  return ((await response.json()) as GatewayCommandBatch).items;
}

async function requestLock(vehicle: TrackedVehicle): Promise<DeviceCommand> {
  const response = await fetch(`${api.url}/Vehicles/${vehicle.vehicleId}/Lock`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${agent.accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ reason: 'Test' }),
  });
  expect(response.status).toBe(202);
  return ((await response.json()) as LockResult).command;
}

async function commands(vehicle: TrackedVehicle): Promise<DeviceCommand[]> {
  const response = await fetch(`${api.url}/Vehicles/${vehicle.vehicleId}/Commands`, {
    headers: { authorization: `Bearer ${agent.accessToken}` },
  });
  return ((await response.json()) as Page<DeviceCommand>).items;
}

function deviceRow(vehicle: GatewayVehicle) {
  return api.app.db
    .selectFrom('devices')
    .select(['commandsSeenAt', 'moving', 'deviceBatteryVolts', 'gsmSignalBars', 'carBatteryVolts'])
    .where('id', '=', vehicle.deviceId)
    .executeTakeFirstOrThrow();
}

/** Resolves once the poll has marked the device seen: it is then claiming or waiting. */
async function pollStarted(vehicle: GatewayVehicle) {
  await vi.waitFor(async () => expect((await deviceRow(vehicle)).commandsSeenAt).not.toBeNull(), {
    timeout: 5_000,
    interval: 10,
  });
}

const now = () => new Date().toISOString();

describe('the device routes with the gateway key', () => {
  it("stores an IMEI tracker's report: the vehicle's position moves", async () => {
    const vehicle = await addGatewayVehicle();

    const response = await asGateway('POST', `/Devices/${vehicle.serialNumber}/Telemetry`, {
      timestamp: now(),
      latitudeDegrees: -33.9249,
      longitudeDegrees: 18.4241,
    });

    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ vehicleId: vehicle.vehicleId, stored: { position: true } });
    const row = await api.app.db
      .selectFrom('vehicles')
      .select(['lastKnownGpsLatitudeDegrees', 'lastKnownGpsLongitudeDegrees'])
      .where('id', '=', vehicle.vehicleId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ lastKnownGpsLatitudeDegrees: -33.9249, lastKnownGpsLongitudeDegrees: 18.4241 });
  });

  it("stores the motion sensor, the device's own battery voltage and the signal", async () => {
    const vehicle = await addGatewayVehicle();

    const moving = await asGateway('POST', `/Devices/${vehicle.serialNumber}/Telemetry/Batch`, {
      reports: [
        { timestamp: now(), moving: true, deviceBatteryVolts: 4.1, gsmSignalBars: 4, carBatteryVolts: 12.6 },
      ],
    });
    expect(moving.status).toBe(200);
    expect(await deviceRow(vehicle)).toMatchObject({
      moving: 1,
      deviceBatteryVolts: 4.1,
      gsmSignalBars: 4,
      carBatteryVolts: 12.6,
    });

    await asGateway('POST', `/Devices/${vehicle.serialNumber}/Telemetry`, {
      timestamp: now(),
      moving: false,
    });
    // A report that leaves a value out leaves it as it was.
    expect(await deviceRow(vehicle)).toMatchObject({ moving: 0, deviceBatteryVolts: 4.1, gsmSignalBars: 4 });
  });

  it("never reaches the product's own devices (serials with letters), on any device route", async () => {
    const own = await addTrackedVehicle(api.app);
    await api.app.db
      .updateTable('devices')
      .set({ serialNumber: 'SNT-100200' })
      .where('serialNumber', '=', own.serialNumber)
      .execute();

    const answers = await Promise.all([
      asGateway('POST', '/Devices/SNT-100200/Telemetry', { timestamp: now(), locked: false }),
      asGateway('POST', '/Devices/SNT-100200/Telemetry/Batch', { reports: [{ timestamp: now() }] }),
      asGateway('GET', '/Devices/SNT-100200/Commands?waitSeconds=0'),
      asGateway('POST', '/Devices/SNT-100200/Commands/1/Ack', { status: 'Confirmed', locked: true }),
    ]);

    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(answer.headers.get('www-authenticate')).toBe('Device');
      expect(await answer.json()).toEqual({
        title: 'Unauthorized',
        status: 401,
        message: 'A valid device key is required.',
      });
    }
    // Its own key still works.
    const ownKey = await fetch(`${api.url}/Devices/SNT-100200/Telemetry`, {
      method: 'POST',
      headers: { authorization: `Device ${own.deviceKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ timestamp: now() }),
    });
    expect(ownKey.status).toBe(200);
  });

  it('answers a wrong key, an unknown IMEI and a device key given as a gateway key with the same 401', async () => {
    const vehicle = await addGatewayVehicle();
    const path = `/Devices/${vehicle.serialNumber}/Telemetry`;

    const answers = await Promise.all([
      asGateway('POST', path, { timestamp: now() }, `Gateway ${GATEWAY_KEY}x`),
      asGateway('POST', path, { timestamp: now() }, `Gateway ${vehicle.deviceKey}`),
      asGateway('POST', '/Devices/999999999999999/Telemetry', { timestamp: now() }),
    ]);

    expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401]);
    const bodies = await Promise.all(answers.map((answer) => answer.json()));
    expect(new Set(bodies.map((body) => JSON.stringify(body))).size).toBe(1);
  });

  it('refuses a deactivated device with 403, after the key', async () => {
    const vehicle = await addGatewayVehicle();
    await api.app.db.updateTable('devices').set({ active: 0 }).where('id', '=', vehicle.deviceId).execute();

    const response = await asGateway('POST', `/Devices/${vehicle.serialNumber}/Telemetry`, {
      timestamp: now(),
    });

    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ message: 'This device is deactivated.' });
  });

  it('lets no gateway speak when GATEWAY_KEY is not set', async () => {
    const bare = await build();
    try {
      await bare.db
        .insertInto('devices')
        .values({ serialNumber: '356307042441013', createdOnDateTime: instant() })
        .execute();
      for (const authorization of ['Gateway ', 'Gateway undefined', `Gateway ${GATEWAY_KEY}`]) {
        const report = await bare.inject({
          method: 'POST',
          url: '/Devices/356307042441013/Telemetry',
          headers: { authorization, 'content-type': 'application/json' },
          payload: { timestamp: now() },
        });
        const poll = await bare.inject({
          method: 'POST',
          url: '/Gateway/Commands/Poll',
          headers: { authorization },
          payload: { serialNumbers: ['356307042441013'], waitSeconds: 0 },
        });
        expect([report.statusCode, poll.statusCode]).toEqual([401, 401]);
      }
    } finally {
      await bare.close();
    }
  });
});

describe('POST /Gateway/Commands/Poll', () => {
  it('refuses any caller without the gateway key with 401, before reading the body', async () => {
    const vehicle = await addGatewayVehicle();
    for (const authorization of [
      '',
      `Bearer ${agent.accessToken}`,
      `Device ${vehicle.deviceKey}`,
      'Gateway nope',
    ]) {
      const response = await fetch(`${api.url}/Gateway/Commands/Poll`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: '{ not json',
      });
      expect(response.status, authorization).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Gateway');
      expect(await response.json()).toEqual({
        title: 'Unauthorized',
        status: 401,
        message: 'A valid gateway key is required.',
      });
    }
  });

  it("hands over a held device's lock made by staff; the command shows Delivered and the device online", async () => {
    const vehicle = await addGatewayVehicle();
    const other = await addGatewayVehicle();
    const lock = await requestLock(vehicle);
    expect(lock.deviceOnline).toBe(false);

    // Serials of no device and of a deactivated one are skipped without a word.
    await api.app.db.updateTable('devices').set({ active: 0 }).where('id', '=', other.deviceId).execute();
    const items = await polled([
      '111111111111',
      other.serialNumber,
      vehicle.serialNumber,
      vehicle.serialNumber,
    ]);

    expect(items).toEqual([
      {
        serialNumber: vehicle.serialNumber,
        command: {
          id: lock.id,
          type: 'Lock',
          requestedDateTime: lock.requestedDateTime,
          expiresDateTime: lock.expiresDateTime,
        },
      },
    ]);
    expect((await commands(vehicle))[0]).toMatchObject({
      id: lock.id,
      status: 'Delivered',
      deviceOnline: true,
    });
    expect((await deviceRow(other)).commandsSeenAt).toBeNull();
    // Handed over once.
    expect(await polled([vehicle.serialNumber])).toEqual([]);
  });

  it("wakes a waiting poll at once with a new command, and another gateway's poll does not get it", async () => {
    const held = await addGatewayVehicle();
    const elsewhere = await addGatewayVehicle();
    // Two gateway instances with the one key, each waiting for its own devices.
    const holding = gatewayPoll([held.serialNumber], 10);
    const notHolding = gatewayPoll([elsewhere.serialNumber], 1);
    // A gateway holding no known device waits its wait too, rather than calling again at once.
    const holdingNone = gatewayPoll(['111111111111'], 1);
    const notHoldingStarted = Date.now();
    await pollStarted(held);
    await pollStarted(elsewhere);

    const asked = Date.now();
    const lock = await requestLock(held);
    const answer = await holding;
    const wokenAfterMs = Date.now() - asked;

    expect(answer.status).toBe(200);
    expect(((await answer.json()) as GatewayCommandBatch).items).toEqual([
      { serialNumber: held.serialNumber, command: expect.objectContaining({ id: lock.id }) },
    ]);
    expect(wokenAfterMs).toBeLessThan(500);
    const other = await notHolding;
    expect(((await other.json()) as GatewayCommandBatch).items).toEqual([]);
    // It waited out its own wait: the first gateway's poll did not end it.
    expect(Date.now() - notHoldingStarted).toBeGreaterThanOrEqual(900);
    expect(((await (await holdingNone).json()) as GatewayCommandBatch).items).toEqual([]);
    expect(Date.now() - notHoldingStarted).toBeGreaterThanOrEqual(900);
  });

  it("hands a free tracker on the burn-in bench its test command, and a fitted one's poll nothing of it", async () => {
    const bench = '356307042999001';
    await api.app.db
      .insertInto('devices')
      .values({ serialNumber: bench, createdOnDateTime: instant() })
      .execute();
    const fitted = await addGatewayVehicle();
    const response = await fetch(`${api.url}/Devices/${bench}/TestCommands`, {
      method: 'POST',
      headers: { authorization: `Bearer ${agent.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'Unlock' }),
    });
    expect(response.status).toBe(201);
    const test = (await response.json()) as { id: number };

    expect(await polled([fitted.serialNumber])).toEqual([]);
    expect(await polled([fitted.serialNumber, bench])).toEqual([
      { serialNumber: bench, command: expect.objectContaining({ id: test.id, type: 'Unlock' }) },
    ]);
  });

  it('takes the outcome on the device route with the gateway key: the vehicle shows locked', async () => {
    const vehicle = await addGatewayVehicle();
    const lock = await requestLock(vehicle);
    expect((await polled([vehicle.serialNumber])).map((item) => item.command.id)).toEqual([lock.id]);

    const answer = await asGateway('POST', `/Devices/${vehicle.serialNumber}/Commands/${lock.id}/Ack`, {
      status: 'Confirmed',
      locked: true,
    });

    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ id: lock.id, status: 'Confirmed' });
    const row = await api.app.db
      .selectFrom('vehicles')
      .select('isLocked')
      .where('id', '=', vehicle.vehicleId)
      .executeTakeFirstOrThrow();
    expect(row.isLocked).toBe(1);
    expect((await commands(vehicle))[0]).toMatchObject({ status: 'Confirmed', resultIsLocked: true });
  });

  it('finds a command made through another api instance in the database, without being woken', async () => {
    const vehicle = await addGatewayVehicle();
    const waiting = polled([vehicle.serialNumber], 1);
    await pollStarted(vehicle);
    // Another instance's command service on the same database: it wakes nothing here.
    const otherInstance = createCommandService(api.app.db, new VehicleEvents());
    const lock = await otherInstance.request({
      vehicleId: vehicle.vehicleId,
      deviceId: vehicle.deviceId,
      type: 'Lock',
      requestedByUserId: agent.userId,
      lockReason: 'Test',
    });
    otherInstance.close();

    expect((await waiting).map((item) => item.command.id)).toEqual([lock.id]);
  });

  it('hands nothing to a gateway that hung up: the command waits for the next poll', async () => {
    const vehicle = await addGatewayVehicle();
    const hangUp = new AbortController();
    const gone = gatewayPoll([vehicle.serialNumber], 10, hangUp.signal).catch(() => undefined);
    await pollStarted(vehicle);
    hangUp.abort();
    await gone;

    const lock = await requestLock(vehicle);
    await vi.waitFor(async () => expect((await commands(vehicle))[0]?.status).toBe('Pending'));
    expect((await polled([vehicle.serialNumber])).map((item) => item.command.id)).toEqual([lock.id]);
  });

  it(`takes ${GATEWAY_POLL_MAX_DEVICES} serials in one poll, and refuses more`, async () => {
    const vehicle = await addGatewayVehicle();
    const serials = Array.from(
      { length: GATEWAY_POLL_MAX_DEVICES - 1 },
      (_, i) => `89${String(i).padStart(13, '0')}`,
    );
    const createdOnDateTime = instant();
    for (let start = 0; start < serials.length; start += 1_000) {
      await api.app.db
        .insertInto('devices')
        .values(
          serials.slice(start, start + 1_000).map((serialNumber) => ({ serialNumber, createdOnDateTime })),
        )
        .execute();
    }
    const lock = await requestLock(vehicle);

    const items = await polled([...serials, vehicle.serialNumber]);

    expect(items.map((item) => [item.serialNumber, item.command.id])).toEqual([
      [vehicle.serialNumber, lock.id],
    ]);
    const seen = await api.app.db
      .selectFrom('devices')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('serialNumber', 'like', '89%')
      .where('commandsSeenAt', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(Number(seen.count)).toBe(serials.length);
    const tooMany = await gatewayPoll([...serials, vehicle.serialNumber, '123456'], 0);
    expect(tooMany.status).toBe(400);
  });
});
