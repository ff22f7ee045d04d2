/*
 * What a row of an import means: its values under the mapping, its errors by the same domain rules
 * the forms use, and, given what the database already holds, whether it creates, changes or
 * leaves alone its account holder, driver and vehicle. The preview and the run both decide with
 * decideRow, so what the preview promises is what the run does.
 */
import {
  IMPORT_FIELDS,
  IMPORT_MESSAGES,
  ONBOARDING_MESSAGES,
  validateAccountHolder,
  validateDriver,
  validateVehicleDetails,
} from '@sentinel/domain';
import type { FieldErrors, ImportField, ImportMapping, ImportPlan, VehicleType } from '@sentinel/domain';
import { storedPhoneNumber } from '../routes/schemas';
import type { Cell } from './read-file';

export type RowValues = Partial<Record<ImportField, string>>;

const normal = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

// Headers a person is likely to have written for a field, besides its key and label.
const ALIASES: Partial<Record<ImportField, readonly string[]>> = {
  'Holder.FirstName': ['name', 'firstname', 'accountholdername', 'holdername'],
  'Holder.LastName': ['surname', 'lastname', 'accountholdersurname', 'holdersurname'],
  'Holder.Email': ['email', 'emailaddress', 'accountholderemail', 'holderemail'],
  'Holder.PhoneNumber': ['phone', 'phonenumber', 'cellphone', 'cellphonenumber', 'mobile', 'holderphone'],
  'Holder.IdNumber': ['idnumber', 'id', 'southafricanidnumber', 'passportnumber', 'holderidnumber'],
  'Holder.IdNumberIsSouthAfrican': ['hassouthafricanid', 'idnumberissouthafrican', 'said'],
  'Driver.FirstName': ['drivername', 'driverfirstname'],
  'Driver.LastName': ['driversurname', 'driverlastname'],
  'Driver.Email': ['driveremail', 'driveremailaddress'],
  'Driver.PhoneNumber': ['driverphone', 'driverphonenumber', 'drivercellphone', 'drivercellphonenumber'],
  'Driver.IdNumber': ['driveridnumber', 'driverid', 'driverpassportnumber'],
  'Driver.IdNumberIsSouthAfrican': ['driverhassouthafricanid', 'driversaid'],
  'Vehicle.Vehicle': ['vehicle', 'makeandmodel', 'makemodel', 'vehiclemakeandmodel'],
  'Vehicle.RegistrationYear': ['year', 'registrationyear', 'vehicleyear'],
  'Vehicle.RegistrationNumber': ['registration', 'registrationnumber', 'reg', 'regnumber', 'numberplate'],
  'Vehicle.Colour': ['colour', 'color', 'vehiclecolour'],
  'Vehicle.VinNumber': ['vin', 'vinnumber'],
  'Vehicle.EngineNumber': ['enginenumber', 'engine'],
};

/**
 * A column per field, matched on the template's headers (the preview's labels), the fields' keys
 * (the headers of templates before them, and of the CSV template for scripts) and common names.
 */
export function suggestMapping(headers: readonly string[]): ImportMapping {
  const normalised = headers.map(normal);
  const mapping: ImportMapping = {};
  const taken = new Set<number>();
  for (const field of IMPORT_FIELDS) {
    const names = [normal(field.key), normal(field.label), ...(ALIASES[field.key] ?? [])];
    const column = normalised.findIndex((header, index) => !taken.has(index) && names.includes(header));
    if (column === -1) continue;
    mapping[field.key] = column;
    taken.add(column);
  }
  return mapping;
}

/** The row's values under the mapping, and the fields whose cell is a formula without a value. */
export function mapRow(
  cells: readonly Cell[],
  mapping: ImportMapping,
): { values: RowValues; formulas: ImportField[] } {
  const values: RowValues = {};
  const formulas: ImportField[] = [];
  for (const field of IMPORT_FIELDS) {
    const column = mapping[field.key];
    if (column === undefined) continue;
    const cell = cells[column];
    if (cell === null) formulas.push(field.key);
    values[field.key] = (cell ?? '').trim();
  }
  return { values, formulas };
}

