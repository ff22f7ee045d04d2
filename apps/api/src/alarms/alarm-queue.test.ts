/*
 * The queue (GET /Alarms) and who sees which alarm, through the real routes on both engines: the
 * tabs and their order, paging, a Company-Admin held to their companies' vehicles on every route,
 * and the Open tab's plan with 10,000 open alarms.
 */
import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALARM_KINDS, ALARM_PRIORITIES } from '@sentinel/domain';
import { instant } from '../db/database';
import { addCompanyOfDemoAdmin, addTrackedVehicle } from '../live/test-support';
import type { TrackedVehicle } from '../live/test-support';
import { QUEUE_ORDER, queueBase, selectAlarm } from './alarm-queries';
import { ago, alarmsOfVehicle, call, queue, report, startAlarmApi, withoutMessages } from './test-support';
import type { AlarmApi } from './test-support';

let api: AlarmApi;

beforeAll(async () => {
  api = await startAlarmApi();
});

afterAll(async () => {
  await api.app.close();
});

async function alarmOf(vehicle: TrackedVehicle, body: object): Promise<number> {
  await report(api, vehicle, body);
  return (await alarmsOfVehicle(api, vehicle.vehicleId)).at(-1)!.id;
}

let inside: TrackedVehicle;
let insideAlarm: number;
let outsideAlarm: number;

describe('GET /Alarms', () => {
  it('lists the Open tab by priority, then oldest first; Acknowledged holds acknowledged and escalated ones', async () => {
    const tamper = { carBatteryState: 'Normal', gpsState: 'Normal' };
    const lowOldest = await alarmOf(await addTrackedVehicle(api.app), {
      timestamp: ago(290),
      deviceBatteryPercent: 4,
    });
    const tamperNewer = await alarmOf(await addTrackedVehicle(api.app), { timestamp: ago(100), tamper });
    const lostOld = await alarmOf(await addTrackedVehicle(api.app), {
      timestamp: ago(200),
      tamper: { carBatteryState: 'Normal', gpsState: 'NoSignal' },
    });
    const tamperOlder = await alarmOf(await addTrackedVehicle(api.app), { timestamp: ago(280), tamper });
    const acknowledged = await alarmOf(await addTrackedVehicle(api.app), { timestamp: ago(270), tamper });
    const escalated = await alarmOf(await addTrackedVehicle(api.app), {
      timestamp: ago(260),
      deviceBatteryPercent: 1,
    });
    const resolved = await alarmOf(await addTrackedVehicle(api.app), { timestamp: ago(250), tamper });
    expect((await call(api, 'POST', `/Alarms/${acknowledged}/Acknowledge`)).status).toBe(200);
    expect((await call(api, 'POST', `/Alarms/${escalated}/Escalate`, { partner: 'Aura' })).status).toBe(200);
    expect((await call(api, 'POST', `/Alarms/${resolved}/Resolve`, { reason: 'Test' })).status).toBe(200);

    const open = await queue(api);
    const owned = await queue(api, '?tab=Acknowledged');

    expect(open.items.map((alarm) => alarm.id)).toEqual([tamperOlder, tamperNewer, lostOld, lowOldest]);
    expect(open).toMatchObject({ totalCount: 4, pageIndex: 0, pageSize: 50 });
    expect(owned.items.map((alarm) => [alarm.id, alarm.state])).toEqual([
      [acknowledged, 'Acknowledged'],
      [escalated, 'Escalated'],
    ]);
    const page = await queue(api, '?tab=Open&$pagesize=2&$pageindex=1');
    expect(page.items.map((alarm) => alarm.id)).toEqual([lostOld, lowOldest]);
    expect(page.totalCount).toBe(4);
    expect(open.items[0]).toMatchObject({
      kind: 'Tamper',
      priority: 1,
      state: 'Open',
      eventCount: 1,
      acknowledgedDateTime: null,
      holderFirstName: 'Sipho',
      registrationNumber: expect.stringContaining('TEST'),
    });
  });
});

