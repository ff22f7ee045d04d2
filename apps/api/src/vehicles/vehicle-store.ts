/*
 * Every write that changes a vehicle's live state goes through here: the vehicle row and its
 * history entry change in one transaction, and the event (when a bus is given) is emitted only
 * after the commit. Routes, the device ingestion endpoint and the simulator all share these.
 */
import type { Kysely } from 'kysely';
import { HISTORY_TYPE } from '@sentinel/domain';
import { dialectOf, inTransaction, instant } from '../db/database';
import type { Database, Flag } from '../db/schema';
import type { VehicleEvents } from './vehicle-events';
import { preparedQuery } from '../telemetry/prepared-query';

/** The database or a transaction on it (a Transaction is a Kysely). */
type Db = Kysely<Database>;

const flag = (value: boolean): Flag => (value ? 1 : 0);

/** The vehicle's last known position and its owner; undefined when there is no such vehicle. */
export async function lastPosition(trx: Db, vehicleId: number) {
  return trx
    .selectFrom('vehicles')
    .select(['lastKnownGpsLatitudeDegrees', 'lastKnownGpsLongitudeDegrees', 'userId'])
    .where('id', '=', vehicleId)
    .executeTakeFirst();
}

/**
 * Recomputes the owner's vehicle counters (with and without a linked device) from the rows
 * themselves, so they can never drift whatever changed. Call it after any vehicle insert or
 * delete and any device link change, inside the same transaction.
 */
export async function refreshVehicleCounts(db: Db, userIds: readonly number[]): Promise<void> {
  // In id order, so two transactions locking the same owners cannot deadlock.
  const unique = [...new Set(userIds)].sort((a, b) => a - b);
  if (unique.length === 0) return;
  // The owners wait for each other's recount, so each recount sees the other's committed links.
  await dialectOf(db)
    .forUpdate(db.selectFrom('users').select('id').where('id', 'in', unique).orderBy('id'))
    .execute();
  await db
    .updateTable('users')
    .set((eb) => ({
      vehiclesWithDeviceCount: eb
        .selectFrom('vehicles')
        .innerJoin('devices', 'devices.vehicleId', 'vehicles.id')
        .select((inner) => inner.fn.countAll<number>().as('count'))
        .whereRef('vehicles.userId', '=', 'users.id'),
      vehiclesWithoutDeviceCount: eb
        .selectFrom('vehicles')
        .select((inner) => inner.fn.countAll<number>().as('count'))
        .whereRef('vehicles.userId', '=', 'users.id')
        .where((inner) =>
          inner.not(
            inner.exists(
              inner
                .selectFrom('devices')
                .select('devices.id')
                .whereRef('devices.vehicleId', '=', 'vehicles.id'),
            ),
          ),
        ),
    }))
    .where('users.id', 'in', unique)
    .execute();
}

/** A user's tamperActive is set while any of their vehicles has an active tamper alert. */
async function refreshUserTamper(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({
      tamperActive: eb
        .case()
        .when(
          eb.exists(
            eb
              .selectFrom('vehicles')
              .select('vehicles.id')
              .whereRef('vehicles.userId', '=', 'users.id')
              .where('vehicles.tamperActive', '=', 1),
          ),
        )
        .then(1 as Flag)
        .else(0 as Flag)
        .end(),
    }))
    .where('users.id', '=', userId)
    .execute();
}

export interface LockChange {
  vehicleId: number;
  locked: boolean;
  /** The person who asked for the change; null when the device itself reported it. */
  byUserId: number | null;
  /** True when staff changed it from the dashboard. */
  byAdmin: boolean;
  /** The lock command whose outcome this is, when the device answered one. */
  commandId?: number;
  at?: Date;
}

