import type { HubConnection } from '@microsoft/signalr';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LIVE_MESSAGE, ROLE } from '@sentinel/domain';
import type {
  DeviceCommand,
  DeviceCommandBatch,
  DeviceCommandStatusMessage,
  HistoryEntry,
  LockResult,
  Page,
} from '@sentinel/domain';
import {
  addCompanyOfDemoAdmin,
  addTrackedVehicle,
  collect,
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

function staff(method: 'GET' | 'PUT' | 'POST', path: string, accessToken = agent, body?: object) {
  return fetch(`${api.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${accessToken}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

const TEST_LOCK = { reason: 'Test' };

async function requestLock(
  vehicle: TrackedVehicle,
  type: 'Lock' | 'Unlock' = 'Lock',
  accessToken = agent,
): Promise<DeviceCommand> {
  const response = await staff(
    'PUT',
    `/Vehicles/${vehicle.vehicleId}/${type}`,
    accessToken,
    type === 'Lock' ? TEST_LOCK : undefined,
  );
  expect(response.status).toBe(202);
  return ((await response.json()) as LockResult).command;
}

function poll(vehicle: Pick<TrackedVehicle, 'serialNumber' | 'deviceKey'>, waitSeconds = 0) {
  return fetch(`${api.url}/Devices/${vehicle.serialNumber}/Commands?waitSeconds=${waitSeconds}`, {
    headers: { authorization: `Device ${vehicle.deviceKey}` },
  });
}

async function fetchCommands(vehicle: TrackedVehicle, waitSeconds = 0) {
  const response = await poll(vehicle, waitSeconds);
  expect(response.status).toBe(200);
  return ((await response.json()) as DeviceCommandBatch).items;
}

function ack(vehicle: Pick<TrackedVehicle, 'serialNumber' | 'deviceKey'>, commandId: number, body: object) {
  return fetch(`${api.url}/Devices/${vehicle.serialNumber}/Commands/${commandId}/Ack`, {
    method: 'POST',
    headers: { authorization: `Device ${vehicle.deviceKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function vehicleLocked(vehicleId: number): Promise<boolean | null> {
  const row = await api.app.db
    .selectFrom('vehicles')
    .select('isLocked')
    .where('id', '=', vehicleId)
    .executeTakeFirstOrThrow();
  return row.isLocked === null ? null : row.isLocked === 1;
}

async function history(vehicleId: number): Promise<HistoryEntry[]> {
  const response = await staff('GET', `/Vehicles/${vehicleId}/History`);
  return ((await response.json()) as Page<HistoryEntry>).items;
}

async function commands(vehicleId: number): Promise<DeviceCommand[]> {
  const response = await staff('GET', `/Vehicles/${vehicleId}/Commands`);
  expect(response.status).toBe(200);
  return ((await response.json()) as Page<DeviceCommand>).items;
}

describe('given a device that fetches its commands', () => {
  it('locks the vehicle only when the device confirms, and the history names who asked', async () => {
    const vehicle = await addTrackedVehicle(api.app);
    const command = await requestLock(vehicle);
    expect(command).toMatchObject({ type: 'Lock', status: 'Pending', deviceOnline: false });
    expect(await vehicleLocked(vehicle.vehicleId)).toBeNull();

    const [delivered] = await fetchCommands(vehicle);
    expect(delivered).toMatchObject({
      id: command.id,
      type: 'Lock',
      expiresDateTime: command.expiresDateTime,
    });
    expect((await commands(vehicle.vehicleId))[0]).toMatchObject({ status: 'Delivered', deviceOnline: true });
    expect(await vehicleLocked(vehicle.vehicleId)).toBeNull();
    expect(await history(vehicle.vehicleId)).toEqual([]);

    const answer = await ack(vehicle, command.id, { status: 'Confirmed', locked: true });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ id: command.id, status: 'Confirmed' });

    expect(await vehicleLocked(vehicle.vehicleId)).toBe(true);
    const [entry] = await history(vehicle.vehicleId);
    expect(entry).toMatchObject({
      type: 'LockState',
      isLocked: true,
      isLockedByUserFirstName: 'Pieter',
      isLockedByUserLastName: 'van Wyk',
      isLockedChangedByAdminUser: true,
      lockCommandType: 'Lock',
      lockCommandStatus: 'Confirmed',
      lockCommandRequestedDateTime: command.requestedDateTime,
      lockCommandReason: null,
    });
    expect((await commands(vehicle.vehicleId))[0]).toMatchObject({
      status: 'Confirmed',
      resultIsLocked: true,
      completedDateTime: expect.any(String),
    });
    // The audit log has the request (by the agent) and the outcome (by no person: the device);
    // the agent's read of the history above is an entry of its own (PersonalDataViewed).
    const audit = await api.app.db
      .selectFrom('auditLog')
      .select(['userId', 'action', 'detail'])
      .where('targetType', '=', 'Vehicle')
      .where('targetId', '=', String(vehicle.vehicleId))
      .where('action', '=', 'VehicleLocked')
      .orderBy('id')
      .execute();
    expect(
      audit.map((row) => [row.action, row.userId === null, JSON.parse(row.detail ?? '{}').status]),
    ).toEqual([
      ['VehicleLocked', false, 'Pending'],
      ['VehicleLocked', true, 'Confirmed'],
    ]);
  });

  it('hands a command to a waiting long poll as soon as it is asked for', async () => {
    const vehicle = await addTrackedVehicle(api.app);
    // The poll has begun waiting once the device shows as online.
    const waiting = fetchCommands(vehicle, 20);
    await vi.waitFor(
      async () => {
        const seen = await api.app.db
          .selectFrom('devices')
          .select('commandsSeenAt')
          .where('serialNumber', '=', vehicle.serialNumber)
          .executeTakeFirstOrThrow();
        expect(seen.commandsSeenAt).not.toBeNull();
      },
      { timeout: 5_000 },
    );
    const started = Date.now();
    const command = await requestLock(vehicle, 'Unlock');
    expect(command.deviceOnline).toBe(true);

    const items = await waiting;
    expect(items.map((item) => item.id)).toEqual([command.id]);
    // Woken by the request, not by the end of the 20 s wait.
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('keeps one long poll open per device: a second ends the first at once with an empty list', async () => {
    const vehicle = await addTrackedVehicle(api.app);
    const seenAt = async () =>
      (
        await api.app.db
          .selectFrom('devices')
          .select('commandsSeenAt')
          .where('serialNumber', '=', vehicle.serialNumber)
          .executeTakeFirstOrThrow()
      ).commandsSeenAt;
    const first = poll(vehicle, 20);
    // The first poll has begun waiting once the device shows as online.
    await vi.waitFor(async () => expect(await seenAt()).not.toBeNull(), { timeout: 5_000 });
    const firstSeenAt = await seenAt();
    const started = Date.now();

    const second = fetchCommands(vehicle, 20);

    const ended = await first;
    expect(ended.status).toBe(200);
    expect(await ended.json()).toEqual({ items: [] });
    // Ended by the second poll, not by the end of its 20 s wait.
    expect(Date.now() - started).toBeLessThan(5_000);
    // The second is the one that waits, and gets the next command.
    await vi.waitFor(async () => expect(await seenAt()).not.toBe(firstSeenAt), { timeout: 5_000 });
    const command = await requestLock(vehicle);
    expect((await second).map((item) => item.id)).toEqual([command.id]);
  });

  it('answers an empty list when nothing comes within the wait', async () => {
    const vehicle = await addTrackedVehicle(api.app);
    expect(await fetchCommands(vehicle, 1)).toEqual([]);
  });

  it('records a refusal: the state the device reports, Failed with its reason', async () => {
    const vehicle = await addTrackedVehicle(api.app);
    const command = await requestLock(vehicle);
    await fetchCommands(vehicle);

    const answer = await ack(vehicle, command.id, { status: 'Failed', locked: false, reason: 'Door open' });

    expect(answer.status).toBe(200);
    expect(await vehicleLocked(vehicle.vehicleId)).toBe(false);
    expect((await history(vehicle.vehicleId))[0]).toMatchObject({
      isLocked: false,
      lockCommandType: 'Lock',
      lockCommandStatus: 'Failed',
      lockCommandReason: 'Door open',
    });
  });

  it('takes the same outcome twice (a lost reply) but refuses a different one', async () => {
    const vehicle = await addTrackedVehicle(api.app);
    const command = await requestLock(vehicle);
    await fetchCommands(vehicle);
    expect((await ack(vehicle, command.id, { status: 'Confirmed', locked: true })).status).toBe(200);

    expect((await ack(vehicle, command.id, { status: 'Confirmed', locked: true })).status).toBe(200);
    const changed = await ack(vehicle, command.id, { status: 'Failed', locked: false });
    expect(changed.status).toBe(409);
    expect(await changed.json()).toMatchObject({ message: `Command ${command.id} is confirmed.` });
    expect(await history(vehicle.vehicleId)).toHaveLength(1);
  });
});

describe('bad input on the device channel', () => {
  it("refuses another device's command and an unknown one as not found", async () => {
    const owner = await addTrackedVehicle(api.app);
    const other = await addTrackedVehicle(api.app);
    const command = await requestLock(owner);

    expect(await fetchCommands(other)).toEqual([]);
    expect((await ack(other, command.id, { status: 'Confirmed', locked: true })).status).toBe(404);
    expect((await ack(owner, 999_999, { status: 'Confirmed', locked: true })).status).toBe(404);
    expect(await vehicleLocked(owner.vehicleId)).toBeNull();
  });

  it('refuses a deactivated device with 403 and hands it none of its waiting commands', async () => {
    const vehicle = await addTrackedVehicle(api.app);
    const command = await requestLock(vehicle);
    await api.app.db
      .updateTable('devices')
      .set({ active: 0 })
      .where('serialNumber', '=', vehicle.serialNumber)
      .execute();

    const refused = await poll(vehicle, 20);

    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ status: 403, message: 'This device is deactivated.' });
    expect((await ack(vehicle, command.id, { status: 'Confirmed', locked: true })).status).toBe(403);
    expect((await commands(vehicle.vehicleId))[0]!.status).toBe('Pending');
  });

  it('refuses a wrong key before anything else', async () => {
    const vehicle = await addTrackedVehicle(api.app);
    const command = await requestLock(vehicle);
    const forged = { serialNumber: vehicle.serialNumber, deviceKey: 'not-the-key' };

    expect((await poll(forged)).status).toBe(401);
    expect((await ack(forged, command.id, { status: 'Confirmed', locked: true })).status).toBe(401);
    expect((await commands(vehicle.vehicleId))[0]!.status).toBe('Pending');
  });

  it('needs the lock state with an outcome, and a confirmed Lock must leave it locked', async () => {
    const vehicle = await addTrackedVehicle(api.app);
    const command = await requestLock(vehicle);
    await fetchCommands(vehicle);

    expect((await ack(vehicle, command.id, { status: 'Confirmed' })).status).toBe(400);
    expect((await ack(vehicle, command.id, { status: 'Confirmed', locked: false })).status).toBe(400);
    expect((await ack(vehicle, command.id, { status: 'Done', locked: true })).status).toBe(400);
    expect((await commands(vehicle.vehicleId))[0]!.status).toBe('Delivered');
  });

  it('refuses an answer to an expired command, which the history shows as expired', async () => {
    const vehicle = await addTrackedVehicle(api.app);
    const command = await requestLock(vehicle);
    await fetchCommands(vehicle);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse(command.expiresDateTime) + 1_000);
    const late = await ack(vehicle, command.id, { status: 'Confirmed', locked: true });

    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ message: expect.stringContaining('expired') });
    expect(await vehicleLocked(vehicle.vehicleId)).toBeNull();
    expect((await history(vehicle.vehicleId))[0]).toMatchObject({
      type: 'LockState',
      lockCommandStatus: 'Expired',
      isLockedByUserFirstName: 'Pieter',
    });
  });

  it('leaves at most one waiting command when a flood of requests arrives', async () => {
    const vehicle = await addTrackedVehicle(api.app);

    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        index % 2 === 0
          ? staff('PUT', `/Vehicles/${vehicle.vehicleId}/Lock`, agent, TEST_LOCK)
          : staff('PUT', `/Vehicles/${vehicle.vehicleId}/Unlock`),
      ),
    );

    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(202));
    const all = await commands(vehicle.vehicleId);
    expect(all).toHaveLength(12);
    expect(all.filter((command) => command.status === 'Pending')).toHaveLength(1);
    expect(all.filter((command) => command.status === 'Cancelled')).toHaveLength(11);
    // The device gets only the newest.
    expect((await fetchCommands(vehicle)).map((item) => item.id)).toEqual([all[0]!.id]);
  });
});

