/*
 * A vehicle's arming as stored (migration 0020): read for every Vehicle answer and the arming
 * routes, written by Arm, Disarm and the schedule routes. When a vehicle is armed and what a
 * report breaches are the domain's rules (packages/domain/src/arming.ts); this file keeps their
 * state. Each write locks the vehicle's row first, so two changes of one vehicle take turns.
 */
import type { Kysely } from 'kysely';
import { armedAt, scheduleWindowAt } from '@sentinel/domain';
import type { ArmingSchedule, ArmingState, ArmingStatus } from '@sentinel/domain';
import { dialectOf, inTransaction, instant } from '../db/database';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

/** The arming columns of a vehicle row, as stored. */
export interface StoredArming {
  armedSince: string | null;
  armingSchedule: string | null;
  scheduleSuspendedUntil: string | null;
}

/** The domain's ArmingState of a stored row (the schedule is JSON text of the contract's shape). */
export function armingStateOf(row: StoredArming): ArmingState {
  return {
    armedSince: row.armedSince,
    // Written only by setArmingSchedule, after the contract's schema and armingScheduleErrors passed.
    armingSchedule: row.armingSchedule === null ? null : (JSON.parse(row.armingSchedule) as ArmingSchedule),
    scheduleSuspendedUntil: row.scheduleSuspendedUntil,
  };
}

/** The arming fields of a Vehicle answer: armed now (by hand or schedule), since when by hand, the schedule. */
export function armingFields(
  row: StoredArming,
  now: Date = new Date(),
): Pick<ArmingStatus, 'armed' | 'armedSince' | 'armingSchedule'> {
  const state = armingStateOf(row);
  return {
    armed: armedAt(state, now) !== undefined,
    armedSince: state.armedSince,
    armingSchedule: state.armingSchedule,
  };
}

/** The vehicle, its owner and its linked device, for the routes' checks; undefined when there is none. */
export function findArmingVehicle(db: Db, id: number) {
  return db
    .selectFrom('vehicles')
    .leftJoin('devices', 'devices.vehicleId', 'vehicles.id')
    .select([
      'vehicles.id',
      'vehicles.userId',
      'devices.id as deviceId',
      'devices.active as deviceActive',
      'devices.serialNumber',
    ])
    .where('vehicles.id', '=', id)
    .executeTakeFirst();
}

/** The vehicle's arming and last known position, its row locked until the transaction ends. */
async function lockedArming(trx: Db, vehicleId: number) {
  const row = await dialectOf(trx)
    .forUpdate(
      trx
        .selectFrom('vehicles')
        .select([
          'armedSince',
          'armingSchedule',
          'scheduleSuspendedUntil',
          'lastKnownGpsLatitudeDegrees',
          'lastKnownGpsLongitudeDegrees',
        ])
        .where('id', '=', vehicleId),
    )
    .executeTakeFirst();
  if (!row) throw new Error(`Vehicle ${vehicleId} does not exist.`);
  return row;
}

/**
 * No anchor: the next report of an armed vehicle takes one (telemetry's evaluation). Cleared
 * whenever the arming it belonged to ends, so a schedule window that starts again at the same
 * moment (the schedule removed and set again) never measures from a stale place.
 */
const NO_ANCHOR = { armingAnchorLatitude: null, armingAnchorLongitude: null, armingAnchorSince: null };

function statusOf(vehicleId: number, row: StoredArming, now: Date): ArmingStatus {
  return { vehicleId, ...armingFields(row, now) };
}

/**
 * Arms the vehicle by hand from `at`, anchored where it last stood (none without a fix: the first
 * fix after arming becomes it). Already armed by hand, nothing changes: it keeps its armedSince.
 */
