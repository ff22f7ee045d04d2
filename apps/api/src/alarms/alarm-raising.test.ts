/*
 * Device reports open and join alarms, through the real telemetry route, on both engines; an
 * alarm outlives a restart. The silent sweep has its own file (silence.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTrackedVehicle } from '../live/test-support';
import { ago, alarmsOfVehicle, detail, report, startAlarmApi, withoutMessages } from './test-support';
import type { AlarmApi } from './test-support';
import { restartDatabase } from '../test-support/restart-database';

let api: AlarmApi;

beforeAll(async () => {
  // The silent sweep's timer stays out of these tests.
  api = await startAlarmApi({ alarms: { silentSweepMs: 3_600_000 } });
});

afterAll(async () => {
  await api.app.close();
});

describe('a tamper report', () => {
  it('opens a Tamper alarm with an Opened entry in words, and still raises the tamper alert', async () => {
    const vehicle = await addTrackedVehicle(api.app);

    await report(api, vehicle, {
      timestamp: ago(30),
      tamper: { carBatteryState: 'Normal', gpsState: 'Normal' },
    });

    const alarms = await alarmsOfVehicle(api, vehicle.vehicleId);
    expect(alarms).toHaveLength(1);
    expect(alarms[0]).toMatchObject({
      kind: 'Tamper',
      state: 'Open',
      priority: 1,
      acknowledgeWithinSeconds: 60,
    });
    const { alarm, timeline } = await detail(api, alarms[0]!.id);
    expect(alarm.eventCount).toBe(1);
    // The holder's messages have lines of their own (notifications/outbox.test.ts).
    expect(withoutMessages(timeline).map(({ type, text }) => ({ type, text }))).toEqual([
      { type: 'Opened', text: 'Car battery Normal, GPS Normal' },
    ]);
    const stored = await api.app.db
      .selectFrom('vehicles')
      .select('tamperActive')
      .where('id', '=', vehicle.vehicleId)
      .executeTakeFirstOrThrow();
    expect(stored.tamperActive).toBe(1);
  });

  it('joins the open alarm when repeated: one alarm, the count counts every repeat, an entry at most once a minute', async () => {
    const vehicle = await addTrackedVehicle(api.app);
    const tamper = { carBatteryState: 'Normal', gpsState: 'Normal' };
    const start = Date.now() - 200_000;
    const after = (seconds: number) => new Date(start + seconds * 1000).toISOString();

    await report(api, vehicle, { timestamp: after(0), tamper });
    await report(api, vehicle, { timestamp: after(10), tamper });

    let alarms = await alarmsOfVehicle(api, vehicle.vehicleId);
    expect(alarms).toHaveLength(1);
    expect(alarms[0]!.eventCount).toBe(2);
    expect(withoutMessages((await detail(api, alarms[0]!.id)).timeline).map((entry) => entry.type)).toEqual([
      'Opened',
    ]);

    await report(api, vehicle, { timestamp: after(100), tamper });
    // Sent late, after a coverage gap: counted, but the latest event stays the latest.
    await report(api, vehicle, { timestamp: after(50), tamper });

    alarms = await alarmsOfVehicle(api, vehicle.vehicleId);
    expect(alarms).toHaveLength(1);
    expect(alarms[0]!.eventCount).toBe(4);
    expect(alarms[0]!.openedAt).toBe(after(0));
    expect(alarms[0]!.lastEventAt).toBe(after(100));
    expect(withoutMessages((await detail(api, alarms[0]!.id)).timeline).map((entry) => entry.type)).toEqual([
      'Opened',
      'Repeated',
    ]);
  });

  it('opens one alarm of the most specific kind: PowerCut, then GpsJammed, then GpsLost', async () => {
    const cases = [
      [
        { carBatteryState: 'Disconnected', gpsState: 'Jammed' },
        'PowerCut',
        'Car battery Disconnected, GPS Jammed',
      ],
      [{ carBatteryState: 'Low', gpsState: 'Jammed' }, 'GpsJammed', 'Car battery Low, GPS Jammed'],
      [{ carBatteryState: 'Normal', gpsState: 'NoSignal' }, 'GpsLost', 'Car battery Normal, GPS NoSignal'],
    ] as const;
    for (const [tamper, kind, text] of cases) {
      const vehicle = await addTrackedVehicle(api.app);

      await report(api, vehicle, { timestamp: ago(10), tamper });

      const alarms = await alarmsOfVehicle(api, vehicle.vehicleId);
      expect(alarms.map((alarm) => alarm.kind)).toEqual([kind]);
      expect((await detail(api, alarms[0]!.id)).timeline[0]!.text).toBe(text);
    }
  });
});

describe("the device's battery", () => {
  it('below 15 % opens a LowDeviceBattery alarm; 15 % and a report without tamper open nothing', async () => {
    const vehicle = await addTrackedVehicle(api.app);

    await report(api, vehicle, { timestamp: ago(60), deviceBatteryPercent: 15, carBatteryVolts: 12.6 });
    expect(await alarmsOfVehicle(api, vehicle.vehicleId)).toEqual([]);

    await report(api, vehicle, { timestamp: ago(50), deviceBatteryPercent: 9 });

    const alarms = await alarmsOfVehicle(api, vehicle.vehicleId);
    expect(alarms).toHaveLength(1);
    expect(alarms[0]).toMatchObject({
      kind: 'LowDeviceBattery',
      priority: 3,
      acknowledgeWithinSeconds: 3600,
    });
    expect((await detail(api, alarms[0]!.id)).timeline[0]!.text).toBe('Device battery 9 %');
  });
});

describe('after a restart', () => {
  const database = restartDatabase('alarms');

  it('the alarm a report opened is still there, with its timeline, in a new api on the same database', async () => {
    const first = await startAlarmApi(database);
    const vehicle = await addTrackedVehicle(first.app);
    await report(first, vehicle, {
      timestamp: ago(20),
      tamper: { carBatteryState: 'Disconnected', gpsState: 'Normal' },
    });
    const [opened] = await alarmsOfVehicle(first, vehicle.vehicleId);
    await first.app.close();

    const second = await startAlarmApi(database);
    try {
      const { alarm, timeline } = await detail(second, opened!.id);
      expect(alarm).toMatchObject({ kind: 'PowerCut', state: 'Open', vehicleId: vehicle.vehicleId });
      expect(withoutMessages(timeline).map((entry) => entry.type)).toEqual(['Opened']);
    } finally {
      await second.app.close();
    }
  });
});
