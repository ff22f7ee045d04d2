/*
 * A device that stops reporting for its expected interval times the factor opens one DeviceSilent
 * alarm per silence; beside another active alarm a shorter silence does. The sweep is driven with
 * an explicit `now`, on both engines; the app's own sweep timer is kept out of the way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTrackedVehicle } from '../live/test-support';
import type { TrackedVehicle } from '../live/test-support';
import { VehicleEvents } from '../vehicles/vehicle-events';
import type { AlarmEvent } from '../vehicles/vehicle-events';
import { sweepSilentDevices } from './alarm-raising';
import { alarmSettings } from './alarm-settings';
import { alarmsOfVehicle, call, detail, report, startAlarmApi, withoutMessages } from './test-support';
import type { AlarmApi } from './test-support';

let api: AlarmApi;
/** The last vehicle of the seeded demo fleet; every vehicle after it is a test's own. */
let lastSeededVehicleId: number;

// Silent after 15 minutes alone, after 5 beside another alarm; watched for a day after the last report.
const settings = alarmSettings({
  deviceReportIntervalSeconds: 300,
  silenceFactor: 3,
  deviceSilentSeconds: 300,
  silenceWatchHours: 24,
});
const MINUTE = 60_000;
const HERE = { latitudeDegrees: -26.1, longitudeDegrees: 28.05 };

beforeAll(async () => {
  api = await startAlarmApi({ alarms: { silentSweepMs: 3_600_000 } });
  const { id } = await api.app.db
    .selectFrom('vehicles')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirstOrThrow();
  lastSeededVehicleId = id;
});

afterAll(async () => {
  await api.app.close();
});

/** Runs one sweep at `now`; answers the 'alarm' events it sent. */
async function sweepAt(now: number): Promise<AlarmEvent[]> {
  const events = new VehicleEvents();
  const heard: AlarmEvent[] = [];
  events.on('alarm', (event) => heard.push(event));
  await sweepSilentDevices(api.app.db, events, settings, new Date(now));
  return heard;
}

const fixAt = (vehicle: TrackedVehicle, at: number) =>
  report(api, vehicle, { timestamp: new Date(at).toISOString(), ...HERE });

async function silentAlarms(vehicle: TrackedVehicle) {
  return (await alarmsOfVehicle(api, vehicle.vehicleId)).filter((alarm) => alarm.kind === 'DeviceSilent');
}