export async function armVehicle(
  db: Db,
  { vehicleId, byUserId, at = new Date() }: { vehicleId: number; byUserId: number; at?: Date },
): Promise<{ status: ArmingStatus; alreadyArmed: boolean }> {
  return inTransaction(db, async (trx) => {
    const row = await lockedArming(trx, vehicleId);
    if (row.armedSince !== null) return { status: statusOf(vehicleId, row, at), alreadyArmed: true };
    const armedSince = instant(at);
    const latitude = row.lastKnownGpsLatitudeDegrees;
    const longitude = row.lastKnownGpsLongitudeDegrees;
    const positioned = latitude !== null && longitude !== null;
    await trx
      .updateTable('vehicles')
      .set({
        armedSince,
        armedByUserId: byUserId,
        // Armed by hand, a window set aside earlier no longer matters; a later disarm sets it again.
        scheduleSuspendedUntil: null,
        ...(positioned
          ? {
              armingAnchorLatitude: latitude,
              armingAnchorLongitude: longitude,
              armingAnchorSince: armedSince,
            }
          : NO_ANCHOR),
      })
      .where('id', '=', vehicleId)
      .execute();
    return {
      status: statusOf(vehicleId, { ...row, armedSince, scheduleSuspendedUntil: null }, at),
      alreadyArmed: false,
    };
  });
}

/**
 * Ends the hand arming; inside a window of the schedule it also sets that window aside until it
 * ends, so the vehicle is not armed after a disarm whatever armed it.
 */
export async function disarmVehicle(
  db: Db,
  { vehicleId, at = new Date() }: { vehicleId: number; at?: Date },
): Promise<{ status: ArmingStatus; wasArmed: boolean }> {
  return inTransaction(db, async (trx) => {
    const row = await lockedArming(trx, vehicleId);
    const state = armingStateOf(row);
    const window = state.armingSchedule === null ? undefined : scheduleWindowAt(state.armingSchedule, at);
    const scheduleSuspendedUntil = window === undefined ? null : instant(window.end);
    await trx
      .updateTable('vehicles')
      .set({ armedSince: null, armedByUserId: null, scheduleSuspendedUntil, ...NO_ANCHOR })
      .where('id', '=', vehicleId)
      .execute();
    return {
      status: statusOf(vehicleId, { ...row, armedSince: null, scheduleSuspendedUntil }, at),
      wasArmed: armedAt(state, at) !== undefined,
    };
  });
}

/**
 * Stores the schedule (null removes it) and answers the schedule it replaced. A window set aside
 * by a disarm stays set aside while the schedule changes (the person disarmed it until then);
 * removing the schedule ends it. Armed by hand, the vehicle keeps its anchor; otherwise the next
 * report inside a window anchors it.
 */
export async function setArmingSchedule(
  db: Db,
  { vehicleId, schedule, at = new Date() }: { vehicleId: number; schedule: ArmingSchedule | null; at?: Date },
): Promise<{ status: ArmingStatus; before: ArmingSchedule | null }> {
  return inTransaction(db, async (trx) => {
    const row = await lockedArming(trx, vehicleId);
    const armingSchedule = schedule === null ? null : JSON.stringify(schedule);
    const scheduleSuspendedUntil = schedule === null ? null : row.scheduleSuspendedUntil;
    await trx
      .updateTable('vehicles')
      .set({ armingSchedule, scheduleSuspendedUntil, ...(row.armedSince === null ? NO_ANCHOR : {}) })
      .where('id', '=', vehicleId)
      .execute();
    return {
      status: statusOf(vehicleId, { ...row, armingSchedule, scheduleSuspendedUntil }, at),
      before: armingStateOf(row).armingSchedule,
    };
  });
}

/**
 * The arming state of every vehicle with a hand arming or a schedule (the partial index
 * vehicles_arming holds just those), for the demo simulator to find the armed ones it drives.
 */
export async function armableVehicles(db: Db): Promise<Map<number, ArmingState>> {
  const rows = await db
    .selectFrom('vehicles')
    .select(['id', 'armedSince', 'armingSchedule', 'scheduleSuspendedUntil'])
    .where((eb) => eb.or([eb('armedSince', 'is not', null), eb('armingSchedule', 'is not', null)]))
    .execute();
  return new Map(rows.map((row) => [row.id, armingStateOf(row)]));
}
