/* Reads of vehicles for the routes; writes of vehicle state go through vehicle-store.ts. */
import { sql } from 'kysely';
import type { Expression, Kysely, SqlBool } from 'kysely';
import type { ListQuery, Vehicle, VehicleListField } from '@sentinel/domain';
import { inTransaction } from '../db/database';
import type { Database } from '../db/schema';
import { driverItem } from '../drivers/driver-queries';
import { compileListQuery } from '../odata/compile';
import type { FieldMap } from '../odata/compile';
import { runPagedList } from '../odata/paged-list';
import type { PagedList } from '../odata/paged-list';
import { bool, nullableBool } from '../routes/schemas';
import { bookingFieldsOf, NO_BOOKING } from '../bookings/booking-queries';
import { linkDevice } from './vehicle-store';
import { armingFields } from '../arming/arming-queries';

const ref = <T>(column: string) => sql.ref<T>(column);
const VEHICLE_FIELDS = {
  id: { type: 'number', expression: ref('vehicles.id') },
  userId: { type: 'number', expression: ref('vehicles.userId') },
  deviceActive: { type: 'boolean', expression: ref('devices.active') },
  deviceId: { type: 'number', expression: ref('devices.id') },
  onBoardingStatus: { type: 'string', expression: ref('vehicles.onboardingStatus') },
  registrationNumber: { type: 'string', expression: ref('vehicles.registrationNumber') },
  make: { type: 'string', expression: ref('vehicles.make') },
  model: { type: 'string', expression: ref('vehicles.model') },
  nickname: { type: 'string', expression: ref('vehicles.nickname') },
  tamperActive: { type: 'boolean', expression: ref('vehicles.tamperActive') },
  createdOnDateTime: { type: 'dateTime', expression: ref('vehicles.createdOnDateTime') },
  userFirstName: { type: 'string', expression: ref('users.firstName') },
  userLastName: { type: 'string', expression: ref('users.lastName') },
} satisfies FieldMap<VehicleListField>;

/** The vehicles.userId column (the owner), for scope conditions. */
export const VEHICLE_OWNER = ref<number>('vehicles.userId');

function vehicleBase(db: Kysely<Database>) {
  return db
    .selectFrom('vehicles')
    .innerJoin('users', 'users.id', 'vehicles.userId')
    .leftJoin('devices', 'devices.vehicleId', 'vehicles.id');
}

/** The full items of these vehicles, in the given order: one query each for rows, drivers and latest history. */
export async function loadVehicles(db: Kysely<Database>, ids: readonly number[]): Promise<Vehicle[]> {
  if (ids.length === 0) return [];
  const [rows, drivers, bookings] = await Promise.all([
    vehicleBase(db)
      .selectAll('vehicles')
      .select([
        'users.firstName as userFirstName',
        'users.lastName as userLastName',
        'users.email as userEmail',
        'devices.id as deviceId',
        'devices.serialNumber as deviceSerialNumber',
        'devices.active as deviceActive',
        'devices.carBatteryVolts',
        'devices.deviceBatteryPercent',
      ])
      .select((eb) => {
        // The newest entry per vehicle, for the badge; the (vehicle_id, date_time desc) index answers it.
        const newestHistory = () =>
          eb
            .selectFrom('vehicleHistory')
            .whereRef('vehicleHistory.vehicleId', '=', 'vehicles.id')
            .orderBy('vehicleHistory.dateTime', 'desc')
            .orderBy('vehicleHistory.id', 'desc')
            .limit(1);
        return [
          newestHistory().select('vehicleHistory.type').as('latestHistoryType'),
          newestHistory().select('vehicleHistory.isLocked').as('latestHistoryIsLocked'),
        ];
      })
      .where('vehicles.id', 'in', ids)
      .execute(),
    db.selectFrom('drivers').selectAll().where('vehicleId', 'in', ids).orderBy('id').execute(),
    bookingFieldsOf(db, ids),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const now = new Date();
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      {
        id: row.id,
        userId: row.userId,
        userFirstName: row.userFirstName,
        userLastName: row.userLastName,
        userEmail: row.userEmail,
        registrationNumber: row.registrationNumber,
        make: row.make,
        model: row.model,
        makeVariant: row.makeVariant,
        nickname: row.nickname,
        registrationYear: row.registrationYear,
        vehicleColour: row.vehicleColour,
        vinNumber: row.vinNumber,
        engineNumber: row.engineNumber,
        drivers: drivers.filter((driver) => driver.vehicleId === id).map(driverItem),
        subscriptionPlanId: row.subscriptionPlanId,
        subscriptionId: row.subscriptionId,
        subscriptionDepositAmountPaid: row.subscriptionDepositAmountPaid,
        onBoardingStatus: row.onboardingStatus,
        createdOnDateTime: row.createdOnDateTime,
        isLocked: nullableBool(row.isLocked),
        tamperActive: bool(row.tamperActive),
        ...armingFields(row, now),
        deviceId: row.deviceId,
        deviceSerialNumber: row.deviceSerialNumber,
        deviceActive: nullableBool(row.deviceActive),
        gpsDateTime: row.gpsDateTime,
        gpsLatitudeDegrees: row.lastKnownGpsLatitudeDegrees,
        gpsLongitudeDegrees: row.lastKnownGpsLongitudeDegrees,
        lastKnownGpsLatitudeDegrees: row.lastKnownGpsLatitudeDegrees,
        lastKnownGpsLongitudeDegrees: row.lastKnownGpsLongitudeDegrees,
        latestHistoryType: row.latestHistoryType ?? null,
        latestHistoryIsLocked: nullableBool(row.latestHistoryIsLocked),
        carBatteryVolts: row.carBatteryVolts,
        deviceBatteryPercent: row.deviceBatteryPercent,
        ...(bookings.get(id) ?? NO_BOOKING),
      },
    ];
  });
}