describe('a Company-Admin', () => {
  beforeAll(async () => {
    const companyAdmin = await api.app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'company.admin@sentinel.demo')
      .executeTakeFirstOrThrow();
    const companyId = await addCompanyOfDemoAdmin(api.app, companyAdmin.id);
    inside = await addTrackedVehicle(api.app, { companyId });
    insideAlarm = await alarmOf(inside, {
      timestamp: ago(10),
      tamper: { carBatteryState: 'Low', gpsState: 'Jammed' },
    });
    outsideAlarm = await alarmOf(await addTrackedVehicle(api.app), {
      timestamp: ago(10),
      tamper: { carBatteryState: 'Low', gpsState: 'Jammed' },
    });
  });

  it("sees only the alarms of their companies' vehicles in the queue", async () => {
    const own = await queue(api, '', 'Company-Admin');
    const all = await queue(api, '', 'Technical-Agent');

    expect(own.items.map((alarm) => alarm.id)).toEqual([insideAlarm]);
    expect(own.totalCount).toBe(1);
    expect(all.items.map((alarm) => alarm.id)).toEqual(expect.arrayContaining([insideAlarm, outsideAlarm]));
  });

  it("gets 404 for another company's alarm on every route, and nothing changes", async () => {
    const asCompanyAdmin = (method: 'GET' | 'POST', path: string, body?: object) =>
      call(api, method, path, body, 'Company-Admin').then((answer) => answer.status);

    expect(await asCompanyAdmin('GET', `/Alarms/${outsideAlarm}`)).toBe(404);
    expect(await asCompanyAdmin('POST', `/Alarms/${outsideAlarm}/Acknowledge`)).toBe(404);
    expect(await asCompanyAdmin('POST', `/Alarms/${outsideAlarm}/Escalate`, { partner: 'Aura' })).toBe(404);
    expect(await asCompanyAdmin('POST', `/Alarms/${outsideAlarm}/Notes`, { note: 'Seen' })).toBe(404);
    expect(await asCompanyAdmin('POST', `/Alarms/${outsideAlarm}/Resolve`, { reason: 'Test' })).toBe(404);
    expect(await asCompanyAdmin('GET', '/Alarms/999999')).toBe(404);
    const detail = await call<{ timeline: { type: string }[]; alarm: { state: string } }>(
      api,
      'GET',
      `/Alarms/${outsideAlarm}`,
    );
    expect(detail.body.alarm.state).toBe('Open');
    expect(withoutMessages(detail.body.timeline)).toHaveLength(1);
  });

  it("acts on their own company's alarm, and reads its contacts: the holder, then the drivers", async () => {
    await api.app.db
      .insertInto('drivers')
      .values({
        vehicleId: inside.vehicleId,
        firstName: 'Zola',
        lastName: 'Mthembu',
        email: 'zola.mthembu@example.test',
        phoneNumber: '831112233',
        idNumber: '9001015009086',
      })
      .execute();
    const answer = await call<{ contacts: { role: string; firstName: string }[] }>(
      api,
      'GET',
      `/Alarms/${insideAlarm}`,
      undefined,
      'Company-Admin',
    );
    expect(answer.status).toBe(200);
    expect(answer.body.contacts).toEqual([
      {
        role: 'Account holder',
        firstName: 'Sipho',
        lastName: expect.any(String),
        phoneCode: '27',
        phoneNumber: '821112233',
      },
      { role: 'Driver', firstName: 'Zola', lastName: 'Mthembu', phoneCode: '27', phoneNumber: '831112233' },
    ]);
    const acknowledged = await call(
      api,
      'POST',
      `/Alarms/${insideAlarm}/Acknowledge`,
      undefined,
      'Company-Admin',
    );
    expect(acknowledged.status).toBe(200);
  });
});

describe('with 10,000 open alarms', () => {
  it('the Open tab walks the alarms_queue index and answers a page quickly', async () => {
    const { db } = api.app;
    const holder = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'holder@sentinel.demo')
      .executeTakeFirstOrThrow();
    // One open alarm per vehicle and kind: 1,667 vehicles with six kinds each.
    const now = Date.now();
    const vehicles = Array.from({ length: 1_667 }, (_, index) => ({
      userId: holder.id,
      registrationNumber: `QQ ${index} GP`,
      make: 'Toyota',
      model: 'Corolla',
      makeVariant: 'Toyota Corolla',
      registrationYear: '2020',
      vehicleColour: 'Silver',
      createdOnDateTime: instant(),
    }));
    const vehicleIds: number[] = [];
    for (let start = 0; start < vehicles.length; start += 500) {
      const rows = await db
        .insertInto('vehicles')
        .values(vehicles.slice(start, start + 500))
        .returning('id')
        .execute();
      vehicleIds.push(...rows.map((row) => row.id));
    }
    const alarms = vehicleIds.flatMap((vehicleId, v) =>
      ALARM_KINDS.map((kind, k) => {
        const at = instant(new Date(now - (v * 6 + k) * 1000));
        return {
          vehicleId,
          kind,
          priority: ALARM_PRIORITIES[(v + k) % 3]!,
          state: 'Open',
          acknowledgeWithinSeconds: 60,
          openedAt: at,
          lastEventAt: at,
        } as const;
      }),
    );
    for (let start = 0; start < alarms.length; start += 1_000) {
      await db
        .insertInto('alarms')
        .values(alarms.slice(start, start + 1_000))
        .execute();
    }
    const onPostgres = process.env.SENTINEL_TEST_ENGINE === 'postgres';
    if (onPostgres) await db.executeQuery(CompiledQuery.raw('analyze alarms'));

    let page = selectAlarm(queueBase(db, 'Open', { kind: 'all' }));
    for (const term of QUEUE_ORDER) page = page.orderBy(term.expression, term.direction);
    const compiled = page.limit(50).compile();
    const plan = await db.executeQuery<Record<string, unknown>>(
      CompiledQuery.raw(`${onPostgres ? 'explain' : 'explain query plan'} ${compiled.sql}`, [
        ...compiled.parameters,
      ]),
    );
    const text = plan.rows.map((row) => Object.values(row).join(' ')).join('\n');
    expect(text).toContain('alarms_queue');
    expect(text).not.toMatch(/TEMP B-TREE FOR ORDER BY|Sort Key: alarms\.priority/i);

    const started = performance.now();
    const first = await queue(api, '?tab=Open');
    const elapsed = performance.now() - started;
    expect(first.totalCount).toBeGreaterThanOrEqual(10_000);
    expect(first.items).toHaveLength(50);
    expect(first.items.every((alarm) => alarm.priority === 1)).toBe(true);
    console.log(`GET /Alarms?tab=Open with ${first.totalCount} open alarms: ${elapsed.toFixed(1)} ms`);
    expect(elapsed).toBeLessThan(2_000);
  });
});
