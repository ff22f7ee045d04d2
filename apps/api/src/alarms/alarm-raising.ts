/*
 * Which alarms a device's report raises, stored inside the telemetry batch's transaction, so an
 * alarm is as durable as the report that raised it and is committed with it.
 */
import type { Kysely } from 'kysely';
import type { AlarmKind, TelemetryReport } from '@sentinel/domain';
import type { Database } from '../db/schema';
import type { VehicleEvents } from '../vehicles/vehicle-events';
import { openAlarmIfNone, openOrJoinAlarm, silentVehicles } from './alarm-queries';
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

/**
 * Opens DeviceSilent for every vehicle beside another active alarm whose device has been unheard
 * for longer than the setting. Every api instance may run it: the unique index makes the open
 * idempotent (a second instance's insert does nothing).
 */
export async function sweepSilentDevices(
  db: Kysely<Database>,
  events: VehicleEvents,
  settings: AlarmSettings,
  now: Date = new Date(),
): Promise<number> {
  const before = instant(new Date(now.getTime() - settings.deviceSilentSeconds * 1000));
  let opened = 0;
  for (const { vehicleId, lastHeardAt } of await silentVehicles(db, before)) {
    const alarmId = await inTransaction(db, (trx) =>
      openAlarmIfNone(
        trx,
        {
          vehicleId,
          kind: 'DeviceSilent',
          text: lastHeardAt === null ? 'No report from the device' : `No report since ${lastHeardAt}`,
          at: now,
        },
        settings.acknowledgeWithinSeconds.DeviceSilent,
      ),
    );
    if (alarmId === undefined) continue;
    opened += 1;
    events.emit('alarm', { vehicleId, alarmId });
  }
  return opened;
}
