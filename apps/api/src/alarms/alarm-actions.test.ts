/*
 * A person's actions on an alarm through the real routes, on both engines: acknowledge (one of
 * two at once wins), note, resolve (its rules, and the tamper alert it cancels), escalate (a
 * partner that accepts and one that answers 500), and the audit entries each leaves.
 */
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Alarm, AlarmEvent, ProblemDetails } from '@sentinel/domain';
import { addTrackedVehicle } from '../live/test-support';
import type { TrackedVehicle } from '../live/test-support';
import { ago, alarmsOfVehicle, call, detail, report, startAlarmApi, withoutMessages } from './test-support';
import type { AlarmApi } from './test-support';

let api: AlarmApi;
let refusingPartner: Server;
let adminId: number;

beforeAll(async () => {
  // Capital Air's webhook answers 500 every time; Aura stays on the outbox, which accepts.
  refusingPartner = createServer((_request, response) => response.writeHead(500).end());
  await new Promise<void>((resolve) => refusingPartner.listen(0, '127.0.0.1', resolve));
  const { port } = refusingPartner.address() as AddressInfo;
  api = await startAlarmApi({
    partnerWebhooks: {
      webhooks: { 'Capital Air': { url: `http://127.0.0.1:${port}/alerts`, secret: 'capital-air-secret' } },
      attempts: 1,
      timeoutMs: 2_000,
    },
  });
  adminId = (
    await api.app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'admin@sentinel.demo')
      .executeTakeFirstOrThrow()
  ).id;
});

afterAll(async () => {
  await api.app.close();
  await new Promise((resolve) => refusingPartner.close(resolve));
});

/** A vehicle whose device just reported this tamper; answers the vehicle and its one alarm. */
async function tamperAlarm(
  tamper = { carBatteryState: 'Normal', gpsState: 'Normal' },
  vehicle?: TrackedVehicle,
): Promise<{ vehicle: TrackedVehicle; alarmId: number }> {
  const tracked = vehicle ?? (await addTrackedVehicle(api.app));
  await report(api, tracked, { timestamp: ago(5), tamper });
  const alarms = await alarmsOfVehicle(api, tracked.vehicleId);
  return { vehicle: tracked, alarmId: alarms.at(-1)!.id };
}

function auditActions(vehicleId: number) {
  return api.app.db
    .selectFrom('auditLog')
    .select(['action', 'userId', 'detail'])
    .where('targetType', '=', 'Vehicle')
    .where('targetId', '=', String(vehicleId))
    .orderBy('id')
    .execute();
}

describe('POST /Alarms/{id}/Acknowledge', () => {
  it('lets exactly one of two simultaneous acknowledgements win; the other is told who has it', async () => {
    const { vehicle, alarmId } = await tamperAlarm();

    const answers = await Promise.all([
      call<Alarm & ProblemDetails>(api, 'POST', `/Alarms/${alarmId}/Acknowledge`, undefined, 'Admin'),
      call<Alarm & ProblemDetails>(
        api,
        'POST',
        `/Alarms/${alarmId}/Acknowledge`,
        undefined,
        'Technical-Agent',
      ),
    ]);

    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const won = answers.find((answer) => answer.status === 200)!.body;
    const lost = answers.find((answer) => answer.status === 409)!.body;
    expect(won.state).toBe('Acknowledged');
    expect(lost.message).toBe(
      `Already acknowledged by ${won.acknowledgedByUserFirstName} ${won.acknowledgedByUserLastName}.`,
    );
    const { timeline } = await detail(api, alarmId);
    expect(timeline.filter((entry) => entry.type === 'Acknowledged')).toHaveLength(1);
    expect((await auditActions(vehicle.vehicleId)).map((entry) => entry.action).sort()).toEqual([
      'AlarmAcknowledgeRefused',
      'AlarmAcknowledged',
    ]);
  });
});

