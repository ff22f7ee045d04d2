/*
 * Bulk import of account holders, drivers and vehicles from a spreadsheet: the columns a file may
 * hold, the job the server runs, its rows' outcomes, and the words a person reads about them.
 */
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { ROLE } from '../roles';
import type { RoleName } from '../roles';
import { MAX_LENGTH, MAX_PAGE_INDEX } from '../limits';
import { Nullable, PageSchema, ref } from './common';

/** Who may import: Admins anywhere, Company-Admins into their own companies. */
export const IMPORT_ROLES: readonly RoleName[] = [ROLE.admin, ROLE.companyAdmin];

/** The largest file the import takes (20 MB holds well over 50,000 rows). */
export const IMPORT_MAX_FILE_BYTES = 20 * 1024 * 1024;

/**
 * The columns of the template, in its order. Keys are the account holder form's, the driver
 * step's and the vehicle step's field names, prefixed by whose they are; labels are the forms'.
 */
export const IMPORT_FIELDS = [
  { key: 'Holder.FirstName', label: 'Account holder: Name' },
  { key: 'Holder.LastName', label: 'Account holder: Surname' },
  { key: 'Holder.Email', label: 'Account holder: Email address' },
  { key: 'Holder.PhoneNumber', label: 'Account holder: Cellphone number' },
  { key: 'Holder.IdNumberIsSouthAfrican', label: 'Account holder: Has a South African ID' },
  { key: 'Holder.IdNumber', label: 'Account holder: South African ID Number or Passport Number' },
  { key: 'Driver.FirstName', label: 'Driver: Name' },
  { key: 'Driver.LastName', label: 'Driver: Surname' },
  { key: 'Driver.Email', label: 'Driver: Email address' },
  { key: 'Driver.PhoneNumber', label: 'Driver: Cellphone number' },
  { key: 'Driver.IdNumberIsSouthAfrican', label: 'Driver: Has a South African ID' },
  { key: 'Driver.IdNumber', label: 'Driver: South African ID Number or Passport Number' },
  { key: 'Vehicle.Vehicle', label: 'Vehicle: make and model' },
  { key: 'Vehicle.RegistrationYear', label: 'Vehicle: Year' },
  { key: 'Vehicle.RegistrationNumber', label: 'Vehicle: Registration number' },
  { key: 'Vehicle.Colour', label: 'Vehicle: Colour' },
  { key: 'Vehicle.VinNumber', label: 'Vehicle: VIN number' },
  { key: 'Vehicle.EngineNumber', label: 'Vehicle: Engine number' },
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number]['key'];
export const IMPORT_FIELD_KEYS: readonly ImportField[] = IMPORT_FIELDS.map((field) => field.key);

/** The name the CSV template (the fields' keys as headers, for scripts) is saved under. */
export const IMPORT_TEMPLATE_FILE_NAME = 'Sentinel-import-template.csv';

export const IMPORT_MESSAGES = {
  fileTooLarge: 'The file is larger than 20 MB. Please split it into smaller files.',
  fileType: 'Please upload a CSV file (.csv) or an Excel workbook (.xlsx)',
  noRows: 'The file has no rows below its header row',
  emptyFile: 'The file is empty',
  tooManyRows: (max: number) =>
    `The file has more than ${max} rows below its header row. Please split it into smaller files`,
  cellTooLong: (row: number, max: number) =>
    `${row === 0 ? 'The header row' : `Row ${row}`} has a cell longer than ${max} characters`,
  unpackedTooLarge: (maxBytes: number) =>
    `The file unpacks to more than ${maxBytes >= 1024 * 1024 ? `${Math.floor(maxBytes / (1024 * 1024))} MB` : `${Math.ceil(maxBytes / 1024)} KB`}. Please split it into smaller files`,
  previewExpired: 'This preview has expired. Please upload the file again',
  rowsPerDay: (max: number) =>
    `Your imports may check ${max} rows a day. Please try again tomorrow or ask an Admin`,
  unreadable: 'The file could not be read. Please save it again as CSV or .xlsx',
  formulaWithoutValue: 'This cell holds a formula without a saved value. Please paste the value instead',
  mappingRequired: 'Choose a column for every required field',
  duplicateRegistration: (row: number) => `This registration number is already on row ${row}`,
  registrationOfOtherHolder: 'This registration number belongs to another account holder',
  idNumberMismatch: 'This ID number differs from the account holder with this email address',
  idNumberInUse: 'This ID number belongs to another account holder',
  emailNotAccountHolder: 'This email address belongs to a user who is not an account holder',
  // A Company-Admin's answers for a clash with a record they may not see: the same words whether
  // it is in one of their companies or not, so a preview cannot tell who exists elsewhere.
  emailUnavailable: 'This email address cannot be used for this company',
  idNumberUnavailable: 'This ID number cannot be used for this company',
  registrationUnavailable: 'This registration number cannot be used for this company',
  yesOrNo: 'Please answer Yes or No',
  driverWithoutVehicle: 'A driver needs a vehicle on the same row',
  chooseCompany: 'Please choose one of your companies',
  notPreviewed: 'This import has already started',
  linkSent: 'Password creation link sent',
  linkThrottled: 'Password creation link not sent: too many links at once. Resend it from the account',
  linkNotSent: 'Password creation link not sent',
} as const;

