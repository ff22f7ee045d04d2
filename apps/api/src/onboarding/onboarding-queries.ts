/* The writes of the onboarding steps: a new vehicle and its driver. Handlers decide who may call. */
import type { Insertable, Kysely } from 'kysely';
import { ONBOARDING_STATUS } from '@sentinel/domain';
import type { Driver, VehicleType } from '@sentinel/domain';
import { inTransaction, instant } from '../db/database';
import type { Database } from '../db/schema';
import { driverItem } from '../drivers/driver-queries';
import { storedPhoneNumber } from '../routes/schemas';
import { linkDevice, refreshVehicleCounts } from '../vehicles/vehicle-store';

export interface NewOnboardingVehicle {
  userId: number;
  type: VehicleType;
  registrationNumber: string;
  registrationYear: string;
  colour: string;
  vinNumber: string | null;
  engineNumber: string | null;
}

const optional = (value: string | null | undefined) =>
  value === null || value === undefined || value.trim() === '' ? null : value.trim();

/** Adds the vehicle with its details outstanding (no driver yet); the owner's counters follow. */
export async function insertOnboardingVehicle(
  db: Kysely<Database>,
  input: NewOnboardingVehicle,
): Promise<number> {
  return db.transaction().execute((trx) => addOnboardingVehicle(trx, input));
}

/** insertOnboardingVehicle's writes inside the caller's transaction. */
export async function addOnboardingVehicle(
  trx: Kysely<Database>,
  input: NewOnboardingVehicle,
): Promise<number> {
  return (await addOnboardingVehicles(trx, [input]))[0]!;
}

/** Several vehicles in one statement and their owners' recount (the bulk import); ids in input order. */
export async function addOnboardingVehicles(
  trx: Kysely<Database>,
  inputs: readonly NewOnboardingVehicle[],
): Promise<number[]> {
  if (inputs.length === 0) return [];
  const rows = await trx
    .insertInto('vehicles')
    .values(
      inputs.map((input) => ({
        userId: input.userId,
        vehicleTypeId: input.type.id,
        make: input.type.make,
        model: input.type.variant,
        makeVariant: input.type.makeVariant,
        registrationNumber: input.registrationNumber.trim(),
        registrationYear: input.registrationYear,
        vehicleColour: input.colour.trim(),
        vinNumber: optional(input.vinNumber),
        engineNumber: optional(input.engineNumber),
        onboardingStatus: ONBOARDING_STATUS.outstandingDetails,
        createdOnDateTime: instant(),
      })),
    )
    .returning('id')
    .execute();
  await refreshVehicleCounts(
    trx,
    inputs.map((input) => input.userId),
  );
  // Ids are handed out in the order the rows are inserted; RETURNING's order is not promised.
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

export interface NewDriver {
  vehicleId: number;
  firstName: string;
  lastName: string;
  email: string;
  phoneCode: string;
  phoneNumber: string;
  idNumber: string;
  idNumberIsSouthAfrican: boolean;
}

/**
 * Adds the driver; a vehicle whose details were outstanding now awaits its booking. Answers the
 * driver and whether the vehicle's onboarding status changed.
 */
export async function insertDriver(
  db: Kysely<Database>,
  input: NewDriver,
): Promise<{ driver: Driver; statusChanged: boolean }> {
  return db.transaction().execute((trx) => addDriver(trx, input));
}

const driverRow = (input: NewDriver): Insertable<Database['drivers']> => ({
  vehicleId: input.vehicleId,
  firstName: input.firstName.trim(),
  lastName: input.lastName.trim(),
  email: input.email.trim(),
  phoneCode: input.phoneCode.trim() === '' ? '27' : input.phoneCode.trim(),
  phoneNumber: storedPhoneNumber(input.phoneNumber),
  idNumber: input.idNumber.trim(),
  idNumberIsSouthAfrican: input.idNumberIsSouthAfrican ? 1 : 0,
});

/** With a driver, vehicles whose details were outstanding await their booking; answers how many moved. */
async function awaitBooking(trx: Kysely<Database>, vehicleIds: readonly number[]): Promise<bigint> {
  const moved = await trx
    .updateTable('vehicles')
    .set({ onboardingStatus: ONBOARDING_STATUS.bookingPending })
    .where('id', 'in', vehicleIds)
    .where('onboardingStatus', '=', ONBOARDING_STATUS.outstandingDetails)
    .executeTakeFirst();
  return moved.numUpdatedRows;
}

/** insertDriver's writes inside the caller's transaction. */
export async function addDriver(
  trx: Kysely<Database>,
  input: NewDriver,
): Promise<{ driver: Driver; statusChanged: boolean }> {
  const row = await trx
    .insertInto('drivers')
    .values(driverRow(input))
    .returningAll()
    .executeTakeFirstOrThrow();
  const moved = await awaitBooking(trx, [input.vehicleId]);
  return { driver: driverItem(row), statusChanged: moved > 0n };
}

/** Several drivers in one statement, their vehicles then awaiting booking (the bulk import); ids in input order. */
export async function addDrivers(trx: Kysely<Database>, inputs: readonly NewDriver[]): Promise<number[]> {
  if (inputs.length === 0) return [];
  const rows = await trx.insertInto('drivers').values(inputs.map(driverRow)).returning('id').execute();
  await awaitBooking(
    trx,
    inputs.map((input) => input.vehicleId),
  );
  // Ids are handed out in the order the rows are inserted; RETURNING's order is not promised.
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

/** True when the user exists and holds the Account-Holder role. */
export async function isAccountHolder(db: Kysely<Database>, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('userRoles')
    .innerJoin('roles', 'roles.id', 'userRoles.roleId')
    .select('userRoles.userId')
    .where('userRoles.userId', '=', userId)
    .where('roles.name', '=', 'Account-Holder')
    .executeTakeFirst();
  return row !== undefined;
}

export interface InstallationDone {
  vehicleId: number;
  deviceId: number;
  nickname: string | null;
}

/**
 * Linking the fitted device completes the installation: the device is the vehicle's, the vehicle
 * leaves onboarding (status null, so it shows among the active clients with its device) and its
 * nickname is kept when one was given. One transaction, so no half-installed vehicle is seen.
 */
export async function completeInstallation(db: Kysely<Database>, done: InstallationDone): Promise<void> {
  await inTransaction(db, async (trx) => {
    await linkDevice(trx, { vehicleId: done.vehicleId, deviceId: done.deviceId });
    const nickname = optional(done.nickname);
    await trx
      .updateTable('vehicles')
      .set({ onboardingStatus: null, ...(nickname === null ? {} : { nickname }) })
      .where('id', '=', done.vehicleId)
      .execute();
  });
}
