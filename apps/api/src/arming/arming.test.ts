/*
 * Arming through the real api, on both engines: the four routes as each kind of caller, a wrong
 * schedule's field errors, the audit log and the Vehicle answers; then device reports through the
 * real telemetry route, judged at ingestion (by hand, by schedule, late, twice, after a disarm).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ARMING_MESSAGES, distanceMetres } from '@sentinel/domain';
import type { ArmingStatus, Page, Position, RoleName, Vehicle } from '@sentinel/domain';
import { build } from '../app';
import { userIdByEmail } from '../db/seed/users';
import { addCompanyOfDemoAdmin, addTrackedVehicle } from '../live/test-support';
import type { TrackedVehicle } from '../live/test-support';
import { demoTokens } from '../test-support/demo-tokens';
import { linkDevice } from '../vehicles/vehicle-store';

let app: FastifyInstance;
let tokens: Record<RoleName, string>;
/** A vehicle of the demo Company-Admin's company, one outside it, and the demo account holder's own. */
let inCompany: TrackedVehicle;
let outside: TrackedVehicle;
let holders: TrackedVehicle;

beforeAll(async () => {
  app = await build({ seed: true });
  tokens = await demoTokens(app);
  const companyAdminId = await userIdByEmail(app.db, 'company.admin@sentinel.demo');
  inCompany = await addTrackedVehicle(app, { companyId: await addCompanyOfDemoAdmin(app, companyAdminId!) });
  outside = await addTrackedVehicle(app);
  holders = await addTrackedVehicle(app);
  const holderId = await userIdByEmail(app.db, 'holder@sentinel.demo');
  await app.db
    .updateTable('vehicles')
    .set({ userId: holderId! })
    .where('id', '=', holders.vehicleId)
    .execute();
});

afterAll(async () => {
  await app.close();
});

type Caller = RoleName | 'anonymous';

async function call(
  caller: Caller,
  method: 'PUT' | 'DELETE',
  url: string,
  payload?: object,
): Promise<{ status: number; body: ArmingStatus & { message?: string; errors?: Record<string, string[]> } }> {
  const response = await app.inject({
    method,
    url,
    headers: caller === 'anonymous' ? {} : { authorization: `Bearer ${tokens[caller]}` },
    ...(payload === undefined ? {} : { payload }),
  });
  return { status: response.statusCode, body: response.json() };
}

const arm = (caller: Caller, vehicleId: number) => call(caller, 'PUT', `/Vehicles/${vehicleId}/Arm`);
const disarm = (caller: Caller, vehicleId: number) => call(caller, 'PUT', `/Vehicles/${vehicleId}/Disarm`);
const schedule = (caller: Caller, vehicleId: number, body: object) =>
  call(caller, 'PUT', `/Vehicles/${vehicleId}/ArmingSchedule`, body);

async function listed(vehicleId: number): Promise<Vehicle> {
  const response = await app.inject({
    method: 'GET',
    url: `/Vehicles?$filter=${encodeURIComponent(`id eq ${vehicleId}`)}`,
    headers: { authorization: `Bearer ${tokens.Admin}` },
  });
  return response.json<Page<Vehicle>>().items[0]!;
}