describe('POST /Alarms/{id}/Notes', () => {
  it('adds a Note entry by the caller and audits it', async () => {
    const { vehicle, alarmId } = await tamperAlarm();

    const answer = await call<AlarmEvent>(api, 'POST', `/Alarms/${alarmId}/Notes`, {
      note: '  Called the holder; no answer.  ',
    });

    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      type: 'Note',
      text: 'Called the holder; no answer.',
      byUserFirstName: 'Ayanda',
      byUserLastName: 'Dlamini',
    });
    expect(withoutMessages((await detail(api, alarmId)).timeline).at(-1)).toEqual(answer.body);
    expect((await auditActions(vehicle.vehicleId)).map((entry) => entry.action)).toEqual(['AlarmNoted']);
  });

  it('refuses an empty note and one too long with 400 on Note', async () => {
    const { alarmId } = await tamperAlarm();

    const empty = await call<ProblemDetails>(api, 'POST', `/Alarms/${alarmId}/Notes`, { note: '   ' });
    const long = await call<ProblemDetails>(api, 'POST', `/Alarms/${alarmId}/Notes`, {
      note: 'x'.repeat(1001),
    });

    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual({ Note: ['Write a note.'] });
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual({ Note: ['A note has at most 1000 characters.'] });
  });
});