describe('expiry and cancelling', () => {
  it('expires commands nobody answered, in the sweep', async () => {
    const vehicle = await addTrackedVehicle(api.app);
    const command = await requestLock(vehicle);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse(command.expiresDateTime) + 1_000);
    expect(await api.app.commands.expireDue()).toBeGreaterThanOrEqual(1);
    vi.useRealTimers();

    expect((await commands(vehicle.vehicleId))[0]).toMatchObject({
      status: 'Expired',
      reason: 'The device did not answer in time',
    });
    // An expired command is not handed to the device when it comes back.
    expect(await fetchCommands(vehicle)).toEqual([]);
  });

  it('cancels a queued command, but not one the device already has', async () => {
    const vehicle = await addTrackedVehicle(api.app);
    const queued = await requestLock(vehicle);

    const cancelled = await staff('POST', `/Vehicles/${vehicle.vehicleId}/Commands/${queued.id}/Cancel`);
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toMatchObject({ id: queued.id, status: 'Cancelled' });
    expect(await fetchCommands(vehicle)).toEqual([]);
    expect((await history(vehicle.vehicleId))[0]).toMatchObject({
      lockCommandStatus: 'Cancelled',
      isLockedByUserFirstName: 'Pieter',
    });

    const sent = await requestLock(vehicle, 'Unlock');
    await fetchCommands(vehicle);
    const tooLate = await staff('POST', `/Vehicles/${vehicle.vehicleId}/Commands/${sent.id}/Cancel`);
    expect(tooLate.status).toBe(409);
    expect(await tooLate.json()).toMatchObject({
      message: 'The unlock is delivered and can no longer be cancelled.',
    });
    expect((await staff('POST', `/Vehicles/${vehicle.vehicleId}/Commands/999999/Cancel`)).status).toBe(404);
    expect((await ack(vehicle, queued.id, { status: 'Confirmed', locked: true })).status).toBe(409);
  });
});