/** Previewed (nothing written yet), Running, then Completed, Cancelled or Failed. */
export const ImportStatusSchema = Type.Union([
  Type.Literal('Previewed'),
  Type.Literal('Running'),
  Type.Literal('Completed'),
  Type.Literal('Cancelled'),
  Type.Literal('Failed'),
]);
export type ImportStatus = Static<typeof ImportStatusSchema>;

/** What the preview expects of a row. */
export const ImportPlanSchema = Type.Union([
  Type.Literal('New'),
  Type.Literal('Updated'),
  Type.Literal('Unchanged'),
  Type.Literal('Invalid'),
]);
export type ImportPlan = Static<typeof ImportPlanSchema>;

/** What the import did with a row; null until it reaches the row (or when it was cancelled first). */
export const ImportOutcomeSchema = Type.Union([
  Type.Literal('Created'),
  Type.Literal('Updated'),
  Type.Literal('Unchanged'),
  Type.Literal('Invalid'),
  Type.Literal('Failed'),
]);
export type ImportOutcome = Static<typeof ImportOutcomeSchema>;

const Count = Type.Integer({ minimum: 0 });

/**
 * The file's column (0-based) chosen for each field; a field left out has no column. (Not a null:
 * a server that coerces types, as Fastify's Ajv does, turns null into 0 and 0 into null.)
 */
export const ImportMappingSchema = Type.Record(Type.String(), Type.Integer({ minimum: 0 }));
export type ImportMapping = Partial<Record<ImportField, number>>;

/** An import: the file, its mapping, the preview's counts, and the run's progress and results. */
export const ImportJobSchema = Type.Object(
  {
    id: Type.Integer(),
    fileName: Type.String(),
    status: ImportStatusSchema,
    companyId: Nullable(Type.Integer()),
    headers: Type.Array(Type.String(), { description: "The file's header row." }),
    mapping: ImportMappingSchema,
    totalRows: Type.Integer({ minimum: 0 }),
    preview: Type.Object({ new: Count, updated: Count, unchanged: Count, invalid: Count }),
    rowsDone: Type.Integer({ minimum: 0, description: 'Rows the run has finished, of totalRows.' }),
    result: Type.Object({
      created: Count,
      updated: Count,
      unchanged: Count,
      invalid: Count,
      failed: Count,
    }),
    ratePerSecond: Nullable(Type.Number({ description: 'Rows per second since the run (re)started.' })),
    secondsLeft: Nullable(Type.Number({ description: 'At that rate; null until known.' })),
    sendPasswordLinks: Type.Boolean(),
    createdOnDateTime: Type.String(),
    finishedOnDateTime: Nullable(Type.String()),
  },
  { $id: 'ImportJob' },
);
export type ImportJob = Static<typeof ImportJobSchema>;

/** POST /Imports body: the file, as base64, and where its holders belong. */
export const CreateImportRequestSchema = Type.Object({
  fileName: Type.String({
    minLength: 1,
    maxLength: MAX_LENGTH.fileName,
    description: 'Ends in .csv or .xlsx.',
  }),
  content: Type.String({ description: "The file's bytes, base64." }),
  // Left out rather than null: Fastify's Ajv would coerce a null to company 0.
  companyId: Type.Optional(
    Type.Integer({ description: 'Required for a Company-Admin; new holders are linked to it.' }),
  ),
});
export type CreateImportRequest = Static<typeof CreateImportRequestSchema>;

/** PUT /Imports/{id}/Mapping body. */
export const ImportMappingRequestSchema = Type.Object({ mapping: ImportMappingSchema });

/** POST /Imports/{id}/Start body. */
export const StartImportRequestSchema = Type.Object({
  sendPasswordLinks: Type.Boolean({ description: 'E-mail new account holders a password-creation link.' }),
});

/** One row of the file, with its mapped values, per-cell errors, plan and outcome. */
export const ImportRowSchema = Type.Object(
  {
    rowNumber: Type.Integer({ minimum: 1, description: 'The row below the header, 1-based.' }),
    values: Type.Record(Type.String(), Type.String()),
    errors: Type.Record(Type.String(), Type.Array(Type.String())),
    plan: ImportPlanSchema,
    outcome: Nullable(ImportOutcomeSchema),
    message: Nullable(Type.String()),
  },
  { $id: 'ImportRow' },
);
export type ImportRow = Static<typeof ImportRowSchema>;

export const ImportRowPageSchema = PageSchema(ref(ImportRowSchema));

/** Rows a page of GET /Imports/{id}/Rows holds unless asked otherwise, and at the most. */
export const IMPORT_ROWS_PAGE_SIZE = 200;
export const IMPORT_ROWS_MAX_PAGE_SIZE = 1000;

/** GET /Imports/{id}/Rows query: every row can be reached, a bounded page at a time. */
export const ImportRowsQuerySchema = Type.Object({
  $pagesize: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: IMPORT_ROWS_MAX_PAGE_SIZE,
      description: `@default ${IMPORT_ROWS_PAGE_SIZE}`,
    }),
  ),
  $pageindex: Type.Optional(
    Type.Integer({ minimum: 0, maximum: MAX_PAGE_INDEX, description: '0-based; @default 0' }),
  ),
  errorsOnly: Type.Optional(Type.Boolean({ description: 'Only rows with errors; @default false' })),
});
export type ImportRowsQuery = Static<typeof ImportRowsQuerySchema>;

/** The name a job's rows with errors are saved under. */
export const importErrorsFileName = (jobId: number) => `Import-${jobId}-errors.csv`;
/** The name a job's report is saved under. */
export const importReportFileName = (jobId: number) => `Import-${jobId}-report.csv`;