const YES = new Set(['', 'yes', 'y', 'true', '1', 'sa']);
const NO = new Set(['no', 'n', 'false', '0']);

/** 'Has a South African ID': empty means yes (the form's default); undefined when neither. */
export function southAfrican(value: string | undefined): boolean | undefined {
  const text = (value ?? '').trim().toLowerCase();
  if (YES.has(text)) return true;
  if (NO.has(text)) return false;
  return undefined;
}

const get = (values: RowValues, field: ImportField) => values[field] ?? '';
const anyOf = (values: RowValues, prefix: 'Driver.' | 'Vehicle.') =>
  IMPORT_FIELDS.some((field) => field.key.startsWith(prefix) && get(values, field.key) !== '');

export const hasDriver = (values: RowValues) => anyOf(values, 'Driver.');
export const hasVehicle = (values: RowValues) => anyOf(values, 'Vehicle.');

/** The catalogue entry a row's vehicle text names (make and variant, any case). */
export type Catalogue = ReadonlyMap<string, VehicleType>;
export const catalogueKey = (text: string) => text.trim().toLowerCase();

function prefixed(prefix: string, errors: FieldErrors, into: FieldErrors): void {
  for (const [field, messages] of Object.entries(errors)) into[`${prefix}${field}`] = messages;
}

/** Every error of the row by the forms' rules, keyed by field (e.g. 'Holder.Email'). */
export function checkRow(
  values: RowValues,
  formulas: readonly ImportField[],
  catalogue: Catalogue,
  now: Date = new Date(),
): FieldErrors {
  const errors: FieldErrors = {};
  const holderSa = southAfrican(values['Holder.IdNumberIsSouthAfrican']);
  prefixed(
    'Holder.',
    validateAccountHolder({
      FirstName: get(values, 'Holder.FirstName'),
      LastName: get(values, 'Holder.LastName'),
      Email: get(values, 'Holder.Email'),
      PhoneNumber: get(values, 'Holder.PhoneNumber'),
      IdNumber: get(values, 'Holder.IdNumber'),
      IdNumberIsSouthAfrican: holderSa ?? true,
    }),
    errors,
  );
  if (holderSa === undefined) errors['Holder.IdNumberIsSouthAfrican'] = [IMPORT_MESSAGES.yesOrNo];

  if (hasDriver(values)) {
    const driverSa = southAfrican(values['Driver.IdNumberIsSouthAfrican']);
    prefixed(
      'Driver.',
      validateDriver({
        FirstName: get(values, 'Driver.FirstName'),
        LastName: get(values, 'Driver.LastName'),
        Email: get(values, 'Driver.Email'),
        PhoneNumber: get(values, 'Driver.PhoneNumber'),
        IdNumber: get(values, 'Driver.IdNumber'),
        IdNumberIsSouthAfrican: driverSa ?? true,
      }),
      errors,
    );
    if (driverSa === undefined) errors['Driver.IdNumberIsSouthAfrican'] = [IMPORT_MESSAGES.yesOrNo];
  }

  if (hasVehicle(values)) {
    const text = get(values, 'Vehicle.Vehicle');
    const type = catalogue.get(catalogueKey(text));
    const vehicleErrors = validateVehicleDetails(
      {
        vehicle: text,
        vehicleTypeId: type?.id ?? 0,
        registrationYear: get(values, 'Vehicle.RegistrationYear'),
        registrationNumber: get(values, 'Vehicle.RegistrationNumber'),
        colour: get(values, 'Vehicle.Colour'),
      },
      now,
    );
    // The form offers only listed vehicles; a file can name any, so it hears the search's words.
    if (text !== '' && !type) vehicleErrors.Vehicle = [ONBOARDING_MESSAGES.vehicleNotListed];
    prefixed('Vehicle.', vehicleErrors, errors);
  } else if (hasDriver(values)) {
    errors['Vehicle.Vehicle'] = [IMPORT_MESSAGES.driverWithoutVehicle];
  }

  for (const field of formulas) errors[field] = [IMPORT_MESSAGES.formulaWithoutValue];
  return errors;
}