describe('DeviceCommandStatusMessage', () => {
  it("follows a command to the staff who may see the vehicle, and not to another company's admin", async () => {
    const companyAdmin = await signIn(api.url, ROLE.companyAdmin);
    const companyId = await addCompanyOfDemoAdmin(api.app, companyAdmin.userId);
    const inside = await addTrackedVehicle(api.app, { companyId });
    const outside = await addTrackedVehicle(api.app);
    const adminHub = hubConnection(api.url, admin);
    const companyHub = hubConnection(api.url, companyAdmin.accessToken);
    open.push(adminHub, companyHub);
    await Promise.all([adminHub.start(), companyHub.start()]);
    const companySaw = collect<DeviceCommandStatusMessage>(companyHub, LIVE_MESSAGE.commandStatus);

    const outsideSent = nextMessage<DeviceCommandStatusMessage>(
      adminHub,
      LIVE_MESSAGE.commandStatus,
      (message) => message.vehicleId === outside.vehicleId,
    );
    await requestLock(outside);
    await outsideSent;

    const confirmed = nextMessage<DeviceCommandStatusMessage>(
      companyHub,
      LIVE_MESSAGE.commandStatus,
      (message) => message.vehicleId === inside.vehicleId && message.status === 'Confirmed',
    );
    const command = await requestLock(inside);
    await fetchCommands(inside);
    await ack(inside, command.id, { status: 'Confirmed', locked: true });

    expect(await confirmed).toMatchObject({ id: command.id, type: 'Lock', resultIsLocked: true });
    // Each message says the command's status as stored when it is sent: on a busy api a message
    // queued as Pending may already read Delivered, but the statuses never go back.
    const lifecycle = ['Pending', 'Delivered', 'Confirmed'];
    const steps = companySaw.map((message) => lifecycle.indexOf(message.status));
    expect(steps.every((step) => step >= 0)).toBe(true);
    expect(steps).toEqual([...steps].sort((x, y) => x - y));
    expect(steps.at(-1)).toBe(2);
    expect(companySaw.every((message) => message.vehicleId === inside.vehicleId)).toBe(true);
  });
});

