/*
 * How each part of a device's report (the contract's TelemetryReport) is stored. The ingestion
 * route and the simulator both come through here, and every change goes through the vehicle store,
 * which commits before the event bus (and so the live hub) hears of it.
 */
import type { Kysely, Transaction, Updateable } from 'kysely';
import { HISTORY_TYPE, MESSAGES } from '@sentinel/domain';
import type { FieldErrors, TelemetryReport, TelemetryResult } from '@sentinel/domain';
import { instant } from '../db/database';
import type { Database, DevicesTable } from '../db/schema';
import { heldEvents } from '../vehicles/vehicle-events';
import type { VehicleEvents } from '../vehicles/vehicle-events';
import {
  recordDeviceTelemetry,
  recordGpsFix,
  recordLockChange,
  recordTamper,
} from '../vehicles/vehicle-store';
import { recordPositionFix } from '../replay/position-fixes';
import { releaseHeldLock } from '../commands/held-locks';
import type { IngestingDevice } from './device-keys';
import { preparedQuery } from './prepared-query';
import { raiseAlarms } from '../alarms/alarm-raising';
import { raiseArmedAlarms } from '../arming/arming-evaluation';
import { createGeofenceEvaluation } from '../geofences/geofence-evaluation';
import type { GeofenceEvaluation } from '../geofences/geofence-evaluation';
import { DEFAULT_ALARM_SETTINGS } from '../alarms/alarm-settings';
import type { AlarmSettings } from '../alarms/alarm-settings';
import { countIngestedReports } from '../metrics/instruments';

/** A device's clock may run this far ahead of ours; further ahead is a broken clock. */
export const FUTURE_TOLERANCE_MS = 5 * 60_000;

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
  /**
   * Stores one report (already checked with reportErrors) from an authenticated device. Resolves
   * once the report is committed, so an answer never acknowledges what a crash could lose.
   */
  ingest(
    device: Pick<IngestingDevice, 'id' | 'vehicleId'>,
    report: TelemetryReport,
  ): Promise<TelemetryResult>;
}

/** The service as its owner holds it. */
export interface TelemetryWriter extends TelemetryService {
  /** Waits until every report handed in so far is stored (before the database closes). */
  drain(): Promise<void>;
}

/** Reports committed together at most; more wait for the next transaction. */
const MAX_BATCH = 256;

/**
 * The vehicle as it stands before the report: what the lock, tamper and fix rules compare with,
 * its arming, its holder and where it stands against the geofences (read here, so a vehicle that
 * is not armed and near no geofence costs no query of its own).
 */
const vehicleState = preparedQuery(['vehicleId'], (db, param) =>
  db
    .selectFrom('vehicles')
    .select([
      'isLocked',
      'tamperActive',
      'gpsDateTime',
      'lastKnownGpsLatitudeDegrees',
      'lastKnownGpsLongitudeDegrees',
      'armedSince',
      'armingSchedule',
      'scheduleSuspendedUntil',
      'armingAnchorLatitude',
      'armingAnchorLongitude',
      'armingAnchorSince',
      'userId',
      'geofencePresence',
    ])
    .where('id', '=', param('vehicleId')),
);

/** When the vehicle's lock state last changed, to ignore reports older than that change. */
const lastLockChange = preparedQuery(['vehicleId'], (db, param) =>
  db
    .selectFrom('vehicleHistory')
    .select('dateTime')
    .where('vehicleId', '=', param('vehicleId'))
    .where('type', '=', HISTORY_TYPE.lockState)
    .orderBy('dateTime', 'desc')
    .limit(1),
);

