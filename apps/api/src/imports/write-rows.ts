/*
 * Writes a batch of decided rows inside the caller's transaction, a statement per table for the
 * whole batch rather than statements per row: new holders, their roles and company links, new
 * vehicles and their owners' counts, new drivers and their vehicles' move to 'Booking pending'.
 * Changes to what exists (a phone, a colour) are rare and go one update each. The writes are the
 * forms' own (users' addUsers, onboarding's addOnboardingVehicles and addDrivers), so an imported
 * vehicle with its driver awaits its booking exactly as one onboarded by hand.
 *
 * What a row creates has the id -rowNumber in the decisions (see FileOverlay) until it is written;
 * a later row of the batch that reuses it (a holder's second vehicle) gets the real id here.
 */
import type { Kysely } from 'kysely';
import { ROLE } from '@sentinel/domain';
import type { ImportOutcome } from '@sentinel/domain';
import type { Database } from '../db/schema';
import { addDrivers, addOnboardingVehicles } from '../onboarding/onboarding-queries';
import { storedPhoneNumber } from '../routes/schemas';
import { addUsers } from '../users/user-queries';
import type { DecidedRow } from './preview';
import { catalogueKey, hasDriver, hasVehicle, southAfrican } from './row-rules';
import type { Catalogue, RowValues } from './row-rules';
import type { SnapshotContext } from './row-snapshots';

export interface RowToWrite extends DecidedRow {
  rowNumber: number;
  values: RowValues;
}

export interface RowWritten {
  rowNumber: number;
  outcome: ImportOutcome;
  /** A new account holder's id, for the password-creation link. */
  newHolderId?: number;
}

const text = (values: RowValues, field: keyof RowValues) => (values[field] ?? '').trim();
const optional = (value: string) => (value === '' ? null : value);

/** Real ids for the placeholders (-rowNumber) of what the batch creates. */
class Ids {
  private readonly real = new Map<number, number>();
  set(rowNumber: number, id: number): void {
    this.real.set(-rowNumber, id);
  }
  of(id: number): number {
    if (id > 0) return id;
    const real = this.real.get(id);
    if (real === undefined) throw new Error(`Row ${-id}'s record was not written before a later row used it`);
    return real;
  }
}

/** Writes the rows (all valid, in file order); throws when the database refuses any of them. */
export async function writeRows(
  trx: Kysely<Database>,
  rows: readonly RowToWrite[],
  context: SnapshotContext,
  catalogue: Catalogue,
): Promise<RowWritten[]> {
  const holders = new Ids();
  const vehicles = new Ids();
  const drivers = new Ids();

  const newHolders = rows.filter((row) => !row.snapshot.holder);
  const holderIds = await addUsers(
    trx,
    newHolders.map(({ values }) => ({
      firstName: text(values, 'Holder.FirstName'),
      lastName: text(values, 'Holder.LastName'),
      email: text(values, 'Holder.Email'),
      phoneCode: '27',
      phoneNumber: text(values, 'Holder.PhoneNumber'),
      idNumber: text(values, 'Holder.IdNumber'),
      idNumberIsSouthAfrican: southAfrican(values['Holder.IdNumberIsSouthAfrican']) ?? true,
    })),
    ROLE.accountHolder,
  );
  newHolders.forEach((row, index) => holders.set(row.rowNumber, holderIds[index]!));
  const holderOf = (row: RowToWrite) => holders.of(row.snapshot.holder?.id ?? -row.rowNumber);

  const { companyId } = context;
  if (companyId !== null) {
    const toLink = new Set(
      rows.filter((row) => !row.snapshot.holder || !row.snapshot.holder.linked).map((row) => holderOf(row)),
    );
    if (toLink.size > 0)
      await trx
        .insertInto('companyUsers')
        .values([...toLink].map((userId) => ({ companyId, userId, role: ROLE.accountHolder })))
        .execute();
  }
  for (const row of rows)
    if (row.snapshot.holder && row.decision.holder === 'update')
      await trx
        .updateTable('users')
        .set({ phoneNumber: storedPhoneNumber(text(row.values, 'Holder.PhoneNumber')) })
        .where('id', '=', holderOf(row))
        .execute();

  const withVehicle = rows.filter((row) => hasVehicle(row.values));
  const newVehicles = withVehicle.filter((row) => row.decision.vehicle === 'create');
  const vehicleIds = await addOnboardingVehicles(
    trx,
    newVehicles.map((row) => ({
      userId: holderOf(row),
      type: catalogue.get(catalogueKey(text(row.values, 'Vehicle.Vehicle')))!,
      registrationNumber: text(row.values, 'Vehicle.RegistrationNumber'),
      registrationYear: text(row.values, 'Vehicle.RegistrationYear'),
      colour: text(row.values, 'Vehicle.Colour'),
      vinNumber: optional(text(row.values, 'Vehicle.VinNumber')),
      engineNumber: optional(text(row.values, 'Vehicle.EngineNumber')),
    })),
  );
  newVehicles.forEach((row, index) => vehicles.set(row.rowNumber, vehicleIds[index]!));
  const vehicleOf = (row: RowToWrite) => vehicles.of(row.snapshot.vehicle?.id ?? -row.rowNumber);
  for (const row of withVehicle)
    if (row.decision.vehicle === 'update')
      await trx
        .updateTable('vehicles')
        .set({
          registrationYear: text(row.values, 'Vehicle.RegistrationYear'),
          vehicleColour: text(row.values, 'Vehicle.Colour'),
          vinNumber: optional(text(row.values, 'Vehicle.VinNumber')),
          engineNumber: optional(text(row.values, 'Vehicle.EngineNumber')),
        })
        .where('id', '=', vehicleOf(row))
        .execute();

  const withDriver = withVehicle.filter((row) => hasDriver(row.values));
  const newDrivers = withDriver.filter((row) => row.decision.driver === 'create');
  const driverIds = await addDrivers(
    trx,
    newDrivers.map((row) => ({
      vehicleId: vehicleOf(row),
      firstName: text(row.values, 'Driver.FirstName'),
      lastName: text(row.values, 'Driver.LastName'),
      email: text(row.values, 'Driver.Email'),
      phoneCode: '27',
      phoneNumber: text(row.values, 'Driver.PhoneNumber'),
      idNumber: text(row.values, 'Driver.IdNumber'),
      idNumberIsSouthAfrican: southAfrican(row.values['Driver.IdNumberIsSouthAfrican']) ?? true,
    })),
  );
  newDrivers.forEach((row, index) => drivers.set(row.rowNumber, driverIds[index]!));
  for (const row of withDriver)
    if (row.decision.driver === 'update')
      await trx
        .updateTable('drivers')
        .set({
          email: text(row.values, 'Driver.Email'),
          phoneNumber: storedPhoneNumber(text(row.values, 'Driver.PhoneNumber')),
        })
        .where('id', '=', drivers.of(row.snapshot.driver!.id))
        .execute();

  return rows.map((row) => {
    const changes = [row.decision.holder, row.decision.vehicle, row.decision.driver];
    const outcome: ImportOutcome = changes.includes('create')
      ? 'Created'
      : changes.includes('update')
        ? 'Updated'
        : 'Unchanged';
    return {
      rowNumber: row.rowNumber,
      outcome,
      ...(row.snapshot.holder ? {} : { newHolderId: holderOf(row) }),
    };
  });
}
