import type { HubConnection } from '@microsoft/signalr';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LIVE_MESSAGE, ROLE } from '@sentinel/domain';
import type {
  DeviceCommand,
  DeviceCommandBatch,
  DeviceCommandStatusMessage,
  LockResult,
  Page,
} from '@sentinel/domain';
import {
  addTrackedVehicle,
  hubConnection,
  nextMessage,
  postTelemetry,
  signIn,
  startApi,
  stopApi,
} from '../live/test-support';
import type { RunningApi, TrackedVehicle } from '../live/test-support';

let api: RunningApi;
let admin: string;
let agent: string;
const open: HubConnection[] = [];

beforeAll(async () => {
  api = await startApi();
  admin = (await signIn(api.url, ROLE.admin)).accessToken;
  agent = (await signIn(api.url, ROLE.technicalAgent)).accessToken;
});

afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(open.splice(0).map((connection) => connection.stop()));
});

afterAll(async () => {
  await stopApi(api);
});

function call(method: 'GET' | 'PUT' | 'POST', path: string, accessToken = agent, body?: unknown) {
  return fetch(`${api.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${accessToken}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function lock(
  vehicle: TrackedVehicle,
  body: object = { reason: 'TheftInProgress' },
  accessToken = agent,
) {
  const response = await call('PUT', `/Vehicles/${vehicle.vehicleId}/Lock`, accessToken, body);
  expect(response.status).toBe(202);
  return ((await response.json()) as LockResult).command;
}

async function fetchCommands(vehicle: TrackedVehicle) {
  const response = await fetch(`${api.url}/Devices/${vehicle.serialNumber}/Commands?waitSeconds=0`, {
    headers: { authorization: `Device ${vehicle.deviceKey}` },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as DeviceCommandBatch).items;
}

async function latestCommand(vehicle: TrackedVehicle): Promise<DeviceCommand> {
  const response = await call('GET', `/Vehicles/${vehicle.vehicleId}/Commands`);
  return ((await response.json()) as Page<DeviceCommand>).items[0]!;
}

// 0.00015° of latitude is 16.7 m: one second apart, 60 km/h; 1 m a second is walking pace.
const START = { latitudeDegrees: -26.1, longitudeDegrees: 28.05 };
async function report(vehicle: TrackedVehicle, at: Date, northMetres: number) {
  const response = await postTelemetry(api.url, vehicle, {
    timestamp: at.toISOString(),
    latitudeDegrees: START.latitudeDegrees + northMetres / 111_195,
    longitudeDegrees: START.longitudeDegrees,
  });
  expect(response.status).toBeLessThan(300);
}

/** Two fixes 16.7 m and one second apart, the newest a second ago: about 60 km/h. */
async function driveAt60(vehicle: TrackedVehicle) {
  const now = Date.now();
  await report(vehicle, new Date(now - 2_000), 0);
  await report(vehicle, new Date(now - 1_000), 16.7);
}

async function auditOf(vehicleId: number) {
  const rows = await api.app.db
    .selectFrom('auditLog')
    .select(['userId', 'action', 'detail'])
    .where('targetType', '=', 'Vehicle')
    .where('targetId', '=', String(vehicleId))
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, detail: JSON.parse(row.detail ?? '{}') as Record<string, unknown> }));
}

describe('the reason a lock carries', () => {
  it('refuses a lock without a reason, and Other without a note, at their fields', async () => {
    const vehicle = await addTrackedVehicle(api.app);
    const bare = await call('PUT', `/Vehicles/${vehicle.vehicleId}/Lock`);
    expect(bare.status).toBe(400);
    expect(await bare.json()).toMatchObject({ errors: { Reason: ['This field is required'] } });

    const other = await call('PUT', `/Vehicles/${vehicle.vehicleId}/Lock`, agent, { reason: 'Other' });
    expect(await other.json()).toMatchObject({ errors: { Note: ['This field is required'] } });
    const long = await call('PUT', `/Vehicles/${vehicle.vehicleId}/Lock`, agent, {
      reason: 'Other',
      note: 'x'.repeat(501),
    });
    expect(await long.json()).toMatchObject({ errors: { Note: ['Must be at most 500 characters'] } });
    const unknown = await call('PUT', `/Vehicles/${vehicle.vehicleId}/Lock`, agent, { reason: 'Bored' });
    expect(unknown.status).toBe(400);
    expect(await fetchCommands(vehicle)).toEqual([]);
  });

  it('keeps the reason and note with the command and in the VehicleLocked audit entry; unlock needs none', async () => {
    const vehicle = await addTrackedVehicle(api.app);
    const command = await lock(vehicle, { reason: 'Other', note: ' Repossession order 42 ' });
    expect(command).toMatchObject({
      status: 'Pending',
      lockReason: 'Other',
      lockNote: 'Repossession order 42',
    });
    expect(await latestCommand(vehicle)).toMatchObject({
      lockReason: 'Other',
      lockNote: 'Repossession order 42',
    });

    const unlocked = await call('PUT', `/Vehicles/${vehicle.vehicleId}/Unlock`);
    expect(unlocked.status).toBe(202);
    expect(((await unlocked.json()) as LockResult).command).toMatchObject({
      lockReason: null,
      lockNote: null,
    });

    const audit = await auditOf(vehicle.vehicleId);
    expect(audit[0]).toMatchObject({
      action: 'VehicleLocked',
      detail: { commandId: command.id, reason: 'Other', note: 'Repossession order 42' },
    });
    expect(audit[1]!.detail).not.toHaveProperty('reason');
  });
});

describe('a lock of a moving vehicle', () => {
  it('is sent at once when the vehicle is parked or slow', async () => {
    const parked = await addTrackedVehicle(api.app);
    const long = Date.now() - 10 * 60_000;
    await report(parked, new Date(long - 1_000), 0);
    await report(parked, new Date(long), 16.7);
    expect((await lock(parked)).status).toBe('Pending');

    const slow = await addTrackedVehicle(api.app);
    const now = Date.now();
    await report(slow, new Date(now - 2_000), 0);
    await report(slow, new Date(now - 1_000), 5);
    expect((await lock(slow)).status).toBe('Pending');
  });

  it('waits above the limit, out of the device’s reach, until a report at or under it releases it', async () => {
    const vehicle = await addTrackedVehicle(api.app);
    await driveAt60(vehicle);
    const hub = hubConnection(api.url, admin);
    open.push(hub);
    await hub.start();

    const command = await lock(vehicle);
    expect(command).toMatchObject({ status: 'WaitingForSlowdown', lockReason: 'TheftInProgress' });
    expect(await fetchCommands(vehicle)).toEqual([]);
    // Still fast: still held.
    await report(vehicle, new Date(), 34);
    expect((await latestCommand(vehicle)).status).toBe('WaitingForSlowdown');

    const released = nextMessage<DeviceCommandStatusMessage>(
      hub,
      LIVE_MESSAGE.commandStatus,
      (message) => message.id === command.id && message.status === 'Pending',
    );
    await report(vehicle, new Date(Date.now() + 1_000), 35);
    await released;
    expect((await fetchCommands(vehicle)).map((item) => item.id)).toEqual([command.id]);
  });

  it('is replaced by a newer command, and may be cancelled', async () => {
    const vehicle = await addTrackedVehicle(api.app);
    await driveAt60(vehicle);
    const first = await lock(vehicle);
    const second = await lock(vehicle, { reason: 'CustomerRequest' });
    expect(second.status).toBe('WaitingForSlowdown');
    const cancelled = await call('POST', `/Vehicles/${vehicle.vehicleId}/Commands/${second.id}/Cancel`);
    expect(await cancelled.json()).toMatchObject({ id: second.id, status: 'Cancelled' });
    const all = await call('GET', `/Vehicles/${vehicle.vehicleId}/Commands`);
    const items = ((await all.json()) as Page<DeviceCommand>).items;
    expect(items.find((item) => item.id === first.id)).toMatchObject({ status: 'Cancelled' });
  });

  it('expires like any other command', async () => {
    const vehicle = await addTrackedVehicle(api.app);
    await driveAt60(vehicle);
    const command = await lock(vehicle);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse(command.expiresDateTime) + 1_000);
    expect(await api.app.commands.expireDue()).toBeGreaterThanOrEqual(1);
    vi.useRealTimers();
    expect(await latestCommand(vehicle)).toMatchObject({ status: 'Expired' });
    await report(vehicle, new Date(), 17);
    expect(await fetchCommands(vehicle)).toEqual([]);
  });
});

describe('SendNow', () => {
  it('sends a held lock at once on another staff member’s word, refusing the requester, and audits it', async () => {
    const vehicle = await addTrackedVehicle(api.app);
    await driveAt60(vehicle);
    const command = await lock(vehicle);
    const path = `/Vehicles/${vehicle.vehicleId}/Commands/${command.id}/SendNow`;

    const own = await call('POST', path, agent);
    expect(own.status).toBe(409);
    expect(await own.json()).toMatchObject({ message: 'Another staff member must approve sending it now.' });
    expect(await fetchCommands(vehicle)).toEqual([]);

    const approved = await call('POST', path, admin);
    expect(approved.status).toBe(200);
    expect(await approved.json()).toMatchObject({ id: command.id, status: 'Pending' });
    expect((await fetchCommands(vehicle)).map((item) => item.id)).toEqual([command.id]);

    const again = await call('POST', path, admin);
    expect(again.status).toBe(409);
    expect((await call('POST', `/Vehicles/${vehicle.vehicleId}/Commands/999999/SendNow`, admin)).status).toBe(
      404,
    );

    const audit = await auditOf(vehicle.vehicleId);
    expect(audit.map((row) => row.action)).toEqual(['VehicleLocked', 'LockSentNowApproved']);
    expect(audit[0]!.detail).toMatchObject({ status: 'WaitingForSlowdown', reason: 'TheftInProgress' });
    expect(audit[1]!.detail).toMatchObject({ commandId: command.id });
    expect(audit[1]!.userId).not.toBe(audit[0]!.userId);
  });
});
