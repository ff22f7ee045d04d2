/*
 * Which alarms a device's report raises, stored inside the telemetry batch's transaction, so an
 * alarm is as durable as the report that raised it and is committed with it.
 */
import type { Kysely } from 'kysely';
import { formatDuration } from '@sentinel/domain';
import type { AlarmKind, TelemetryReport } from '@sentinel/domain';
import type { Database } from '../db/schema';
import type { VehicleEvents } from '../vehicles/vehicle-events';
import { openAlarmIfNone, openOrJoinAlarm, silentVehicles, stillSilent } from './alarm-queries';
import type { SilenceCutoffs, SilentVehicle } from './alarm-queries';
import type { AlarmSettings } from './alarm-settings';
import { inTransaction, instant } from '../db/database';

type Tamper = NonNullable<TelemetryReport['tamper']>;

/** A tamper report's one alarm, of its most specific kind. */
export function tamperAlarmKind(tamper: Tamper): AlarmKind {
  if (tamper.carBatteryState === 'Disconnected') return 'PowerCut';
  if (tamper.gpsState === 'Jammed') return 'GpsJammed';
  if (tamper.gpsState === 'NoSignal') return 'GpsLost';
  return 'Tamper';
}

/** The alarms a report raises, with the timeline's words; empty for most reports. */
export function alarmsRaisedBy(
  report: Pick<TelemetryReport, 'tamper' | 'deviceBatteryPercent'>,
  settings: Pick<AlarmSettings, 'lowDeviceBatteryPercent'>,
): { kind: AlarmKind; text: string }[] {
  const raised: { kind: AlarmKind; text: string }[] = [];
  if (report.tamper !== undefined) {
    raised.push({
      kind: tamperAlarmKind(report.tamper),
      text: `Car battery ${report.tamper.carBatteryState}, GPS ${report.tamper.gpsState}`,
    });
  }
  const battery = report.deviceBatteryPercent;
  if (battery !== undefined && battery < settings.lowDeviceBatteryPercent) {
    raised.push({ kind: 'LowDeviceBattery', text: `Device battery ${battery} %` });
  }
  return raised;
}

/**
 * Opens or joins the alarms the report raises, on the batch's transaction; 'alarm' goes to the
 * batch's held bus, released after the commit. A report without tamper or a low device battery
 * costs no query.
 */
export async function raiseAlarms(
  trx: Kysely<Database>,
  events: VehicleEvents,
  { vehicleId, report, at }: { vehicleId: number; report: TelemetryReport; at: Date },
  settings: AlarmSettings,
): Promise<void> {
  for (const { kind, text } of alarmsRaisedBy(report, settings)) {
    const alarmId = await openOrJoinAlarm(
      trx,
      { vehicleId, kind, text, at },
      settings.acknowledgeWithinSeconds[kind],
    );
    events.emit('alarm', { vehicleId, alarmId });
  }
}

/** The instants a sweep at `now` judges silence by. */
export function silenceCutoffs(settings: AlarmSettings, now: Date): SilenceCutoffs {
  const ago = (seconds: number) => instant(new Date(now.getTime() - seconds * 1000));
  return {
    silentBefore: ago(settings.deviceReportIntervalSeconds * settings.silenceFactor),
    besideAlarmBefore: ago(settings.deviceSilentSeconds),
    watchedFrom: ago(settings.silenceWatchHours * 3600),
  };
}

/**
 * A DeviceSilent alarm's words: "No report for 3 h 05 min; expected one every 1 h 00 min", or,
 * beside another active alarm, "No report for 6 min while another alarm is open; expected one
 * within 5 min".
 */
export function silenceText(
  silent: Pick<SilentVehicle, 'lastHeardAt' | 'besideAlarm'>,
  settings: Pick<AlarmSettings, 'deviceReportIntervalSeconds' | 'deviceSilentSeconds'>,
  now: Date,
): string {
  const silentFor = formatDuration((now.getTime() - Date.parse(silent.lastHeardAt)) / 1000);
  return silent.besideAlarm
    ? `No report for ${silentFor} while another alarm is open; expected one within ${formatDuration(settings.deviceSilentSeconds)}`
    : `No report for ${silentFor}; expected one every ${formatDuration(settings.deviceReportIntervalSeconds)}`;
}

/**
 * Opens one DeviceSilent alarm per silence (silentVehicles says which vehicles, in one read of the
 * fleet). Every api instance may run it: the partial unique index makes the open idempotent (a
 * second instance's insert does nothing).
 */
export async function sweepSilentDevices(
  db: Kysely<Database>,
  events: VehicleEvents,
  settings: AlarmSettings,
  now: Date = new Date(),
): Promise<number> {
  let opened = 0;
  for (const silent of await silentVehicles(db, silenceCutoffs(settings, now))) {
    const { vehicleId } = silent;
    const alarmId = await inTransaction(db, async (trx) =>
      (await stillSilent(trx, vehicleId, silent.lastHeardAt))
        ? openAlarmIfNone(
            trx,
            { vehicleId, kind: 'DeviceSilent', text: silenceText(silent, settings, now), at: now },
            settings.acknowledgeWithinSeconds.DeviceSilent,
          )
        : undefined,
    );
    if (alarmId === undefined) continue;
    opened += 1;
    events.emit('alarm', { vehicleId, alarmId });
  }
  return opened;
}
