/*
 * Arming evaluated at ingestion: inside the telemetry batch's transaction, on the vehicle's row
 * as it stood before the report, so each report is judged once, in the order the vehicle's reports
 * are stored, and every piece of state (the arming, its anchor, the alarms) lives in the database
 * and survives a restart. The rules are the domain's (armedAt, armedBreaches).
 */
import type { Kysely } from 'kysely';
import { armedAt, armedBreaches } from '@sentinel/domain';
import type { Position, TelemetryReport } from '@sentinel/domain';
import { instant } from '../db/database';
import type { Database } from '../db/schema';
import type { VehicleEvents } from '../vehicles/vehicle-events';
import { openOrJoinAlarm } from '../alarms/alarm-queries';
import type { AlarmSettings } from '../alarms/alarm-settings';
import { armingStateOf } from './arming-queries';
import type { StoredArming } from './arming-queries';

/** The vehicle's row before the report, as the telemetry service reads it for every report. */
export interface ArmingRow extends StoredArming {
  gpsDateTime: string | null;
  lastKnownGpsLatitudeDegrees: number | null;
  lastKnownGpsLongitudeDegrees: number | null;
  armingAnchorLatitude: number | null;
  armingAnchorLongitude: number | null;
  armingAnchorSince: string | null;
}

const positionOf = (latitude: number | null | undefined, longitude: number | null | undefined) =>
  latitude === null || latitude === undefined || longitude === null || longitude === undefined
    ? undefined
    : ({ latitudeDegrees: latitude, longitudeDegrees: longitude } satisfies Position);

/**
 * Opens or joins ArmedMovement and ArmedIgnition for a report of an armed vehicle, on the batch's
 * transaction; 'alarm' goes to the batch's held bus, released after the commit. A vehicle neither
 * armed by hand nor scheduled costs nothing here (its row is already read). Nothing is raised
 * for a report from before the arming, nor for one older than the vehicle's newest fix (sent late)
 * or at the same moment with a position (the same report again).
 */
export async function raiseArmedAlarms(
  trx: Kysely<Database>,
  events: VehicleEvents,
  {
    vehicleId,
    vehicle,
    report,
    at,
  }: { vehicleId: number; vehicle: ArmingRow; report: TelemetryReport; at: Date },
  settings: Pick<AlarmSettings, 'armingDriftMetres' | 'acknowledgeWithinSeconds'>,
): Promise<void> {
  if (vehicle.armedSince === null && vehicle.armingSchedule === null) return;
  const armed = armedAt(armingStateOf(vehicle), at);
  if (armed === undefined) return;
  const position = positionOf(report.latitudeDegrees, report.longitudeDegrees);
  const taken = instant(at);
  if (vehicle.gpsDateTime !== null) {
    const late = position === undefined ? taken < vehicle.gpsDateTime : taken <= vehicle.gpsDateTime;
    if (late) return;
  }

  // The anchor belongs to one arming; a new one (armed by hand again, the next window) takes its
  // own: where the vehicle stood before this report, else where this report puts it.
  const since = instant(armed.since);
  let anchor =
    vehicle.armingAnchorSince === since
      ? positionOf(vehicle.armingAnchorLatitude, vehicle.armingAnchorLongitude)
      : undefined;
  if (anchor === undefined) {
    anchor =
      positionOf(vehicle.lastKnownGpsLatitudeDegrees, vehicle.lastKnownGpsLongitudeDegrees) ?? position;
    if (anchor !== undefined) {
      await trx
        .updateTable('vehicles')
        .set({
          armingAnchorLatitude: anchor.latitudeDegrees,
          armingAnchorLongitude: anchor.longitudeDegrees,
          armingAnchorSince: since,
        })
        .where('id', '=', vehicleId)
        .execute();
    }
  }

  const breaches = armedBreaches(
    anchor ?? null,
    { position, ignition: report.ignition },
    settings.armingDriftMetres,
  );
  for (const { kind, text } of breaches) {
    const alarmId = await openOrJoinAlarm(
      trx,
      { vehicleId, kind, text, at },
      settings.acknowledgeWithinSeconds[kind],
    );
    events.emit('alarm', { vehicleId, alarmId });
  }
}
