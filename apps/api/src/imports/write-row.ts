/*
 * Writes one valid row: its account holder, vehicle and driver, inside the caller's transaction
 * (a savepoint per row, so a row is written whole or not at all). New holders, vehicles and
 * drivers go through the same writes as the forms (users' addUser, onboarding's
 * addOnboardingVehicle and addDriver), so an imported vehicle with its driver awaits its booking
 * exactly as one onboarded by hand.
 */
import type { Kysely } from 'kysely';
import { ROLE } from '@sentinel/domain';
import type { FieldErrors, ImportOutcome } from '@sentinel/domain';
import type { Database } from '../db/schema';
import { addDriver, addOnboardingVehicle } from '../onboarding/onboarding-queries';
import { storedPhoneNumber } from '../routes/schemas';
import { addUser } from '../users/user-queries';
import { catalogueKey, decideRow, hasDriver, hasVehicle, southAfrican } from './row-rules';
import type { Catalogue, RowValues } from './row-rules';
import { loadSnapshot } from './row-snapshots';
import type { SnapshotContext } from './row-snapshots';

export interface RowWritten {
  outcome: ImportOutcome;
  /** Errors found against the database as it is now (the row then wrote nothing). */
  errors?: FieldErrors;
  /** A new account holder's id, for the password-creation link. */
  newHolderId?: number;
}

const text = (values: RowValues, field: keyof RowValues) => (values[field] ?? '').trim();
const optional = (value: string) => (value === '' ? null : value);

export async function writeRow(
  trx: Kysely<Database>,
  values: RowValues,
  context: SnapshotContext,
  catalogue: Catalogue,
): Promise<RowWritten> {
  const snapshot = await loadSnapshot(trx, values, context);
  const decision = decideRow(values, snapshot);
  if (Object.keys(decision.errors).length > 0) return { outcome: 'Failed', errors: decision.errors };

  let holderId = snapshot.holder?.id;
  let newHolderId: number | undefined;
  if (holderId === undefined) {
    holderId = await addUser(
      trx,
      {
        firstName: text(values, 'Holder.FirstName'),
        lastName: text(values, 'Holder.LastName'),
        email: text(values, 'Holder.Email'),
        phoneCode: '27',
        phoneNumber: text(values, 'Holder.PhoneNumber'),
        idNumber: text(values, 'Holder.IdNumber'),
        idNumberIsSouthAfrican: southAfrican(values['Holder.IdNumberIsSouthAfrican']) ?? true,
      },
      ROLE.accountHolder,
    );
    newHolderId = holderId;
  } else if (decision.holder === 'update') {
    await trx
      .updateTable('users')
      .set({ phoneNumber: storedPhoneNumber(text(values, 'Holder.PhoneNumber')) })
      .where('id', '=', holderId)
      .execute();
  }
  if (context.companyId !== null && (newHolderId !== undefined || snapshot.holder?.linked === false)) {
    await trx
      .insertInto('companyUsers')
      .values({ companyId: context.companyId, userId: holderId, role: ROLE.accountHolder })
      .execute();
  }

  let vehicleId = snapshot.vehicle?.id;
  if (hasVehicle(values)) {
    const vehicle = {
      registrationYear: text(values, 'Vehicle.RegistrationYear'),
      vehicleColour: text(values, 'Vehicle.Colour'),
      vinNumber: optional(text(values, 'Vehicle.VinNumber')),
      engineNumber: optional(text(values, 'Vehicle.EngineNumber')),
    };
    if (decision.vehicle === 'create') {
      const type = catalogue.get(catalogueKey(text(values, 'Vehicle.Vehicle')))!;
      vehicleId = await addOnboardingVehicle(trx, {
        userId: holderId,
        type,
        registrationNumber: text(values, 'Vehicle.RegistrationNumber'),
        registrationYear: vehicle.registrationYear,
        colour: vehicle.vehicleColour,
        vinNumber: vehicle.vinNumber,
        engineNumber: vehicle.engineNumber,
      });
    } else if (decision.vehicle === 'update') {
      await trx.updateTable('vehicles').set(vehicle).where('id', '=', vehicleId!).execute();
    }
    if (hasDriver(values)) {
      const driver = {
        email: text(values, 'Driver.Email'),
        phoneNumber: storedPhoneNumber(text(values, 'Driver.PhoneNumber')),
      };
      if (decision.driver === 'create') {
        await addDriver(trx, {
          vehicleId: vehicleId!,
          firstName: text(values, 'Driver.FirstName'),
          lastName: text(values, 'Driver.LastName'),
          email: driver.email,
          phoneCode: '27',
          phoneNumber: text(values, 'Driver.PhoneNumber'),
          idNumber: text(values, 'Driver.IdNumber'),
          idNumberIsSouthAfrican: southAfrican(values['Driver.IdNumberIsSouthAfrican']) ?? true,
        });
      } else if (decision.driver === 'update') {
        await trx.updateTable('drivers').set(driver).where('id', '=', snapshot.driver!.id).execute();
      }
    }
  }

  const changes = [decision.holder, decision.vehicle, decision.driver];
  const outcome: ImportOutcome = changes.includes('create')
    ? 'Created'
    : changes.includes('update')
      ? 'Updated'
      : 'Unchanged';
  return { outcome, ...(newHolderId === undefined ? {} : { newHolderId }) };
}
