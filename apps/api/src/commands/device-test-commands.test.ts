import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ROLE } from '@sentinel/domain';
import type { Device, DeviceCommandBatch, DeviceIngestKey, DeviceTestCommand, Page } from '@sentinel/domain';
import { addTrackedVehicle, signIn, startApi, stopApi } from '../live/test-support';
import type { RunningApi } from '../live/test-support';

let api: RunningApi;
let agent: string;
let freeSerials: string[];

beforeAll(async () => {
  api = await startApi();
  agent = (await signIn(api.url, ROLE.technicalAgent)).accessToken;
  const response = await staff(
    'GET',
    '/Devices?$filter=vehicleId eq 0 and active eq true&$orderby=serialNumber&$pagesize=10',
  );
  freeSerials = ((await response.json()) as Page<Device>).items.map((device) => device.serialNumber);
  expect(freeSerials.length).toBeGreaterThanOrEqual(4);
});

afterEach(() => {
  vi.useRealTimers();
});

afterAll(async () => {
  await stopApi(api);
});

function staff(method: 'GET' | 'POST', path: string, body?: object, accessToken = agent) {
  return fetch(`${api.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${accessToken}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
}

interface BenchUnit {
  serialNumber: string;
  deviceKey: string;
}

/** A free device provisioned the way the bench does it: a new key from POST /Devices/{serial}/IngestKey. */
async function provision(serialNumber: string): Promise<BenchUnit> {
  const response = await staff('POST', `/Devices/${serialNumber}/IngestKey`);
  expect(response.status).toBe(200);
  return { serialNumber, deviceKey: ((await response.json()) as DeviceIngestKey).key };
}

async function sendTest(unit: BenchUnit, type: 'Lock' | 'Unlock'): Promise<DeviceTestCommand> {
  const response = await staff('POST', `/Devices/${unit.serialNumber}/TestCommands`, { type });
  expect(response.status).toBe(201);
  return (await response.json()) as DeviceTestCommand;
}

async function readTest(unit: BenchUnit, commandId: number): Promise<DeviceTestCommand> {
  const response = await staff('GET', `/Devices/${unit.serialNumber}/TestCommands/${commandId}`);
  expect(response.status).toBe(200);
  return (await response.json()) as DeviceTestCommand;
}

async function fetchCommands(unit: BenchUnit, waitSeconds = 0) {
  const response = await fetch(
    `${api.url}/Devices/${unit.serialNumber}/Commands?waitSeconds=${waitSeconds}`,
    {
      headers: { authorization: `Device ${unit.deviceKey}` },
    },
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as DeviceCommandBatch).items;
}

function ack(unit: BenchUnit, commandId: number, body: object) {
  return fetch(`${api.url}/Devices/${unit.serialNumber}/Commands/${commandId}/Ack`, {
    method: 'POST',
    headers: { authorization: `Device ${unit.deviceKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('given a free device on the bench that fetches its commands', () => {
  it('hands it a test lock and unlock, and keeps the outcome it reports', async () => {
    const unit = await provision(freeSerials[0]!);

    const lock = await sendTest(unit, 'Lock');
    // Who sent which command to which unit is in the audit log.
    const audited = await api.app.db
      .selectFrom('auditLog')
      .select(['userId', 'targetType', 'detail'])
      .where('action', '=', 'DeviceTestCommandSent')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audited).toMatchObject({ targetType: 'Device' });
    expect(audited.userId).not.toBeNull();
    expect(JSON.parse(audited.detail!)).toEqual({
      serialNumber: unit.serialNumber,
      type: 'Lock',
      commandId: lock.id,
    });
    expect(lock).toMatchObject({
      serialNumber: unit.serialNumber,
      type: 'Lock',
      status: 'Pending',
      resultIsLocked: null,
    });
    expect(await fetchCommands(unit)).toEqual([
      {
        id: lock.id,
        type: 'Lock',
        requestedDateTime: lock.requestedDateTime,
        expiresDateTime: lock.expiresDateTime,
      },
    ]);
    expect((await readTest(unit, lock.id)).status).toBe('Delivered');
    const confirmed = await ack(unit, lock.id, { status: 'Confirmed', locked: true });
    expect(await confirmed.json()).toEqual({ id: lock.id, status: 'Confirmed' });
    expect(await readTest(unit, lock.id)).toMatchObject({
      status: 'Confirmed',
      resultIsLocked: true,
      reason: null,
    });

    const unlock = await sendTest(unit, 'Unlock');
    const [delivered] = await fetchCommands(unit);
    expect(delivered!.id).toBe(unlock.id);
    const failed = await ack(unit, unlock.id, {
      status: 'Failed',
      locked: true,
      reason: 'Relay did not release',
    });
    expect(failed.status).toBe(200);
    expect(await readTest(unit, unlock.id)).toMatchObject({
      status: 'Failed',
      resultIsLocked: true,
      reason: 'Relay did not release',
    });
    // Nothing waits any more.
    expect(await fetchCommands(unit)).toEqual([]);
  });

  it('wakes a waiting long poll as soon as a test command is sent', async () => {
    const unit = await provision(freeSerials[1]!);
    const waiting = fetchCommands(unit, 20);
    // The poll is waiting once the device shows as having asked.
    await vi.waitFor(
      async () => {
        const device = await api.app.db
          .selectFrom('devices')
          .select('commandsSeenAt')
          .where('serialNumber', '=', unit.serialNumber)
          .executeTakeFirstOrThrow();
        expect(device.commandsSeenAt).not.toBeNull();
      },
      { timeout: 5_000, interval: 20 },
    );
    const started = Date.now();
    const command = await sendTest(unit, 'Lock');

    expect((await waiting).map((item) => item.id)).toEqual([command.id]);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('replaces a test command that still waits with a newer one', async () => {
    const unit = await provision(freeSerials[2]!);
    const first = await sendTest(unit, 'Lock');
    const second = await sendTest(unit, 'Unlock');

    expect(await readTest(unit, first.id)).toMatchObject({
      status: 'Cancelled',
      reason: 'Replaced by a newer command',
    });
    expect((await fetchCommands(unit)).map((item) => item.id)).toEqual([second.id]);
  });

  it('expires a test command the device did not answer in time', async () => {
    const unit = await provision(freeSerials[3]!);
    const command = await sendTest(unit, 'Lock');
    await fetchCommands(unit);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse(command.expiresDateTime) + 1_000);
    const late = await ack(unit, command.id, { status: 'Confirmed', locked: true });
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ message: `Command ${command.id} has expired.` });
    vi.useRealTimers();

    expect(await readTest(unit, command.id)).toMatchObject({
      status: 'Expired',
      reason: 'The device did not answer in time',
    });
  });
});

describe('what the test commands refuse', () => {
  it("refuses a wrong outcome, another device's answer and a changed answer", async () => {
    const unit = await provision(freeSerials[0]!);
    const other = await provision(freeSerials[1]!);
    const command = await sendTest(unit, 'Lock');
    await fetchCommands(unit);

    expect((await ack(unit, command.id, { status: 'Confirmed' })).status).toBe(400);
    expect((await ack(unit, command.id, { status: 'Confirmed', locked: false })).status).toBe(400);
    // Another device's key proves nothing about this command: it reads as unknown.
    expect((await ack(other, command.id, { status: 'Confirmed', locked: true })).status).toBe(404);
    expect((await readTest(unit, command.id)).status).toBe('Delivered');

    expect((await ack(unit, command.id, { status: 'Confirmed', locked: true })).status).toBe(200);
    // Repeating the same answer (the first reply was lost) stands; changing it is refused.
    expect((await ack(unit, command.id, { status: 'Confirmed', locked: true })).status).toBe(200);
    expect((await ack(unit, command.id, { status: 'Failed', locked: false })).status).toBe(409);
    // Another device cannot read it through its own serial either.
    expect((await staff('GET', `/Devices/${other.serialNumber}/TestCommands/${command.id}`)).status).toBe(
      404,
    );
  });

  it('refuses a device fitted to a vehicle: its lock goes through the vehicle', async () => {
    const vehicle = await addTrackedVehicle(api.app);
    const response = await staff('POST', `/Devices/${vehicle.serialNumber}/TestCommands`, { type: 'Lock' });

    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({
      message: `Device ${vehicle.serialNumber} is fitted to a vehicle; lock or unlock the vehicle instead.`,
    });
  });

  it('refuses a deactivated device, which would never fetch the command', async () => {
    const response = await staff(
      'GET',
      '/Devices?$filter=vehicleId eq 0 and active eq false&$orderby=serialNumber&$pagesize=1',
    );
    const [deactivated] = ((await response.json()) as Page<Device>).items;
    expect(deactivated).toBeDefined();

    const refused = await staff('POST', `/Devices/${deactivated!.serialNumber}/TestCommands`, {
      type: 'Lock',
    });

    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      message: `Device ${deactivated!.serialNumber} is deactivated; activate it before testing it.`,
    });
  });

  it('refuses an unknown device, an unknown type and a Company-Admin', async () => {
    expect((await staff('POST', '/Devices/NOPE-0001/TestCommands', { type: 'Lock' })).status).toBe(404);
    expect((await staff('POST', `/Devices/${freeSerials[0]}/TestCommands`, { type: 'Open' })).status).toBe(
      400,
    );
    const companyAdmin = (await signIn(api.url, ROLE.companyAdmin)).accessToken;
    expect(
      (await staff('POST', `/Devices/${freeSerials[0]}/TestCommands`, { type: 'Lock' }, companyAdmin)).status,
    ).toBe(403);
  });
});