/** Stores one report inside the batch's transaction; the store's events go to `events`. */
async function store(
  trx: Transaction<Database>,
  events: VehicleEvents,
  device: Pick<IngestingDevice, 'id' | 'vehicleId'>,
  report: TelemetryReport,
  alarms: AlarmSettings,
  geofences: GeofenceEvaluation,
): Promise<TelemetryResult> {
  const at = new Date(report.timestamp);
  const taken = instant(at);
  const stored = { device: false, position: false, lock: false, tamper: false };

  const deviceValues = {
    ...(report.carBatteryVolts === undefined ? {} : { carBatteryVolts: report.carBatteryVolts }),
    ...(report.deviceBatteryPercent === undefined
      ? {}
      : { deviceBatteryPercent: report.deviceBatteryPercent }),
    ...(report.applicationVersion === undefined ? {} : { applicationVersion: report.applicationVersion }),
    ...(report.moving === undefined ? {} : { moving: report.moving ? 1 : 0 }),
    ...(report.deviceBatteryVolts === undefined ? {} : { deviceBatteryVolts: report.deviceBatteryVolts }),
    ...(report.gsmSignalBars === undefined ? {} : { gsmSignalBars: report.gsmSignalBars }),
  } satisfies Updateable<DevicesTable>;
  if (Object.keys(deviceValues).length > 0) {
    await recordDeviceTelemetry(trx, { deviceId: device.id, ...deviceValues }, events);
    stored.device = true;
  }

  const vehicleId = device.vehicleId;
  if (vehicleId === null) return { vehicleId: null, stored };
  const vehicle = (await vehicleState(trx, { vehicleId })).rows[0];
  if (!vehicle) return { vehicleId: null, stored };

  // Devices buffer readings while out of coverage and send them late: an older fix must not
  // move the pin back, and an older lock report must not undo a newer change.
  const { latitudeDegrees, longitudeDegrees } = report;
  if (latitudeDegrees !== undefined && longitudeDegrees !== undefined) {
    // Every fix joins the vehicle's track for replay, a late one too.
    await recordPositionFix(trx, { vehicleId, latitude: latitudeDegrees, longitude: longitudeDegrees, at });
    if (vehicle.gpsDateTime === null || taken >= vehicle.gpsDateTime) {
      await recordGpsFix(
        trx,
        { vehicleId, latitude: latitudeDegrees, longitude: longitudeDegrees, at },
        events,
      );
      stored.position = true;
      // A lock held while the vehicle moved goes to the device once a newest fix says it slowed down.
      await releaseHeldLock(trx, events, vehicleId, at);
    }
  }

  if (report.locked !== undefined && vehicle.isLocked !== (report.locked ? 1 : 0)) {
    const lastChange = (await lastLockChange(trx, { vehicleId })).rows[0]?.dateTime;
    if (lastChange === undefined || taken >= lastChange) {
      await recordLockChange(
        trx,
        { vehicleId, locked: report.locked, byUserId: null, byAdmin: false, at },
        events,
      );
      stored.lock = true;
    }
  }

  // A raised alert stands until a person cancels it; a device repeating it adds nothing.
  if (report.tamper !== undefined && vehicle.tamperActive === 0) {
    await recordTamper(
      trx,
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
  // A tamper report or a low device battery opens or joins an alarm; any other report costs nothing here.
  await raiseAlarms(trx, events, { vehicleId, report, at }, alarms);
  // An armed vehicle that moved beyond the drift or whose ignition is on, judged on its row as it
  // stood before this report.
  await raiseArmedAlarms(trx, events, { vehicleId, vehicle, report, at }, alarms);
  // A newest fix entering, leaving or staying in a geofence whose rules say so, judged on the
  // presence the row held before this report.
  await geofences.evaluate(trx, events, { vehicleId, vehicle, report, at }, alarms);
  return { vehicleId, stored };
}

interface Waiting {
  device: Pick<IngestingDevice, 'id' | 'vehicleId'>;
  report: TelemetryReport;
  resolve(result: TelemetryResult): void;
  reject(error: unknown): void;
}

/**
 * Group commit: the reports that arrive within one turn of the event loop (and those that arrive
 * while a transaction runs) are stored in one transaction, so a fleet reporting at once costs one
 * commit, not one per statement. Each report's promise resolves after that commit.
 */
export function createTelemetryService(
  db: Kysely<Database>,
  events: VehicleEvents,
  alarms: AlarmSettings = DEFAULT_ALARM_SETTINGS,
): TelemetryWriter {
  let queue: Waiting[] = [];
  let running: Promise<void> | undefined;
  // This instance's lookup of the geofences, brought up to date at the start of every batch.
  const geofences = createGeofenceEvaluation();

  async function commit(batch: readonly Waiting[]): Promise<void> {
    // In vehicle order, so two instances' batches on one PostgreSQL lock rows in the same order;
    // the sort is stable, so one vehicle's reports keep theirs.
    const ordered = [...batch].sort((a, b) => (a.device.vehicleId ?? 0) - (b.device.vehicleId ?? 0));
    const held = heldEvents();
    let results: TelemetryResult[];
    try {
      results = await db.transaction().execute(async (trx) => {
        await geofences.refresh(trx);
        const done: TelemetryResult[] = [];
        for (const { device, report } of ordered) {
          done.push(await store(trx, held.bus, device, report, alarms, geofences));
        }
        return done;
      });
    } catch (error) {
      if (ordered.length === 1) {
        ordered[0]?.reject(error);
        return;
      }
      // One report's failure must not cost the others theirs: each is tried on its own.
      for (const item of ordered) await commit([item]);
      return;
    }
    held.release(events);
    countIngestedReports(ordered.map((item) => item.report.timestamp));
    ordered.forEach((item, index) => item.resolve(results[index] as TelemetryResult));
  }

  async function work(): Promise<void> {
    // Let the requests already read in this turn join the first transaction.
    await new Promise((resolve) => setImmediate(resolve));
    for (;;) {
      const batch = queue.slice(0, MAX_BATCH);
      queue = queue.slice(batch.length);
      // Cleared in the same turn the queue is seen empty, so a report queued next starts anew.
      if (batch.length === 0) {
        running = undefined;
        return;
      }
      await commit(batch);
    }
  }

  return {
    ingest(device, report) {
      return new Promise<TelemetryResult>((resolve, reject) => {
        queue.push({ device, report, resolve, reject });
        running ??= work();
      });
    },
    async drain() {
      while (running) await running;
    },
  };
}