describe('POST /Alarms/{id}/Resolve', () => {
  it('refuses a missing reason, an unknown one and Other without a note, on their fields', async () => {
    const { alarmId } = await tamperAlarm();
    const resolve = (body: object) => call<ProblemDetails>(api, 'POST', `/Alarms/${alarmId}/Resolve`, body);

    const missing = await resolve({});
    const blank = await resolve({ reason: '' });
    const unknown = await resolve({ reason: 'Stolen' });
    const other = await resolve({ reason: 'Other', note: ' ' });

    expect([missing.status, blank.status, unknown.status, other.status]).toEqual([400, 400, 400, 400]);
    expect(Object.keys(missing.body.errors ?? {})).toEqual(['Reason']);
    expect(blank.body.errors).toEqual({ Reason: ['Choose why the alarm is resolved.'] });
    expect(Object.keys(unknown.body.errors ?? {})).toEqual(['Reason']);
    expect(other.body.errors).toEqual({ Note: ["Say what happened when the reason is 'Other'."] });
    expect((await alarmsOfVehicle(api, (await detail(api, alarmId)).alarm.vehicleId))[0]!.state).toBe('Open');
  });

  it("resolving a vehicle's last tamper alarm acknowledges it, cancels the tamper alert by the resolver, and a second resolve is 409", async () => {
    const { vehicle, alarmId: powerCut } = await tamperAlarm({
      carBatteryState: 'Disconnected',
      gpsState: 'Normal',
    });
    const { alarmId: lowBattery } = await (async () => {
      await report(api, vehicle, { timestamp: ago(4), deviceBatteryPercent: 3 });
      return { alarmId: (await alarmsOfVehicle(api, vehicle.vehicleId)).at(-1)!.id };
    })();
    const { alarmId: jammed } = await tamperAlarm({ carBatteryState: 'Normal', gpsState: 'Jammed' }, vehicle);
    const tamperActive = async () =>
      (
        await api.app.db
          .selectFrom('vehicles')
          .select('tamperActive')
          .where('id', '=', vehicle.vehicleId)
          .executeTakeFirstOrThrow()
      ).tamperActive;

    // GpsJammed stays active: the alert stands.
    const first = await call<Alarm>(api, 'POST', `/Alarms/${powerCut}/Resolve`, { reason: 'FalseAlarm' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      state: 'Resolved',
      resolution: 'FalseAlarm',
      acknowledgedByUserId: adminId,
      resolvedByUserFirstName: 'Ayanda',
      resolvedByUserLastName: 'Dlamini',
    });
    expect(first.body.acknowledgedDateTime).toBe(first.body.resolvedDateTime);
    expect(await tamperActive()).toBe(1);

    const last = await call<Alarm>(api, 'POST', `/Alarms/${jammed}/Resolve`, {
      reason: 'VehicleRecovered',
      note: 'Recovered in Bellville.',
    });
    expect(last.status).toBe(200);
    expect(await tamperActive()).toBe(0);
    const cancelled = await api.app.db
      .selectFrom('vehicleHistory')
      .select(['tamperCancelled', 'tamperCancelledByUserId'])
      .where('vehicleId', '=', vehicle.vehicleId)
      .where('type', '=', 'TamperAlert')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(cancelled).toEqual({ tamperCancelled: 1, tamperCancelledByUserId: adminId });
    expect(
      withoutMessages((await detail(api, jammed)).timeline).map(({ type, text }) => [type, text]),
    ).toEqual([
      ['Opened', 'Car battery Normal, GPS Jammed'],
      ['Acknowledged', null],
      ['Resolved', 'Vehicle recovered: Recovered in Bellville.'],
    ]);
    // The low device battery alarm is no tamper alarm: still open.
    expect((await detail(api, lowBattery)).alarm.state).toBe('Open');

    const again = await call<ProblemDetails>(api, 'POST', `/Alarms/${jammed}/Resolve`, { reason: 'Test' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Already resolved by Ayanda Dlamini.');
    const actions = (await auditActions(vehicle.vehicleId)).map((entry) => entry.action);
    expect(actions.filter((action) => action === 'AlarmResolved')).toHaveLength(2);
  });
});

describe('POST /Alarms/{id}/Escalate', () => {
  it('alerts the partner as the vehicle card does, then marks the alarm Escalated and acknowledged by the caller', async () => {
    const { vehicle, alarmId } = await tamperAlarm();

    const answer = await call<Alarm>(api, 'POST', `/Alarms/${alarmId}/Escalate`, { partner: 'Aura' });

    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ state: 'Escalated', acknowledgedByUserId: adminId });
    expect(
      withoutMessages((await detail(api, alarmId)).timeline).map(({ type, text }) => [type, text]),
    ).toEqual([
      ['Opened', 'Car battery Normal, GPS Normal'],
      ['Acknowledged', null],
      ['Escalated', 'Aura: Dispatched'],
    ]);
    const partnerAlert = await api.app.db
      .selectFrom('partnerAlerts')
      .select(['partner', 'accepted', 'status', 'raisedByUserId'])
      .where('vehicleId', '=', vehicle.vehicleId)
      .executeTakeFirstOrThrow();
    expect(partnerAlert).toEqual({
      partner: 'Aura',
      accepted: 1,
      status: 'Dispatched',
      raisedByUserId: adminId,
    });
    const history = await api.app.db
      .selectFrom('vehicleHistory')
      .select(['auraCalloutStatus', 'auraCalloutCreatedByUserId'])
      .where('vehicleId', '=', vehicle.vehicleId)
      .where('type', '=', 'AuraCallout')
      .executeTakeFirstOrThrow();
    expect(history).toEqual({ auraCalloutStatus: 'Dispatched', auraCalloutCreatedByUserId: adminId });
    const actions = (await auditActions(vehicle.vehicleId)).map((entry) => entry.action);
    expect(actions).toEqual(['PartnerAlerted', 'AlarmEscalated']);
  });

  it('answers 502 for a partner that refuses; the alarm keeps its state and its timeline says so', async () => {
    const { vehicle, alarmId } = await tamperAlarm();

    const answer = await call<ProblemDetails>(api, 'POST', `/Alarms/${alarmId}/Escalate`, {
      partner: 'Capital Air',
    });

    expect(answer.status).toBe(502);
    expect(answer.body.message).toBe('Capital Air did not accept the alert: it answered 500.');
    const { alarm, timeline } = await detail(api, alarmId);
    expect(alarm.state).toBe('Open');
    expect(withoutMessages(timeline).at(-1)).toMatchObject({
      type: 'PartnerStatus',
      text: 'Capital Air did not accept the alert: it answered 500.',
    });
    const partnerAlert = await api.app.db
      .selectFrom('partnerAlerts')
      .select(['accepted', 'httpStatus'])
      .where('vehicleId', '=', vehicle.vehicleId)
      .executeTakeFirstOrThrow();
    expect(partnerAlert).toEqual({ accepted: 0, httpStatus: 500 });
  });

  it("an accepted alert from the vehicle card escalates the vehicle's active alarms", async () => {
    const { vehicle, alarmId } = await tamperAlarm();

    const answer = await call(api, 'POST', `/Vehicles/${vehicle.vehicleId}/AlertAura`);

    expect(answer.status).toBe(200);
    expect((await detail(api, alarmId)).alarm).toMatchObject({
      state: 'Escalated',
      acknowledgedByUserId: adminId,
    });
  });

  it('refuses a resolved alarm with 409', async () => {
    const { alarmId } = await tamperAlarm();
    await call(api, 'POST', `/Alarms/${alarmId}/Resolve`, { reason: 'Test' });

    const answer = await call<ProblemDetails>(api, 'POST', `/Alarms/${alarmId}/Escalate`, {
      partner: 'Aura',
    });

    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('Already resolved by Ayanda Dlamini.');
  });
});