/** What the database holds that a row touches (or what earlier rows of the file will have added). */
export interface RowSnapshot {
  /** The user with the row's e-mail, if any. */
  holder?: {
    id: number;
    idNumber: string | null;
    phoneNumber: string;
    isAccountHolder: boolean;
    /** Whether the importer may see them (a Company-Admin: linked to one of their companies). */
    inScope: boolean;
    /** Whether they are linked to the import's company (always true without one). */
    linked: boolean;
  };
  /** Another account holder has the row's ID number (only looked up for a new holder). */
  idNumberTaken: boolean;
  /** The vehicle with the row's registration, if any. */
  vehicle?: {
    id: number;
    userId: number;
    registrationYear: string;
    vehicleColour: string;
    vinNumber: string | null;
    engineNumber: string | null;
  };
  /** The vehicle's driver with the row's driver ID number, if any. */
  driver?: { id: number; email: string; phoneNumber: string };
}

export type Change = 'create' | 'update' | 'none';

export interface RowDecision {
  errors: FieldErrors;
  holder: Change;
  vehicle: Change;
  driver: Change;
}

const same = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();
const optional = (value: string | undefined) =>
  value === undefined || value.trim() === '' ? null : value.trim();

/**
 * What the row does given the snapshot; a row with errors does nothing. `seesAll` is false for a
 * Company-Admin: a clash with a record they may not see, or with an ID number or a registration
 * (which may be anyone's), gets the same words wherever the record is, so the preview does not
 * tell who exists in other companies.
 */
export function decideRow(values: RowValues, snapshot: RowSnapshot, seesAll = true): RowDecision {
  const errors: FieldErrors = {};
  let holder: Change = 'create';
  const existing = snapshot.holder;
  if (existing) {
    if (!seesAll && !existing.inScope) errors['Holder.Email'] = [IMPORT_MESSAGES.emailUnavailable];
    else if (!existing.isAccountHolder) errors['Holder.Email'] = [IMPORT_MESSAGES.emailNotAccountHolder];
    else if (!same(existing.idNumber, values['Holder.IdNumber']))
      errors['Holder.IdNumber'] = [IMPORT_MESSAGES.idNumberMismatch];
    holder =
      existing.phoneNumber !== storedPhoneNumber(values['Holder.PhoneNumber'] ?? '') || !existing.linked
        ? 'update'
        : 'none';
  } else if (snapshot.idNumberTaken) {
    errors['Holder.IdNumber'] = [
      seesAll ? IMPORT_MESSAGES.idNumberInUse : IMPORT_MESSAGES.idNumberUnavailable,
    ];
  }

  let vehicle: Change = 'none';
  let driver: Change = 'none';
  if (hasVehicle(values)) {
    const found = snapshot.vehicle;
    if (!found) vehicle = 'create';
    else if (!existing || found.userId !== existing.id)
      errors['Vehicle.RegistrationNumber'] = [
        seesAll ? IMPORT_MESSAGES.registrationOfOtherHolder : IMPORT_MESSAGES.registrationUnavailable,
      ];
    else
      vehicle =
        found.registrationYear !== values['Vehicle.RegistrationYear'] ||
        !same(found.vehicleColour, values['Vehicle.Colour']) ||
        !same(found.vinNumber, optional(values['Vehicle.VinNumber'])) ||
        !same(found.engineNumber, optional(values['Vehicle.EngineNumber']))
          ? 'update'
          : 'none';
    if (hasDriver(values)) {
      const current = vehicle === 'create' ? undefined : snapshot.driver;
      driver = !current
        ? 'create'
        : !same(current.email, values['Driver.Email']) ||
            current.phoneNumber !== storedPhoneNumber(values['Driver.PhoneNumber'] ?? '')
          ? 'update'
          : 'none';
    }
  }
  return { errors, holder, vehicle, driver };
}

/** The preview's word for a decision. */
export function planOf(decision: RowDecision, rowErrors: FieldErrors): ImportPlan {
  if (Object.keys(rowErrors).length > 0 || Object.keys(decision.errors).length > 0) return 'Invalid';
  const changes = [decision.holder, decision.vehicle, decision.driver];
  if (changes.includes('create')) return 'New';
  if (changes.includes('update')) return 'Updated';
  return 'Unchanged';
}