// Safe immobilisation: the reason a lock carries, and a moving vehicle's lock held until it slows.

async function lock(
  vehicle: TrackedVehicle,
  body: object = { reason: 'TheftInProgress' },
  accessToken = agent,
) {
  const response = await staff('PUT', `/Vehicles/${vehicle.vehicleId}/Lock`, accessToken, body);
  expect(response.status).toBe(202);
  return ((await response.json()) as LockResult).command;
}

async function latestCommand(vehicle: TrackedVehicle): Promise<DeviceCommand> {
  const response = await staff('GET', `/Vehicles/${vehicle.vehicleId}/Commands`);
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
    const bare = await staff('PUT', `/Vehicles/${vehicle.vehicleId}/Lock`);
    expect(bare.status).toBe(400);
    expect(await bare.json()).toMatchObject({ errors: { Reason: ['This field is required'] } });

    const other = await staff('PUT', `/Vehicles/${vehicle.vehicleId}/Lock`, agent, { reason: 'Other' });
    expect(await other.json()).toMatchObject({ errors: { Note: ['This field is required'] } });
    const long = await staff('PUT', `/Vehicles/${vehicle.vehicleId}/Lock`, agent, {
      reason: 'Other',
      note: 'x'.repeat(501),
    });
    expect(await long.json()).toMatchObject({ errors: { Note: ['Must be at most 500 characters'] } });
    const unknown = await staff('PUT', `/Vehicles/${vehicle.vehicleId}/Lock`, agent, { reason: 'Bored' });
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

    const unlocked = await staff('PUT', `/Vehicles/${vehicle.vehicleId}/Unlock`);
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
    const cancelled = await staff('POST', `/Vehicles/${vehicle.vehicleId}/Commands/${second.id}/Cancel`);
    expect(await cancelled.json()).toMatchObject({ id: second.id, status: 'Cancelled' });
    const all = await staff('GET', `/Vehicles/${vehicle.vehicleId}/Commands`);
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

    const own = await staff('POST', path, agent);
    expect(own.status).toBe(409);
    expect(await own.json()).toMatchObject({ message: 'Another staff member must approve sending it now.' });
    expect(await fetchCommands(vehicle)).toEqual([]);

    const approved = await staff('POST', path, admin);
    expect(approved.status).toBe(200);
    expect(await approved.json()).toMatchObject({ id: command.id, status: 'Pending' });
    expect((await fetchCommands(vehicle)).map((item) => item.id)).toEqual([command.id]);

    const again = await staff('POST', path, admin);
    expect(again.status).toBe(409);
    expect(
      (await staff('POST', `/Vehicles/${vehicle.vehicleId}/Commands/999999/SendNow`, admin)).status,
    ).toBe(404);

    const audit = await auditOf(vehicle.vehicleId);
    expect(audit.map((row) => row.action)).toEqual(['VehicleLocked', 'LockSentNowApproved']);
    expect(audit[0]!.detail).toMatchObject({ status: 'WaitingForSlowdown', reason: 'TheftInProgress' });
    expect(audit[1]!.detail).toMatchObject({ commandId: command.id });
    expect(audit[1]!.userId).not.toBe(audit[0]!.userId);
  });
});
