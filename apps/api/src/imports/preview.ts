/*
 * The preview: every row mapped, checked by the forms' rules and decided against what the database
 * holds and what the file's earlier rows will have added, a chunk of rows at a time (one lookup
 * per table per chunk), yielding between chunks so other requests are answered meanwhile. The run
 * decides its batches with the same FileOverlay, so what the preview promises is what the run does.
 */
import { setImmediate as yieldToOthers } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { IMPORT_MESSAGES, IMPORT_TEMPLATE_TEXT, isImportTemplateExample } from '@sentinel/domain';
import type { FieldErrors, ImportMapping, ImportPlan } from '@sentinel/domain';
import type { Database } from '../db/schema';
import { storedPhoneNumber } from '../routes/schemas';
import type { Cell } from './read-file';
import { checkRow, decideRow, hasVehicle, mapRow, planOf } from './row-rules';
import type { Catalogue, RowDecision, RowSnapshot, RowValues } from './row-rules';
import { loadSnapshots } from './row-snapshots';
import type { SnapshotContext } from './row-snapshots';

export interface PlannedRow {
  rowNumber: number;
  cells: Cell[];
  values: RowValues;
  errors: FieldErrors;
  plan: ImportPlan;
  /** Said of the row before the run: the template's example row is skipped. */
  message: string | null;
}

/** A row decided against the database with the file's earlier rows laid over it. */
export interface DecidedRow {
  snapshot: RowSnapshot;
  decision: RowDecision;
  errors: FieldErrors;
  plan: ImportPlan;
}

const CHUNK = 250;
const exampleSkipped = IMPORT_TEMPLATE_TEXT.exampleSkipped;
const key = (value: string | undefined) => (value ?? '').trim().toLowerCase();

/**
 * What the file's earlier valid rows will have written, as later rows find it. What they create
 * has the id -rowNumber of the row creating it until it is written (see write-rows.ts).
 */
export class FileOverlay {
  private readonly holders = new Map<string, NonNullable<RowSnapshot['holder']>>();
  private readonly idNumbers = new Map<string, string>();
  private readonly vehicles = new Map<
    string,
    { row: number; vehicle: NonNullable<RowSnapshot['vehicle']> }
  >();
  private readonly drivers = new Map<string, NonNullable<RowSnapshot['driver']>>();

  /** `seesAll`: the importer sees every record (an Admin); see decideRow. */
  constructor(private readonly seesAll: boolean) {}

  /** Decides the row against `stored` (the database's snapshot) and, when valid, records it. */
  decide(rowNumber: number, values: RowValues, rowErrors: FieldErrors, stored: RowSnapshot): DecidedRow {
    const email = key(values['Holder.Email']);
    const registration = key(values['Vehicle.RegistrationNumber']);
    const driverKey = `${registration}|${key(values['Driver.IdNumber'])}`;
    const earlierVehicle = this.vehicles.get(registration);
    const holder = this.holders.get(email) ?? stored.holder;
    const idOwner = this.idNumbers.get(key(values['Holder.IdNumber']));
    const vehicle = earlierVehicle?.vehicle ?? stored.vehicle;
    const driver = this.drivers.get(driverKey) ?? stored.driver;
    const snapshot: RowSnapshot = {
      ...(holder ? { holder } : {}),
      idNumberTaken: !holder && (stored.idNumberTaken || (idOwner !== undefined && idOwner !== email)),
      ...(vehicle ? { vehicle } : {}),
      ...(driver ? { driver } : {}),
    };
    const decision = decideRow(values, snapshot, this.seesAll);
    const errors = { ...decision.errors, ...rowErrors };
    // The same vehicle twice in one file: a repeat changes nothing or it contradicts the first.
    if (
      earlierVehicle &&
      hasVehicle(values) &&
      decision.vehicle !== 'none' &&
      !errors['Vehicle.RegistrationNumber']
    )
      errors['Vehicle.RegistrationNumber'] = [IMPORT_MESSAGES.duplicateRegistration(earlierVehicle.row)];
    const plan = planOf(decision, errors);
    if (plan !== 'Invalid') this.record(rowNumber, values, snapshot, earlierVehicle !== undefined);
    return { snapshot, decision, errors, plan };
  }

  private record(rowNumber: number, values: RowValues, snapshot: RowSnapshot, repeat: boolean): void {
    const email = key(values['Holder.Email']);
    const holderId = snapshot.holder?.id ?? -rowNumber;
    this.holders.set(email, {
      id: holderId,
      idNumber: values['Holder.IdNumber'] ?? '',
      phoneNumber: storedPhoneNumber(values['Holder.PhoneNumber'] ?? ''),
      isAccountHolder: true,
      inScope: true,
      linked: true,
    });
    this.idNumbers.set(key(values['Holder.IdNumber']), email);
    if (!hasVehicle(values)) return;
    const registration = key(values['Vehicle.RegistrationNumber']);
    const vehicleId = snapshot.vehicle?.id ?? -rowNumber;
    if (!repeat)
      this.vehicles.set(registration, {
        row: rowNumber,
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
      this.drivers.set(`${registration}|${key(values['Driver.IdNumber'])}`, {
        id: snapshot.driver?.id ?? -rowNumber,
        email: values['Driver.Email'] ?? '',
        phoneNumber: storedPhoneNumber(values['Driver.PhoneNumber'] ?? ''),
      });
  }
}

export async function planRows(
  db: Kysely<Database>,
  rows: readonly Cell[][],
  mapping: ImportMapping,
  context: SnapshotContext,
  catalogue: Catalogue,
  now: Date = new Date(),
): Promise<PlannedRow[]> {
  const overlay = new FileOverlay(context.scope.kind === 'all');
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
      const { rowNumber, cells, values } = row;
      // The example changes nothing and is not recorded: a later row with its e-mail is a new holder.
      if (isImportTemplateExample(values))
        planned.push({ rowNumber, cells, values, errors: {}, plan: 'Unchanged', message: exampleSkipped });
      else {
        const { errors, plan } = overlay.decide(rowNumber, values, row.errors, snapshots[index]!);
        planned.push({ rowNumber, cells, values, errors, plan, message: null });
      }
    });
    await yieldToOthers();
  }
  return planned;
}