/** A page of vehicles for the OData query; `scope` (a condition on vehicles.userId) limits which. */
export async function listVehicles(
  db: Kysely<Database>,
  query: ListQuery,
  scope: Expression<SqlBool> | undefined,
): Promise<PagedList<Vehicle>> {
  const list = compileListQuery(VEHICLE_FIELDS, query, {
    order: 'createdOnDateTime desc',
    id: ref('vehicles.id'),
  });
  // Join only what the filter and order read: at 150,000 vehicles a count through unused joins
  // costs 50x more (README, Scale). Every vehicle has an owner, so leaving users out drops no row.
  const uses = (...names: string[]) => names.some((name) => list.fieldsUsed.has(name));
  let base = db
    .selectFrom('vehicles')
    .$if(uses('userFirstName', 'userLastName'), (page) =>
      page.innerJoin('users', 'users.id', 'vehicles.userId'),
    )
    .$if(uses('deviceActive', 'deviceId'), (page) =>
      page.leftJoin('devices', 'devices.vehicleId', 'vehicles.id'),
    );
  if (list.where) base = base.where(list.where);
  if (scope) base = base.where(scope);
  return runPagedList(
    db,
    base,
    list,
    (page) => page.select('vehicles.id'),
    (rows, reader) =>
      loadVehicles(
        reader,
        rows.map((row) => row.id),
      ),
  );
}

/** The vehicle with what its actions need (position, linked device); undefined when there is none. */
export function findVehicleWithDevice(db: Kysely<Database>, id: number) {
  return vehicleBase(db)
    .select([
      'vehicles.id',
      'vehicles.registrationNumber',
      'vehicles.lastKnownGpsLatitudeDegrees',
      'vehicles.lastKnownGpsLongitudeDegrees',
      'vehicles.isLocked as lockedFlag',
      'devices.id as deviceId',
      'devices.serialNumber as deviceSerialNumber',
    ])
    .where('vehicles.id', '=', id)
    .executeTakeFirst()
    .then((row) => row && { ...row, isLocked: nullableBool(row.lockedFlag) });
}

/**
 * Links the vehicle to the device (freeing its old one) and, when given, renames it, in one
 * transaction; throws DeviceNotFreeError when another vehicle took the device meanwhile.
 */
export async function changeLinkedDevice(
  db: Kysely<Database>,
  change: { vehicleId: number; deviceId: number; nickname: string | undefined },
): Promise<void> {
  await inTransaction(db, async (trx) => {
    await linkDevice(trx, { vehicleId: change.vehicleId, deviceId: change.deviceId });
    if (change.nickname)
      await trx
        .updateTable('vehicles')
        .set({ nickname: change.nickname })
        .where('id', '=', change.vehicleId)
        .execute();
  });
}

/** The vehicle's stored onboarding status (null once installed); undefined when there is no such vehicle. */
export function findOnboardingStatus(db: Kysely<Database>, id: number) {
  return db.selectFrom('vehicles').select('onboardingStatus').where('id', '=', id).executeTakeFirst();
}

/** True when the vehicle exists and `scope` (a condition on vehicles.userId, the owner) includes it. */
export async function vehicleExists(
  db: Kysely<Database>,
  id: number,
  scope: Expression<SqlBool> | undefined,
): Promise<boolean> {
  let query = db.selectFrom('vehicles').select('vehicles.id').where('vehicles.id', '=', id);
  if (scope) query = query.where(scope);
  return (await query.executeTakeFirst()) !== undefined;
}