/** A device report through the real telemetry route, stored before it answers. */
async function report(vehicle: TrackedVehicle, body: object): Promise<void> {
  const response = await app.inject({
    method: 'POST',
    url: `/Devices/${encodeURIComponent(vehicle.serialNumber)}/Telemetry`,
    headers: { authorization: `Device ${vehicle.deviceKey}` },
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(200);
}

function alarms(vehicleId: number) {
  return app.db
    .selectFrom('alarms')
    .select(['kind', 'priority', 'state', 'eventCount'])
    .where('vehicleId', '=', vehicleId)
    .orderBy('id')
    .execute();
}

const HOME: Position = { latitudeDegrees: -33.9249, longitudeDegrees: 18.4241 };
/** `metres` north of home. */
const north = (metres: number): Position => ({
  latitudeDegrees: HOME.latitudeDegrees + metres / 111_195,
  longitudeDegrees: HOME.longitudeDegrees,
});
/** A moment `seconds` from `base`, as a device stamps its report. */
const stamp = (base: number, seconds: number) => new Date(base + seconds * 1000).toISOString();
/** HH:MM in Johannesburg (UTC+2 all year) of a moment. */
const johannesburg = (moment: number) => new Date(moment + 2 * 3_600_000).toISOString().slice(11, 16);
const EVERY_DAY = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

describe('the arming routes', () => {
  it('let Admin, Technical-Agent, a Company-Admin inside their companies and the owner arm; others get 404, anonymous 401', async () => {
    const nightly = { days: ['Fri', 'Sat'], from: '22:00', to: '05:00' };
    const cases: [Caller, TrackedVehicle, number][] = [
      ['Admin', outside, 200],
      ['Technical-Agent', outside, 200],
      ['Company-Admin', inCompany, 200],
      ['Company-Admin', outside, 404],
      ['Account-Holder', holders, 200],
      ['Account-Holder', outside, 404],
      ['anonymous', outside, 401],
    ];
    for (const [caller, vehicle, status] of cases) {
      const id = vehicle.vehicleId;
      const answers = [
        await arm(caller, id),
        await schedule(caller, id, nightly),
        await call(caller, 'DELETE', `/Vehicles/${id}/ArmingSchedule`),
        await disarm(caller, id),
      ];
      expect(
        answers.map((answer) => answer.status),
        `${caller} on vehicle ${id}`,
      ).toEqual([status, status, status, status]);
    }
    const refused = await arm('Company-Admin', outside.vehicleId);
    expect(refused.body.message).toBe(`Vehicle ${outside.vehicleId} was not found.`);
  });

  it('answer the arming status, keep armedSince when armed again, and set aside a schedule that is not in its window', async () => {
    const vehicleId = inCompany.vehicleId;
    const armed = await arm('Admin', vehicleId);
    expect(armed).toMatchObject({
      status: 200,
      body: { vehicleId, armed: true, armingSchedule: null },
    });
    expect(Date.parse(armed.body.armedSince!)).toBeGreaterThan(Date.now() - 10_000);
    expect((await arm('Company-Admin', vehicleId)).body.armedSince).toBe(armed.body.armedSince);

    const nightly = { days: ['Mon', 'Wed'], from: '22:00', to: '05:00' };
    expect((await schedule('Admin', vehicleId, nightly)).body).toMatchObject({
      armed: true,
      armingSchedule: nightly,
    });
    expect(await listed(vehicleId)).toMatchObject({
      armed: true,
      armedSince: armed.body.armedSince,
      armingSchedule: nightly,
    });

    expect((await disarm('Admin', vehicleId)).body).toEqual({
      vehicleId,
      armed: false,
      armedSince: null,
      armingSchedule: nightly,
    });
    expect((await call('Admin', 'DELETE', `/Vehicles/${vehicleId}/ArmingSchedule`)).body).toEqual({
      vehicleId,
      armed: false,
      armedSince: null,
      armingSchedule: null,
    });
    expect(await listed(vehicleId)).toMatchObject({ armed: false, armedSince: null, armingSchedule: null });
  });

  it('record every call in the audit log, with who made it', async () => {
    const vehicleId = inCompany.vehicleId;
    const entries = await app.db
      .selectFrom('auditLog')
      .select(['action', 'userEmail'])
      .where('targetType', '=', 'Vehicle')
      .where('targetId', '=', String(vehicleId))
      .orderBy('id')
      .execute();
    expect(entries.slice(-5)).toEqual([
      { action: 'VehicleArmed', userEmail: 'admin@sentinel.demo' },
      { action: 'VehicleArmed', userEmail: 'company.admin@sentinel.demo' },
      { action: 'ArmingScheduleSet', userEmail: 'admin@sentinel.demo' },
      { action: 'VehicleDisarmed', userEmail: 'admin@sentinel.demo' },
      { action: 'ArmingScheduleRemoved', userEmail: 'admin@sentinel.demo' },
    ]);
  });

  it('refuse a wrong schedule with field errors at Days, From and To, and save nothing', async () => {
    const vehicleId = holders.vehicleId;
    const auditBefore = await app.db.selectFrom('auditLog').select('id').execute();
    const wrong: [object, Record<string, string[]>][] = [
      [
        { days: [], from: '25:00', to: '05:00' },
        { Days: [ARMING_MESSAGES.daysRequired], From: [ARMING_MESSAGES.timeInvalid] },
      ],
      [{ days: ['Mon'], from: '22:00', to: '22:00' }, { To: [ARMING_MESSAGES.sameTimes] }],
      [
        { days: ['Funday'], from: '22:00' },
        { Days: [ARMING_MESSAGES.unknownDay], To: [ARMING_MESSAGES.timeInvalid] },
      ],
    ];
    for (const [body, errors] of wrong) {
      const answer = await schedule('Account-Holder', vehicleId, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.errors).toEqual(errors);
    }
    expect((await listed(vehicleId)).armingSchedule).toBeNull();
    expect(await app.db.selectFrom('auditLog').select('id').execute()).toHaveLength(auditBefore.length);
  });

  it('refuse to arm a vehicle without a linked device, with the message Lock gives', async () => {
    const vehicle = await addTrackedVehicle(app);
    await linkDevice(app.db, { vehicleId: vehicle.vehicleId, deviceId: null });
    const answer = await arm('Admin', vehicle.vehicleId);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('This vehicle has no tracking device linked.');
    expect((await listed(vehicle.vehicleId)).armed).toBe(false);
  });

  it('refuse to arm a vehicle whose device is deactivated: its reports would never arrive', async () => {
    const vehicle = await addTrackedVehicle(app);
    await app.db
      .updateTable('devices')
      .set({ active: 0 })
      .where('serialNumber', '=', vehicle.serialNumber)
      .execute();
    const answer = await arm('Admin', vehicle.vehicleId);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(
      `Device ${vehicle.serialNumber} is deactivated; activate it before arming the vehicle.`,
    );
    expect((await listed(vehicle.vehicleId)).armed).toBe(false);
  });
});

describe('a report of a vehicle armed by hand', () => {
  let vehicle: TrackedVehicle;
  /** Seconds from the moment it was armed. */
  let at: (seconds: number) => string;

  beforeAll(async () => {
    vehicle = await addTrackedVehicle(app);
    await report(vehicle, { timestamp: stamp(Date.now(), -60), ...HOME, ignition: false });
    const armedSince = Date.parse((await arm('Admin', vehicle.vehicleId)).body.armedSince!);
    at = (seconds) => stamp(armedSince, seconds);
  });

  it('from before the arming, though newer than its last fix, raises nothing', async () => {
    await report(vehicle, { timestamp: at(-30), ...north(2_000), ignition: true });
    expect(await alarms(vehicle.vehicleId)).toEqual([]);
  });

  it('within the drift raises nothing; 400 m away opens one High ArmedMovement alarm, sent twice still one', async () => {
    await report(vehicle, { timestamp: at(1), ...north(60), ignition: false });
    expect(await alarms(vehicle.vehicleId)).toEqual([]);

    const away = { timestamp: at(2), ...north(400), ignition: false };
    await report(vehicle, away);
    await report(vehicle, away);

    expect(await alarms(vehicle.vehicleId)).toEqual([
      { kind: 'ArmedMovement', priority: 1, state: 'Open', eventCount: 1 },
    ]);
    const opened = await app.db
      .selectFrom('alarmEvents')
      .innerJoin('alarms', 'alarms.id', 'alarmEvents.alarmId')
      .select('alarmEvents.text')
      .where('alarms.vehicleId', '=', vehicle.vehicleId)
      .executeTakeFirstOrThrow();
    expect(opened.text).toBe(
      `Moved ${Math.round(distanceMetres(HOME, north(400)))} m from where it was armed`,
    );
  });

  it('with the ignition on opens ArmedIgnition; one older than the newest fix raises nothing', async () => {
    await report(vehicle, { timestamp: at(1.5), ...north(3_000), ignition: true });
    expect(await alarms(vehicle.vehicleId)).toHaveLength(1);

    await report(vehicle, { timestamp: at(3), ignition: true });
    expect(await alarms(vehicle.vehicleId)).toEqual([
      { kind: 'ArmedMovement', priority: 1, state: 'Open', eventCount: 1 },
      { kind: 'ArmedIgnition', priority: 1, state: 'Open', eventCount: 1 },
    ]);
  });

  it('after Disarm raises nothing', async () => {
    await disarm('Admin', vehicle.vehicleId);
    await report(vehicle, { timestamp: at(4), ...north(5_000), ignition: true });
    expect((await alarms(vehicle.vehicleId)).map((alarm) => alarm.eventCount)).toEqual([1, 1]);
  });
});

describe('a report of a vehicle armed by its schedule', () => {
  it('raises alarms inside a window only, measured from where it stood when the window began, and none once disarmed in it', async () => {
    const vehicle = await addTrackedVehicle(app);
    const now = Date.now();
    const at = (seconds: number) => stamp(now, seconds);
    // A window from an hour ago to an hour from now, every day.
    const window = {
      days: EVERY_DAY,
      from: johannesburg(now - 3_600_000),
      to: johannesburg(now + 3_600_000),
    };
    const status = await schedule('Admin', vehicle.vehicleId, window);
    expect(status.body).toMatchObject({ armed: true, armedSince: null, armingSchedule: window });

    // Before the window: moving with the ignition on is no alarm.
    await report(vehicle, { timestamp: at(-90 * 60), ...HOME, ignition: true });
    await report(vehicle, { timestamp: at(-80 * 60), ...north(1_000), ignition: true });
    await report(vehicle, { timestamp: at(-70 * 60), ...HOME, ignition: false });
    expect(await alarms(vehicle.vehicleId)).toEqual([]);

    // Inside it: standing still is none; 400 m from home opens ArmedMovement, the ignition ArmedIgnition.
    await report(vehicle, { timestamp: at(-50 * 60), ...HOME, ignition: false });
    expect(await alarms(vehicle.vehicleId)).toEqual([]);
    await report(vehicle, { timestamp: at(-40 * 60), ...north(400), ignition: false });
    await report(vehicle, { timestamp: at(-30 * 60), ignition: true });
    expect((await alarms(vehicle.vehicleId)).map((alarm) => alarm.kind)).toEqual([
      'ArmedMovement',
      'ArmedIgnition',
    ]);
    expect((await listed(vehicle.vehicleId)).armed).toBe(true);

    // Disarmed inside the window, it stays disarmed until the window ends.
    const disarmed = await disarm('Admin', vehicle.vehicleId);
    expect(disarmed.body).toMatchObject({ armed: false, armingSchedule: window });
    await report(vehicle, { timestamp: at(1), ...north(3_000), ignition: true });
    expect((await alarms(vehicle.vehicleId)).map((alarm) => alarm.eventCount)).toEqual([1, 1]);
    expect((await listed(vehicle.vehicleId)).armed).toBe(false);
  });
});
