/*
 * The import template a person fills in: its columns under the preview's labels, one example row
 * and what each column accepts. The example is fictional (example.com addresses) and valid by the
 * forms' rules, so a person sees each format; the import skips it while it is word for word the
 * example, so a template uploaded without deleting it creates no fake customer, and a row a
 * person has typed over it is imported like any other.
 */
import { IMPORT_FIELDS } from './contract/imports';
import type { ImportField } from './contract/imports';
import { OLDER_THAN_1999, REGISTRATION_YEARS_BACK } from './onboarding-rules';

/** The name the .xlsx template is saved under. */
export const IMPORT_TEMPLATE_XLSX_FILE_NAME = 'Sentinel-import-template.xlsx';

export const IMPORT_TEMPLATE_TEXT = {
  /** The first sheet: the one the import reads. */
  rowsSheet: 'Import',
  /** The second sheet: what each column accepts. */
  columnsSheet: 'Columns',
  /** The third sheet: the vehicles the 'Vehicle: make and model' column accepts. */
  vehiclesSheet: 'Vehicles',
  /** The note row on top of the second sheet, and the note on the example row's first cell. */
  exampleNote:
    "Row 2 of the sheet 'Import' is an example. The import skips it while it is unchanged: type your first row over it or delete it. Only the sheet 'Import' is imported.",
  /** The second sheet's header row. */
  columnsHeaders: ['Column', 'Required', 'Accepted values', 'Example'],
  /** The third sheet's header row. */
  vehiclesHeader: 'Vehicle: make and model',
  /** The message of the example row in the preview and the report. */
  exampleSkipped: "The template's example row: it is not imported",
} as const;

/** The example row, one value per column. */
export const IMPORT_TEMPLATE_EXAMPLE: Readonly<Record<ImportField, string>> = {
  'Holder.FirstName': 'Thandi',
  'Holder.LastName': 'Example',
  'Holder.Email': 'thandi.example@example.com',
  'Holder.PhoneNumber': '0821234567',
  'Holder.IdNumberIsSouthAfrican': 'Yes',
  'Holder.IdNumber': '8001015009087',
  'Driver.FirstName': 'Sipho',
  'Driver.LastName': 'Example',
  'Driver.Email': 'sipho.example@example.com',
  'Driver.PhoneNumber': '0831234567',
  'Driver.IdNumberIsSouthAfrican': 'No',
  'Driver.IdNumber': 'A12345678',
  'Vehicle.Vehicle': 'Toyota Corolla 1.8 XS',
  'Vehicle.RegistrationYear': '2021',
  'Vehicle.RegistrationNumber': 'CA 123-456',
  'Vehicle.Colour': 'White',
  'Vehicle.VinNumber': 'AHTBB3CD001234567',
  'Vehicle.EngineNumber': '2ZR1234567',
};

/** The fields a file must have a column for (the account holder form's five). */
export const IMPORT_REQUIRED_FIELDS: readonly ImportField[] = [
  'Holder.FirstName',
  'Holder.LastName',
  'Holder.Email',
  'Holder.PhoneNumber',
  'Holder.IdNumber',
];

const NAME = 'Text, up to 100 characters';
const EMAIL = 'An email address, e.g. name@example.co.za';
const PHONE = 'A South African cellphone number: 10 digits starting with 0, or 9 without it';
const SOUTH_AFRICAN = 'Yes or No; empty means Yes';
const ID_NUMBER =
  'With Yes: the 13-digit South African ID number. With No: the passport number (letters and digits)';

/** What a column accepts, as the second sheet says it. */
export interface ImportTemplateColumn {
  key: ImportField;
  label: string;
  required: 'Yes' | 'No' | 'With a driver' | 'With a vehicle';
  accepted: string;
  example: string;
}

/** Every column of the template, in its order, with what it accepts (the years depend on today). */
export function importTemplateColumns(now: Date = new Date()): ImportTemplateColumn[] {
  const year = now.getFullYear();
  const accepted: Record<ImportField, [ImportTemplateColumn['required'], string]> = {
    'Holder.FirstName': ['Yes', NAME],
    'Holder.LastName': ['Yes', NAME],
    'Holder.Email': [
      'Yes',
      `${EMAIL}. A holder already imported is matched by it: their other rows add vehicles`,
    ],
    'Holder.PhoneNumber': ['Yes', PHONE],
    'Holder.IdNumberIsSouthAfrican': ['No', SOUTH_AFRICAN],
    'Holder.IdNumber': ['Yes', ID_NUMBER],
    'Driver.FirstName': ['With a driver', `${NAME}. Leave every Driver column empty for no driver`],
    'Driver.LastName': ['With a driver', NAME],
    'Driver.Email': ['With a driver', EMAIL],
    'Driver.PhoneNumber': ['With a driver', PHONE],
    'Driver.IdNumberIsSouthAfrican': ['No', SOUTH_AFRICAN],
    'Driver.IdNumber': ['With a driver', ID_NUMBER],
    'Vehicle.Vehicle': [
      'With a vehicle',
      `A make and model exactly as listed on the sheet '${IMPORT_TEMPLATE_TEXT.vehiclesSheet}' (any case). Leave every Vehicle column empty for no vehicle; a driver needs a vehicle`,
    ],
    'Vehicle.RegistrationYear': [
      'With a vehicle',
      `A year from ${year - REGISTRATION_YEARS_BACK} to ${year}, or '${OLDER_THAN_1999}'`,
    ],
    'Vehicle.RegistrationNumber': [
      'With a vehicle',
      'The number plate as written on it; a vehicle already imported is matched by it',
    ],
    'Vehicle.Colour': ['With a vehicle', 'Text, e.g. White'],
    'Vehicle.VinNumber': ['No', 'Text; may be empty'],
    'Vehicle.EngineNumber': ['No', 'Text; may be empty'],
  };
  return IMPORT_FIELDS.map((field) => {
    const [required, text] = accepted[field.key];
    return {
      key: field.key,
      label: field.label,
      required,
      accepted: text,
      example: IMPORT_TEMPLATE_EXAMPLE[field.key],
    };
  });
}

/**
 * Whether a row is the template's example, unchanged: every example value in its column (any
 * case, spaces around ignored) and no other value. A row with any value typed over is a real row.
 */
export function isImportTemplateExample(values: Partial<Record<ImportField, string>>): boolean {
  return IMPORT_FIELDS.every(
    (field) =>
      (values[field.key] ?? '').trim().toLowerCase() === IMPORT_TEMPLATE_EXAMPLE[field.key].toLowerCase(),
  );
}
