/*
 * The preview: every row mapped, checked by the forms' rules and decided against what the database
 * holds and what the file's earlier rows will have added, a chunk of rows at a time (one lookup
 * per table per chunk), yielding between chunks so other requests are answered meanwhile.
 */
import { setImmediate as yieldToOthers } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { IMPORT_MESSAGES } from '@sentinel/domain';
import type { FieldErrors, ImportMapping, ImportPlan } from '@sentinel/domain';
import type { Database } from '../db/schema';
import { storedPhoneNumber } from '../routes/schemas';
import type { Cell } from './read-file';
import { checkRow, decideRow, hasVehicle, mapRow, planOf } from './row-rules';
import type { Catalogue, RowSnapshot, RowValues } from './row-rules';
import { loadSnapshots } from './row-snapshots';
import type { SnapshotContext } from './row-snapshots';

export interface PlannedRow {
  rowNumber: number;
  cells: Cell[];
  values: RowValues;
  errors: FieldErrors;
  plan: ImportPlan;
}

const CHUNK = 1000;
const key = (value: string | undefined) => (value ?? '').trim().toLowerCase();

export async function planRows(
  db: Kysely<Database>,
  rows: readonly Cell[][],
  mapping: ImportMapping,
  context: SnapshotContext,
  catalogue: Catalogue,
  now: Date = new Date(),
): Promise<PlannedRow[]> {
  // What the file's earlier valid rows will have written, as later rows will find it.
  const fileHolders = new Map<string, NonNullable<RowSnapshot['holder']>>();
  const fileIdNumbers = new Map<string, string>();
  const fileVehicles = new Map<string, { row: number; vehicle: NonNullable<RowSnapshot['vehicle']> }>();
  const fileDrivers = new Map<string, NonNullable<RowSnapshot['driver']>>();
  const planned: PlannedRow[] = [];

  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK).map((cells, index) => {
      const { values, formulas } = mapRow(cells, mapping);
      return {
        rowNumber: start + index + 1,
        cells,
        values,
        errors: checkRow(values, formulas, catalogue, now),
      };
    });
    const snapshots = await loadSnapshots(
      db,
      chunk.map((row) => row.values),
      context,
    );
    chunk.forEach((row, index) => {
      const { values } = row;
      const email = key(values['Holder.Email']);
      const registration = key(values['Vehicle.RegistrationNumber']);
      const driverKey = `${registration}|${key(values['Driver.IdNumber'])}`;
      const stored = snapshots[index]!;
      const earlierVehicle = fileVehicles.get(registration);
      const holder = fileHolders.get(email) ?? stored.holder;
      const idOwner = fileIdNumbers.get(key(values['Holder.IdNumber']));
      const snapshot: RowSnapshot = {
        ...(holder ? { holder } : {}),
        idNumberTaken: !holder && (stored.idNumberTaken || (idOwner !== undefined && idOwner !== email)),
        ...(earlierVehicle
          ? { vehicle: earlierVehicle.vehicle }
          : stored.vehicle
            ? { vehicle: stored.vehicle }
            : {}),
        ...((fileDrivers.get(driverKey) ?? stored.driver)
          ? { driver: (fileDrivers.get(driverKey) ?? stored.driver)! }
          : {}),
      };
      const decision = decideRow(values, snapshot);
      const errors = { ...decision.errors, ...row.errors };
      // The same vehicle twice in one file: a repeat changes nothing or it contradicts the first.
      if (
        earlierVehicle &&
        hasVehicle(values) &&
        decision.vehicle !== 'none' &&
        !errors['Vehicle.RegistrationNumber']
      )
        errors['Vehicle.RegistrationNumber'] = [IMPORT_MESSAGES.duplicateRegistration(earlierVehicle.row)];
      const plan = planOf(decision, errors);
      planned.push({ rowNumber: row.rowNumber, cells: row.cells, values, errors, plan });
      if (plan === 'Invalid') return;

      const holderId = holder?.id ?? -row.rowNumber;
      fileHolders.set(email, {
        id: holderId,
        idNumber: values['Holder.IdNumber'] ?? '',
        phoneNumber: storedPhoneNumber(values['Holder.PhoneNumber'] ?? ''),
        isAccountHolder: true,
        inScope: true,
        linked: true,
      });
      fileIdNumbers.set(key(values['Holder.IdNumber']), email);
      if (hasVehicle(values)) {
        const vehicleId = snapshot.vehicle?.id ?? -row.rowNumber;
        if (!earlierVehicle)
          fileVehicles.set(registration, {
            row: row.rowNumber,
            vehicle: {
              id: vehicleId,
              userId: holderId,
              registrationYear: values['Vehicle.RegistrationYear'] ?? '',
              vehicleColour: values['Vehicle.Colour'] ?? '',
              vinNumber: values['Vehicle.VinNumber'] ?? null,
              engineNumber: values['Vehicle.EngineNumber'] ?? null,
            },
          });
        if (values['Driver.IdNumber'])
          fileDrivers.set(driverKey, {
            id: snapshot.driver?.id ?? -row.rowNumber,
            email: values['Driver.Email'] ?? '',
            phoneNumber: storedPhoneNumber(values['Driver.PhoneNumber'] ?? ''),
          });
      }
    });
    await yieldToOthers();
  }
  return planned;
}