describe('a device unheard for longer than its interval times the factor', () => {
  it('opens one DeviceSilent alarm saying for how long and what was expected; a second sweep adds nothing', async () => {
    const vehicle = await addTrackedVehicle(api.app);
    const heardAt = Date.now() - 60 * MINUTE;
    await fixAt(vehicle, heardAt);

    expect(await sweepAt(heardAt + 14 * MINUTE)).not.toContainEqual(
      expect.objectContaining({ vehicleId: vehicle.vehicleId }),
    );
    expect(await silentAlarms(vehicle)).toEqual([]);

    // Two instances sweeping at once: one alarm, one 'alarm' event.
    const heard = (
      await Promise.all([sweepAt(heardAt + 16 * MINUTE), sweepAt(heardAt + 16 * MINUTE)])
    ).flat();
    const [silent, ...more] = await silentAlarms(vehicle);
    expect(more).toEqual([]);
    expect(silent).toMatchObject({
      state: 'Open',
      priority: 2,
      acknowledgeWithinSeconds: 300,
      openedAt: new Date(heardAt + 16 * MINUTE).toISOString(),
    });
    expect(heard.filter((event) => event.vehicleId === vehicle.vehicleId)).toEqual([
      { vehicleId: vehicle.vehicleId, alarmId: silent!.id },
    ]);
    expect(
      withoutMessages((await detail(api, silent!.id)).timeline).map(({ type, text }) => ({ type, text })),
    ).toEqual([{ type: 'Opened', text: 'No report for 16 min; expected one every 5 min' }]);

    // Another sweep, or another instance's, finds the silence already told.
    expect(await sweepAt(heardAt + 20 * MINUTE)).not.toContainEqual(
      expect.objectContaining({ vehicleId: vehicle.vehicleId }),
    );
    expect(await silentAlarms(vehicle)).toHaveLength(1);
    expect((await detail(api, silent!.id)).alarm.eventCount).toBe(1);
  });

  it('once resolved, opens none until the device reports and falls silent again', async () => {
    const vehicle = await addTrackedVehicle(api.app);
    const heardAt = Date.now() - 90 * MINUTE;
    await fixAt(vehicle, heardAt);
    await sweepAt(heardAt + 16 * MINUTE);
    const [first] = await silentAlarms(vehicle);
    const resolved = await call(api, 'POST', `/Alarms/${first!.id}/Resolve`, { reason: 'FalseAlarm' });
    expect(resolved.status).toBe(200);

    // Still silent, but this silence has had its alarm.
    await sweepAt(heardAt + 40 * MINUTE);
    expect((await silentAlarms(vehicle)).map((alarm) => alarm.state)).toEqual(['Resolved']);

    // Back, then silent again.
    const backAt = heardAt + 45 * MINUTE;
    await fixAt(vehicle, backAt);
    await sweepAt(backAt + 10 * MINUTE);
    expect(await silentAlarms(vehicle)).toHaveLength(1);
    await sweepAt(backAt + 20 * MINUTE);
    const alarms = await silentAlarms(vehicle);
    expect(alarms.map((alarm) => alarm.state)).toEqual(['Resolved', 'Open']);
    expect((await detail(api, alarms[1]!.id)).timeline[0]!.text).toBe(
      'No report for 20 min; expected one every 5 min',
    );
  });

  it('opens nothing for a device heard recently, by a fix or by asking for its commands', async () => {
    const reporting = await addTrackedVehicle(api.app);
    const polling = await addTrackedVehicle(api.app);
    const now = Date.now();
    await fixAt(reporting, now - 10 * MINUTE);
    await fixAt(polling, now - 60 * MINUTE);
    const poll = await fetch(
      `${api.url}/Devices/${encodeURIComponent(polling.serialNumber)}/Commands?waitSeconds=0`,
      {
        headers: { authorization: `Device ${polling.deviceKey}` },
      },
    );
    expect(poll.status).toBe(200);

    await sweepAt(Date.now());

    expect(await silentAlarms(reporting)).toEqual([]);
    expect(await silentAlarms(polling)).toEqual([]);
  });

  it('opens nothing for a deactivated device, nor for one that never reported', async () => {
    const deactivated = await addTrackedVehicle(api.app);
    const neverHeard = await addTrackedVehicle(api.app);
    await fixAt(deactivated, Date.now() - 60 * MINUTE);
    await api.app.db
      .updateTable('devices')
      .set({ active: 0 })
      .where('serialNumber', '=', deactivated.serialNumber)
      .execute();

    await sweepAt(Date.now());

    expect(await silentAlarms(deactivated)).toEqual([]);
    expect(await silentAlarms(neverHeard)).toEqual([]);
  });

  it('opens nothing for a device last heard before the watch window, as the seeded demo fleet was', async () => {
    const longGone = await addTrackedVehicle(api.app);
    await fixAt(longGone, Date.now() - 25 * 60 * MINUTE);

    await sweepAt(Date.now());

    expect(await silentAlarms(longGone)).toEqual([]);
    const seededSilent = await api.app.db
      .selectFrom('alarms')
      .select('id')
      .where('kind', '=', 'DeviceSilent')
      .where('vehicleId', '<=', lastSeededVehicleId)
      .execute();
    expect(seededSilent).toEqual([]);
  });
});

describe('a device beside another active alarm', () => {
  it('is silent after ALARM_DEVICE_SILENT_SECONDS: one alarm, in words; without the alarm, or heard since, nothing', async () => {
    const beside = await addTrackedVehicle(api.app);
    const alone = await addTrackedVehicle(api.app);
    const recent = await addTrackedVehicle(api.app);
    const start = Date.now() - 30 * MINUTE;
    await report(api, beside, {
      timestamp: new Date(start).toISOString(),
      tamper: { carBatteryState: 'Normal', gpsState: 'Normal' },
    });
    await fixAt(alone, start);
    await report(api, recent, { timestamp: new Date(start).toISOString(), deviceBatteryPercent: 5 });
    // A tamper report without a fix, joining its alarm, is heard too.
    await report(api, recent, {
      timestamp: new Date(start + 5 * MINUTE).toISOString(),
      tamper: { carBatteryState: 'Normal', gpsState: 'NoSignal' },
    });

    await sweepAt(start + 6 * MINUTE);
    await sweepAt(start + 7 * MINUTE);

    const kinds = async (vehicle: TrackedVehicle) =>
      (await alarmsOfVehicle(api, vehicle.vehicleId)).map((alarm) => alarm.kind);
    expect(await kinds(beside)).toEqual(['Tamper', 'DeviceSilent']);
    expect(await kinds(alone)).toEqual([]);
    expect(await kinds(recent)).toEqual(['LowDeviceBattery', 'GpsLost']);
    const [silent] = await silentAlarms(beside);
    expect((await detail(api, silent!.id)).timeline[0]!.text).toBe(
      'No report for 6 min while another alarm is open; expected one within 5 min',
    );
  });
});
