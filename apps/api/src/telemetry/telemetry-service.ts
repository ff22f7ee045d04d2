/*
 * What a device reports, and how each part is stored. The ingestion route and the simulator
 * both come through here, and every change goes through the vehicle store, which commits
 * before the event bus (and so the live hub) hears of it.
 */
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import type { Kysely } from 'kysely';
import { HISTORY_TYPE, MESSAGES } from '@sentinel/domain';
import type { FieldErrors } from '@sentinel/domain';
import { instant } from '../db/database';
import type { Database } from '../db/schema';
import type { VehicleEvents } from '../vehicles/vehicle-events';
import {
  recordDeviceTelemetry,
  recordGpsFix,
  recordLockChange,
  recordTamper,
} from '../vehicles/vehicle-store';
import { recordPositionFix } from '../replay/position-fixes';
import type { IngestingDevice } from './device-keys';

/** What the car's battery looked like when the device raised a tamper alert. */
export const CAR_BATTERY_STATES = ['Normal', 'Low', 'Disconnected'] as const;
/** What the GPS receiver looked like when the device raised a tamper alert. */
export const GPS_STATES = ['Normal', 'NoSignal', 'Jammed'] as const;

/** A device's clock may run this far ahead of ours; further ahead is a broken clock. */
export const FUTURE_TOLERANCE_MS = 5 * 60_000;

export const TelemetryReportSchema = Type.Object(
  {
    timestamp: Type.String({ format: 'date-time', description: 'When the device took the reading.' }),
    latitudeDegrees: Type.Optional(Type.Number({ minimum: -90, maximum: 90 })),
    longitudeDegrees: Type.Optional(Type.Number({ minimum: -180, maximum: 180 })),
    locked: Type.Optional(Type.Boolean()),
    tamper: Type.Optional(
      Type.Object(
        {
          carBatteryState: Type.Union(CAR_BATTERY_STATES.map((state) => Type.Literal(state))),
          gpsState: Type.Union(GPS_STATES.map((state) => Type.Literal(state))),
        },
        { description: 'Present when the device detects tampering; raises a tamper alert.' },
      ),
    ),
    carBatteryVolts: Type.Optional(Type.Number({ minimum: 0, maximum: 40 })),
    deviceBatteryPercent: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
    applicationVersion: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })),
  },
  {
    additionalProperties: false,
    description: 'One report from a tracking device; every part but timestamp is optional.',
  },
);

export type TelemetryReport = Static<typeof TelemetryReportSchema>;

export const TelemetryResultSchema = Type.Object({
  /** The vehicle the device is linked to; null when it is not linked (only device values are stored). */
  vehicleId: Type.Union([Type.Integer(), Type.Null()]),
  /** Which parts changed something; false parts were absent, unchanged, or older than what is stored. */
  stored: Type.Object({
    device: Type.Boolean(),
    position: Type.Boolean(),
    lock: Type.Boolean(),
    tamper: Type.Boolean(),
  }),
});

export type TelemetryResult = Static<typeof TelemetryResultSchema>;

/** Rules the schema cannot say: a position needs both halves, and the clock must be sane. */
export function reportErrors(report: TelemetryReport, now: Date = new Date()): FieldErrors | undefined {
  const errors: FieldErrors = {};
  if (report.latitudeDegrees !== undefined && report.longitudeDegrees === undefined) {
    errors['LongitudeDegrees'] = [MESSAGES.required];
  }
  if (report.longitudeDegrees !== undefined && report.latitudeDegrees === undefined) {
    errors['LatitudeDegrees'] = [MESSAGES.required];
  }
  const taken = Date.parse(report.timestamp);
  if (Number.isNaN(taken)) errors['Timestamp'] = ['Timestamp must be an ISO 8601 date and time'];
  else if (taken > now.getTime() + FUTURE_TOLERANCE_MS) {
    errors['Timestamp'] = ['Timestamp must not be more than 5 minutes in the future'];
  }
  return Object.keys(errors).length === 0 ? undefined : errors;
}

export interface TelemetryService {
  /** Stores one report (already checked with reportErrors) from an authenticated device. */
  ingest(
    device: Pick<IngestingDevice, 'id' | 'vehicleId'>,
    report: TelemetryReport,
  ): Promise<TelemetryResult>;
}

export function createTelemetryService(db: Kysely<Database>, events: VehicleEvents): TelemetryService {
  /** When the vehicle's lock state last changed, to ignore reports older than that change. */
  async function lastLockChange(vehicleId: number): Promise<string | undefined> {
    const row = await db
      .selectFrom('vehicleHistory')
      .select('dateTime')
      .where('vehicleId', '=', vehicleId)
      .where('type', '=', HISTORY_TYPE.lockState)
      .orderBy('dateTime', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.dateTime;
  }

  return {
    async ingest(device, report) {
      const at = new Date(report.timestamp);
      const taken = instant(at);
      const stored = { device: false, position: false, lock: false, tamper: false };

      const deviceValues = {
        ...(report.carBatteryVolts === undefined ? {} : { carBatteryVolts: report.carBatteryVolts }),
        ...(report.deviceBatteryPercent === undefined
          ? {}
          : { deviceBatteryPercent: report.deviceBatteryPercent }),
        ...(report.applicationVersion === undefined ? {} : { applicationVersion: report.applicationVersion }),
      };
      if (Object.keys(deviceValues).length > 0) {
        await recordDeviceTelemetry(db, { deviceId: device.id, ...deviceValues });
        stored.device = true;
      }

      const vehicleId = device.vehicleId;
      if (vehicleId === null) return { vehicleId: null, stored };
      const vehicle = await db
        .selectFrom('vehicles')
        .select(['isLocked', 'tamperActive', 'gpsDateTime'])
        .where('id', '=', vehicleId)
        .executeTakeFirst();
      if (!vehicle) return { vehicleId: null, stored };

      // Devices buffer readings while out of coverage and send them late: an older fix must not
      // move the pin back, and an older lock report must not undo a newer change.
      const { latitudeDegrees, longitudeDegrees } = report;
      if (latitudeDegrees !== undefined && longitudeDegrees !== undefined) {
        // Every fix joins the vehicle's track for replay, a late one too.
        await recordPositionFix(db, {
          vehicleId,
          latitude: latitudeDegrees,
          longitude: longitudeDegrees,
          at,
        });
        if (vehicle.gpsDateTime === null || taken >= vehicle.gpsDateTime) {
          await recordGpsFix(
            db,
            { vehicleId, latitude: latitudeDegrees, longitude: longitudeDegrees, at },
            events,
          );
          stored.position = true;
        }
      }

      if (report.locked !== undefined && vehicle.isLocked !== (report.locked ? 1 : 0)) {
        const lastChange = await lastLockChange(vehicleId);
        if (lastChange === undefined || taken >= lastChange) {
          await recordLockChange(
            db,
            { vehicleId, locked: report.locked, byUserId: null, byAdmin: false, at },
            events,
          );
          stored.lock = true;
        }
      }

      // A raised alert stands until a person cancels it; a device repeating it adds nothing.
      if (report.tamper !== undefined && vehicle.tamperActive === 0) {
        await recordTamper(
          db,
          {
            vehicleId,
            active: true,
            carBatteryState: report.tamper.carBatteryState,
            gpsState: report.tamper.gpsState,
            at,
          },
          events,
        );
        stored.tamper = true;
      }
      return { vehicleId, stored };
    },
  };
}