/** Stores the vehicle's lock state and a LockState history entry, then emits 'lock'. */
export async function recordLockChange(db: Db, change: LockChange, events?: VehicleEvents): Promise<number> {
  const historyId = await inTransaction(db, async (trx) => {
    const vehicle = await lastPosition(trx, change.vehicleId);
    if (!vehicle) throw new Error(`Vehicle ${change.vehicleId} does not exist.`);
    await trx
      .updateTable('vehicles')
      .set({ isLocked: flag(change.locked) })
      .where('id', '=', change.vehicleId)
      .execute();
    const { id } = await trx
      .insertInto('vehicleHistory')
      .values({
        vehicleId: change.vehicleId,
        dateTime: instant(change.at),
        type: HISTORY_TYPE.lockState,
        isLocked: flag(change.locked),
        isLockedByUserId: change.byUserId,
        isLockedChangedByAdminUser: flag(change.byAdmin),
        latitudeDegrees: vehicle.lastKnownGpsLatitudeDegrees,
        longitudeDegrees: vehicle.lastKnownGpsLongitudeDegrees,
        commandId: change.commandId ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  });
  events?.emit('lock', { vehicleId: change.vehicleId, locked: change.locked });
  return historyId;
}

interface LockCommandEnd {
  vehicleId: number;
  commandId: number;
  /** Who asked for the command. */
  byUserId: number | null;
  at?: Date;
}

/**
 * A LockState entry for a command that ended without the device's answer (expired, cancelled):
 * the lock state it shows is the stored one, which did not change.
 */
export async function recordLockCommandEnd(db: Db, end: LockCommandEnd): Promise<number> {
  const vehicle = await db
    .selectFrom('vehicles')
    .select(['isLocked', 'lastKnownGpsLatitudeDegrees', 'lastKnownGpsLongitudeDegrees'])
    .where('id', '=', end.vehicleId)
    .executeTakeFirst();
  if (!vehicle) throw new Error(`Vehicle ${end.vehicleId} does not exist.`);
  const { id } = await db
    .insertInto('vehicleHistory')
    .values({
      vehicleId: end.vehicleId,
      dateTime: instant(end.at),
      type: HISTORY_TYPE.lockState,
      isLocked: vehicle.isLocked,
      isLockedByUserId: end.byUserId,
      isLockedChangedByAdminUser: 1,
      latitudeDegrees: vehicle.lastKnownGpsLatitudeDegrees,
      longitudeDegrees: vehicle.lastKnownGpsLongitudeDegrees,
      commandId: end.commandId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export interface GpsFix {
  vehicleId: number;
  latitude: number;
  longitude: number;
  at?: Date;
}

/**
 * Stores the vehicle's last known position, then emits 'gps'. A fix writes no history entry:
 * history holds the four event types only, and a position every few seconds would bury them.
 */
/** The vehicle's newest fix; built once, as every device report with a position runs it. */
const updateGpsFix = preparedQuery(['vehicleId', 'latitude', 'longitude', 'at'], (db, param) =>
  db
    .updateTable('vehicles')
    .set({
      lastKnownGpsLatitudeDegrees: param('latitude'),
      lastKnownGpsLongitudeDegrees: param('longitude'),
      gpsDateTime: param('at'),
    })
    .where('id', '=', param('vehicleId')),
);

export async function recordGpsFix(db: Db, fix: GpsFix, events?: VehicleEvents): Promise<void> {
  const result = await updateGpsFix(db, {
    vehicleId: fix.vehicleId,
    latitude: fix.latitude,
    longitude: fix.longitude,
    at: instant(fix.at),
  });
  if ((result.numAffectedRows ?? 0n) === 0n) throw new Error(`Vehicle ${fix.vehicleId} does not exist.`);
  events?.emit('gps', {
    vehicleId: fix.vehicleId,
    latitudeDegrees: fix.latitude,
    longitudeDegrees: fix.longitude,
  });
}

export interface TamperReport {
  vehicleId: number;
  /** True raises an alert; false cancels the active one. */
  active: boolean;
  /** Who cancelled it, when a person did. */
  cancelledByUserId?: number | null;
  carBatteryState?: string | null;
  gpsState?: string | null;
  at?: Date;
}

/** Stores a TamperAlert history entry and the vehicle's (and owner's) tamper flag, then emits 'tamper'. */
export async function recordTamper(db: Db, report: TamperReport, events?: VehicleEvents): Promise<number> {
  const dateTime = instant(report.at);
  const historyId = await inTransaction(db, async (trx) => {
    const vehicle = await lastPosition(trx, report.vehicleId);
    if (!vehicle) throw new Error(`Vehicle ${report.vehicleId} does not exist.`);
    await trx
      .updateTable('vehicles')
      .set({ tamperActive: flag(report.active) })
      .where('id', '=', report.vehicleId)
      .execute();
    await refreshUserTamper(trx, vehicle.userId);
    const { id } = await trx
      .insertInto('vehicleHistory')
      .values({
        vehicleId: report.vehicleId,
        dateTime,
        type: HISTORY_TYPE.tamperAlert,
        tamperCancelled: flag(!report.active),
        tamperCancelledByUserId: report.active ? null : (report.cancelledByUserId ?? null),
        tamperCarBatteryState: report.carBatteryState ?? null,
        tamperGpsState: report.gpsState ?? null,
        latitudeDegrees: vehicle.lastKnownGpsLatitudeDegrees,
        longitudeDegrees: vehicle.lastKnownGpsLongitudeDegrees,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  });
  events?.emit('tamper', {
    vehicleId: report.vehicleId,
    tamperActive: report.active,
    tamperCancelled: !report.active,
    tamperCarBatteryState: report.carBatteryState ?? null,
    tamperGpsState: report.gpsState ?? null,
    dateTime,
  });
  return historyId;
}

export type PartnerAlertKind = 'aura' | 'capitalAir';

export interface PartnerAlertRecord {
  vehicleId: number;
  kind: PartnerAlertKind;
  /** The partner's answer, e.g. 'Dispatched'. */
  status: string;
  byUserId: number;
  at?: Date;
}

/** Stores an AuraCallout or CapitalAirIncident history entry naming the staff member who raised it. */
export async function recordPartnerAlert(db: Db, alert: PartnerAlertRecord): Promise<number> {
  const vehicle = await lastPosition(db, alert.vehicleId);
  if (!vehicle) throw new Error(`Vehicle ${alert.vehicleId} does not exist.`);
  const aura = alert.kind === 'aura';
  const { id } = await db
    .insertInto('vehicleHistory')
    .values({
      vehicleId: alert.vehicleId,
      dateTime: instant(alert.at),
      type: aura ? HISTORY_TYPE.auraCallout : HISTORY_TYPE.capitalAirIncident,
      auraCalloutStatus: aura ? alert.status : null,
      auraCalloutCreatedByUserId: aura ? alert.byUserId : null,
      capitalAirIncidentStatus: aura ? null : alert.status,
      capitalAirIncidentCreatedByUserId: aura ? null : alert.byUserId,
      latitudeDegrees: vehicle.lastKnownGpsLatitudeDegrees,
      longitudeDegrees: vehicle.lastKnownGpsLongitudeDegrees,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export interface DeviceTelemetry {
  deviceId: number;
  carBatteryVolts?: number | null;
  deviceBatteryPercent?: number | null;
  deviceBatteryVolts?: number;
  gsmSignalBars?: number;
  moving?: Flag;
  applicationVersion?: string;
  autoLockEnabledState?: number;
}

/** A device's batteries as stored and the vehicle it is linked to (null when free). */
const deviceBatteries = preparedQuery(['deviceId'], (db, param) =>
  db
    .selectFrom('devices')
    .select(['vehicleId', 'carBatteryVolts', 'deviceBatteryPercent'])
    .where('id', '=', param('deviceId')),
);

/**
 * Stores what a device reports about itself (batteries, firmware, auto-lock); no history entry.
 * When it changes the car or device battery of a device linked to a vehicle, emits 'battery' with
 * both values as stored now; a report repeating them emits nothing, so a fleet's steady readings
 * cost the hub nothing. The stored values are read only when a bus is given and a battery reported.
 */
export async function recordDeviceTelemetry(
  db: Db,
  telemetry: DeviceTelemetry,
  events?: VehicleEvents,
): Promise<void> {
  const { deviceId, ...fields } = telemetry;
  const changes = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  if (Object.keys(changes).length === 0) return;
  const reportsBattery = fields.carBatteryVolts !== undefined || fields.deviceBatteryPercent !== undefined;
  const before = events && reportsBattery ? (await deviceBatteries(db, { deviceId })).rows[0] : undefined;
  await db.updateTable('devices').set(changes).where('id', '=', deviceId).execute();
  if (!events || !before || before.vehicleId === null) return;
  const carBatteryVolts =
    fields.carBatteryVolts === undefined ? before.carBatteryVolts : fields.carBatteryVolts;
  const deviceBatteryPercent =
    fields.deviceBatteryPercent === undefined ? before.deviceBatteryPercent : fields.deviceBatteryPercent;
  if (carBatteryVolts === before.carBatteryVolts && deviceBatteryPercent === before.deviceBatteryPercent)
    return;
  events.emit('battery', { vehicleId: before.vehicleId, carBatteryVolts, deviceBatteryPercent });
}

/** The device asked for is linked to another vehicle (possibly since the caller last looked). */
export class DeviceNotFreeError extends Error {
  readonly deviceId: number;

  constructor(deviceId: number) {
    super(`Device ${deviceId} is not free.`);
    this.name = 'DeviceNotFreeError';
    this.deviceId = deviceId;
  }
}

export interface DeviceLink {
  vehicleId: number;
  /** The device to link; it must be free. Null only unlinks. */
  deviceId: number | null;
}

/**
 * Links a vehicle to a device (freeing the device it had), and keeps its owner's counters right.
 * Throws when the new device is linked to another vehicle.
 */
export async function linkDevice(db: Db, link: DeviceLink): Promise<void> {
  await inTransaction(db, async (trx) => {
    // Device changes of one vehicle take turns, so the later one frees what the earlier linked.
    const vehicle = await dialectOf(trx)
      .forUpdate(
        trx
          .selectFrom('vehicles')
          .select(['lastKnownGpsLatitudeDegrees', 'lastKnownGpsLongitudeDegrees', 'userId'])
          .where('id', '=', link.vehicleId),
      )
      .executeTakeFirst();
    if (!vehicle) throw new Error(`Vehicle ${link.vehicleId} does not exist.`);
    await trx
      .updateTable('devices')
      .set({ vehicleId: null })
      .where('vehicleId', '=', link.vehicleId)
      .execute();
    if (link.deviceId !== null) {
      const result = await trx
        .updateTable('devices')
        .set({ vehicleId: link.vehicleId })
        .where('id', '=', link.deviceId)
        .where('vehicleId', 'is', null)
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) throw new DeviceNotFreeError(link.deviceId);
    }
    await refreshVehicleCounts(trx, [vehicle.userId]);
  });
}
