import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import {
  IMPORT_FIELD_KEYS,
  IMPORT_FIELDS,
  IMPORT_MAX_FILE_BYTES,
  IMPORT_MESSAGES,
  MAX_LENGTH,
  MAX_PAGE_INDEX,
  MESSAGES,
  ONBOARDING_MESSAGES,
  IMPORT_TEMPLATE_EXAMPLE,
  IMPORT_TEMPLATE_TEXT,
} from '@sentinel/domain';
import type { ImportJob, ImportRow, Page, Vehicle } from '@sentinel/domain';
import { sql } from 'kysely';
import { dialectOf } from '../db/database';
import { build } from '../index';
import { demoTokens } from '../test-support/demo-tokens';
import { workbookBomb } from '../test-support/workbook-bomb';
import { allowRowChecks, deleteExpiredPreviews, errorsCsv, findJob, reportCsv } from './import-jobs';
import { withImportTables } from './import-tables';
import { readImportFile } from './read-file';
import { sharedTemplateWorkbook } from './template-workbook';

let app: FastifyInstance;
const tokens: Record<string, string> = {};
let vehicleName = '';

// Small limits, so a file past each is small too (the largest other test file has 600 rows).
const LIMITS = {
  maxRows: 1_000,
  maxCellCharacters: 1_000,
  maxDecompressedBytes: 1024 * 1024,
  previewTtlSeconds: 3_600,
  companyAdminRowsPerDay: 60,
};

beforeAll(async () => {
  app = await build({ seed: true, importLimits: LIMITS });
  Object.assign(tokens, await demoTokens(app));
  const type = await app.db
    .selectFrom('vehicleTypes')
    .select('makeVariant')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  vehicleName = type.makeVariant;
});

afterAll(async () => {
  await app.close();
});

function call(method: 'GET' | 'POST' | 'PUT', url: string, role = 'Admin', payload?: object) {
  return app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${tokens[role]}` },
    ...(payload === undefined ? {} : { payload }),
  });
}

async function upload(fileName: string, content: Buffer | string, role = 'Admin', companyId?: number) {
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  return call('POST', '/Imports', role, {
    fileName,
    content: bytes.toString('base64'),
    ...(companyId === undefined ? {} : { companyId }),
  });
}

async function uploaded(fileName: string, content: Buffer | string, role = 'Admin', companyId?: number) {
  const response = await upload(fileName, content, role, companyId);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ImportJob>();
}

async function rows(jobId: number, query = ''): Promise<ImportRow[]> {
  const response = await call('GET', `/Imports/${jobId}/Rows?$pagesize=1000${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page<ImportRow>>().items;
}

/** Starts the job and waits for the run to end (the worker runs in this process). */
async function run(jobId: number, sendPasswordLinks = false, role = 'Admin'): Promise<ImportJob> {
  const response = await call('POST', `/Imports/${jobId}/Start`, role, { sendPasswordLinks });
  expect(response.statusCode, response.body).toBe(200);
  await app.importWorker.start(jobId);
  return (await call('GET', `/Imports/${jobId}`, role)).json<ImportJob>();
}

let serial = 0;
/** A valid row: a new holder, their driver and vehicle, all unique to this call. */
function goodRow(overrides: Partial<Record<string, string>> = {}): Record<string, string> {
  serial += 1;
  const n = String(serial).padStart(4, '0');
  const unique = `${Date.now() % 100000}${n}`;
  return {
    'Holder.FirstName': 'Lindiwe',
    'Holder.LastName': `Mokoena${n}`,
    'Holder.Email': `import.holder.${unique}@example.co.za`,
    'Holder.PhoneNumber': `082${String(serial).padStart(7, '0')}`,
    'Holder.IdNumberIsSouthAfrican': 'Yes',
    'Holder.IdNumber': `850203${n}083`,
    'Driver.FirstName': 'Sizwe',
    'Driver.LastName': `Dube${n}`,
    'Driver.Email': `import.driver.${unique}@example.co.za`,
    'Driver.PhoneNumber': `083${String(serial).padStart(7, '0')}`,
    'Driver.IdNumberIsSouthAfrican': 'No',
    'Driver.IdNumber': `P${unique}`,
    'Vehicle.Vehicle': vehicleName,
    'Vehicle.RegistrationYear': '2021',
    'Vehicle.RegistrationNumber': `IMP ${unique} GP`,
    'Vehicle.Colour': 'White',
    'Vehicle.VinNumber': '',
    'Vehicle.EngineNumber': '',
    ...overrides,
  };
}

/** The record's fields whose keys start with the prefix (a row's holder, to repeat on another row). */
const pick = (record: Record<string, string>, prefix: string) =>
  Object.fromEntries(Object.entries(record).filter(([field]) => field.startsWith(prefix)));

const csvOf = (records: Record<string, string>[], headers: readonly string[] = IMPORT_FIELD_KEYS) =>
  [
    headers.join(','),
    ...records.map((record) => headers.map((header) => record[header] ?? '').join(',')),
  ].join('\n');

async function vehiclesByRegistration(registration: string): Promise<Vehicle[]> {
  const filter = encodeURIComponent(`registrationNumber eq '${registration}'`);
  return (await call('GET', `/Vehicles?$filter=${filter}`)).json<Page<Vehicle>>().items;
}

describe('GET /Imports/Template', () => {
  it("answers a CSV whose header row is the holder's, driver's and vehicle's fields", async () => {
    const response = await call('GET', '/Imports/Template');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain('Sentinel-import-template.csv');
    expect(response.body.trim()).toBe(IMPORT_FIELD_KEYS.join(','));
  });

  it('answers the same CSV for format=csv, and refuses a format it does not make', async () => {
    const csv = await call('GET', '/Imports/Template?format=csv');
    expect(csv.body.trim()).toBe(IMPORT_FIELD_KEYS.join(','));
    expect((await call('GET', '/Imports/Template?format=pdf')).statusCode).toBe(400);
  });

  it('is refused to a Technical-Agent', async () => {
    expect((await call('GET', '/Imports/Template', 'Technical-Agent')).statusCode).toBe(403);
  });
});

describe('GET /Imports/Template?format=xlsx', () => {
  let bytes: Buffer;
  let workbook: ExcelJS.Workbook;
  const rowTexts = (sheet: ExcelJS.Worksheet, row: number) =>
    IMPORT_FIELDS.map((_, index) => sheet.getRow(row).getCell(index + 1).text);
  /** The users with this e-mail address. */
  const usersWithEmail = (email: string) =>
    app.db.selectFrom('users').select('id').where('email', '=', email).execute();

  beforeAll(async () => {
    const response = await call('GET', '/Imports/Template?format=xlsx');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toContain('Sentinel-import-template.xlsx');
    bytes = response.rawPayload;
    workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  });

  it("names its columns with the preview's labels, and holds one example row", () => {
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Import');
    expect(rowTexts(sheet, 1)).toEqual(IMPORT_FIELDS.map((field) => field.label));
    expect(rowTexts(sheet, 1)).toContain('Vehicle: make and model');
    expect(rowTexts(sheet, 2)).toEqual(IMPORT_FIELDS.map((field) => IMPORT_TEMPLATE_EXAMPLE[field.key]));
    expect(sheet.getRow(2).getCell(1).note).toBe(IMPORT_TEMPLATE_TEXT.exampleNote);
    expect(sheet.actualRowCount).toBe(2);
  });

  it('lists what each column accepts on a second sheet, and the vehicles on a third', () => {
    const columns = workbook.worksheets[1]!;
    expect(columns.name).toBe('Columns');
    expect(columns.getRow(1).getCell(1).text).toBe(IMPORT_TEMPLATE_TEXT.exampleNote);
    expect([1, 2, 3, 4].map((cell) => columns.getRow(2).getCell(cell).text)).toEqual([
      'Column',
      'Required',
      'Accepted values',
      'Example',
    ]);
    IMPORT_FIELDS.forEach((field, index) => {
      const row = columns.getRow(index + 3);
      expect(row.getCell(1).text).toBe(field.label);
      expect(['Yes', 'No', 'With a driver', 'With a vehicle']).toContain(row.getCell(2).text);
      expect(row.getCell(3).text.length).toBeGreaterThan(5);
      expect(row.getCell(4).text).toBe(IMPORT_TEMPLATE_EXAMPLE[field.key]);
    });
    const year = new Date().getFullYear();
    expect(columns.getRow(IMPORT_FIELD_KEYS.indexOf('Vehicle.RegistrationYear') + 3).getCell(3).text).toBe(
      `A year from ${year - 25} to ${year}, or 'Older than 1999'`,
    );
    const vehicles = workbook.worksheets[2]!;
    expect(vehicles.name).toBe('Vehicles');
    const listed = vehicles.getColumn(1).values.slice(2);
    expect(listed).toContain(vehicleName);
    expect(listed).toContain(IMPORT_TEMPLATE_EXAMPLE['Vehicle.Vehicle']);
  });

  it('uploaded unchanged, previews its example row with no errors, and imports nothing', async () => {
    const job = await uploaded('Sentinel-import-template.xlsx', bytes);
    expect(Object.keys(job.mapping).sort()).toEqual([...IMPORT_FIELD_KEYS].sort());
    expect(job.preview).toEqual({ new: 0, updated: 0, unchanged: 1, invalid: 0 });
    const [row] = await rows(job.id);
    expect(row).toMatchObject({ rowNumber: 1, plan: 'Unchanged', errors: {} });
    expect(row!.message).toBe(IMPORT_TEMPLATE_TEXT.exampleSkipped);
    const done = await run(job.id);
    expect(done.result).toEqual({ created: 0, updated: 0, unchanged: 1, invalid: 0, failed: 0 });
    expect((await rows(job.id))[0]!.message).toBe(IMPORT_TEMPLATE_TEXT.exampleSkipped);
    expect(await usersWithEmail(IMPORT_TEMPLATE_EXAMPLE['Holder.Email'])).toHaveLength(0);
  });

  it('imports a row typed from the example, and skips the example kept above it', async () => {
    const filled = new ExcelJS.Workbook();
    await filled.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = filled.worksheets[0]!;
    const email = `typed.over.${Date.now()}@example.co.za`;
    const column = (key: string) => IMPORT_FIELD_KEYS.indexOf(key as (typeof IMPORT_FIELD_KEYS)[number]) + 1;
    // The example as it stands, then the same row with another e-mail: the second is a real row.
    const real = sheet.getRow(3);
    IMPORT_FIELDS.forEach(
      (field, index) => (real.getCell(index + 1).value = IMPORT_TEMPLATE_EXAMPLE[field.key]),
    );
    real.getCell(column('Holder.Email')).value = email;
    real.commit();
    const job = await uploaded('filled.xlsx', Buffer.from(await filled.xlsx.writeBuffer()));
    expect(job.preview).toEqual({ new: 1, updated: 0, unchanged: 1, invalid: 0 });
    const [example, typed] = await rows(job.id);
    expect(example).toMatchObject({
      plan: 'Unchanged',
      errors: {},
      message: IMPORT_TEMPLATE_TEXT.exampleSkipped,
    });
    expect(typed).toMatchObject({ plan: 'New', errors: {}, message: null });
    const done = await run(job.id);
    expect(done.result).toMatchObject({ created: 1, unchanged: 1, invalid: 0, failed: 0 });
    expect(await usersWithEmail(email)).toHaveLength(1);
    expect(await usersWithEmail(IMPORT_TEMPLATE_EXAMPLE['Holder.Email'])).toHaveLength(0);
    const vehicles = await vehiclesByRegistration(IMPORT_TEMPLATE_EXAMPLE['Vehicle.RegistrationNumber']);
    expect(vehicles).toHaveLength(1);
  });

  it("maps the preview's labels and the fields' keys (the old headers) alike", async () => {
    const record = goodRow();
    const everyField = Object.fromEntries(IMPORT_FIELD_KEYS.map((key, index) => [key, index]));
    const byLabel = await uploaded(
      'labels.csv',
      csvOf(
        [Object.fromEntries(IMPORT_FIELDS.map((field) => [field.label, record[field.key] ?? '']))],
        IMPORT_FIELDS.map((field) => field.label),
      ),
    );
    expect(byLabel.mapping).toEqual(everyField);
    expect(byLabel.preview).toEqual({ new: 1, updated: 0, unchanged: 0, invalid: 0 });
    const byKey = await uploaded('keys.csv', csvOf([record]));
    expect(byKey.mapping).toEqual(everyField);
    expect(byKey.preview).toEqual({ new: 1, updated: 0, unchanged: 0, invalid: 0 });
  });

  it('is refused to a Technical-Agent', async () => {
    expect((await call('GET', '/Imports/Template?format=xlsx', 'Technical-Agent')).statusCode).toBe(403);
  });

  it('is built once per day and catalogue, and again when either changes', async () => {
    const day = new Date('2026-11-27T08:00:00Z');
    const first = sharedTemplateWorkbook(['Toyota Corolla'], day);
    expect(sharedTemplateWorkbook(['Toyota Corolla'], new Date('2026-11-27T20:00:00Z'))).toBe(first);
    expect(sharedTemplateWorkbook(['Toyota Corolla', 'VW Polo'], day)).not.toBe(first);
    expect(sharedTemplateWorkbook(['Toyota Corolla'], new Date('2026-11-28T08:00:00Z'))).not.toBe(first);
    expect((await first).subarray(0, 2).toString()).toBe('PK');
  });
});

describe('given a file with good rows, mistakes and a repeated vehicle', () => {
  let job: ImportJob;
  let content: string;
  const good = () => [goodRow(), goodRow(), goodRow()];
  let records: Record<string, string>[];

  beforeAll(async () => {
    const [first, second, third] = good();
    records = [
      first!,
      second!,
      third!,
      goodRow({ 'Holder.Email': 'not-an-address', 'Holder.PhoneNumber': '12345' }),
      goodRow({ 'Holder.IdNumber': '8513400000000', 'Vehicle.Vehicle': 'Flying Carpet 3000' }),
      goodRow({ 'Vehicle.RegistrationYear': '1920', 'Vehicle.Colour': '' }),
      // The same vehicle again, word for word: it changes nothing after the first.
      { ...first! },
      // The same registration with another colour contradicts row 1.
      { ...first!, 'Vehicle.Colour': 'Red' },
    ];
    content = csvOf(records);
    job = await uploaded('fleet.csv', content);
  });

  it('previews every row without writing anything', async () => {
    expect(job).toMatchObject({ status: 'Previewed', totalRows: 8, rowsDone: 0 });
    expect(job.preview).toEqual({ new: 3, updated: 0, unchanged: 1, invalid: 4 });
    expect(await vehiclesByRegistration(records[0]!['Vehicle.RegistrationNumber']!)).toHaveLength(0);
  });

  it("names each cell's mistake in the forms' words", async () => {
    const invalid = await rows(job.id, '&errorsOnly=true');
    expect(invalid.map((row) => row.rowNumber)).toEqual([4, 5, 6, 8]);
    expect(invalid[0]!.errors).toEqual({
      'Holder.Email': [MESSAGES.email],
      'Holder.PhoneNumber': [MESSAGES.phoneNumber],
    });
    expect(invalid[1]!.errors).toEqual({
      'Holder.IdNumber': [MESSAGES.idNumber],
      'Vehicle.Vehicle': [ONBOARDING_MESSAGES.vehicleNotListed],
    });
    expect(invalid[2]!.errors).toEqual({
      'Vehicle.RegistrationYear': [MESSAGES.required],
      'Vehicle.Colour': [MESSAGES.required],
    });
    expect(invalid[3]!.errors).toEqual({
      'Vehicle.RegistrationNumber': [IMPORT_MESSAGES.duplicateRegistration(1)],
    });
  });

  it('pages through every row, or the rows with errors only, within the bounds of the other lists', async () => {
    const page = (await call('GET', `/Imports/${job.id}/Rows?$pagesize=3&$pageindex=2`)).json<
      Page<ImportRow>
    >();
    expect(page).toMatchObject({ totalCount: 8, pageIndex: 2, pageSize: 3 });
    expect(page.items.map((row) => row.rowNumber)).toEqual([7, 8]);
    const errors = (
      await call('GET', `/Imports/${job.id}/Rows?$pagesize=3&$pageindex=1&errorsOnly=true`)
    ).json<Page<ImportRow>>();
    expect(errors.totalCount).toBe(4);
    expect(errors.items.map((row) => row.rowNumber)).toEqual([8]);
    expect((await call('GET', `/Imports/${job.id}/Rows?$pageindex=${MAX_PAGE_INDEX + 1}`)).statusCode).toBe(
      400,
    );
    expect((await call('GET', `/Imports/${job.id}/Rows?$pagesize=1001`)).statusCode).toBe(400);
  });

  it('downloads the rows with errors as they were, with an Errors column', async () => {
    const response = await call('GET', `/Imports/${job.id}/Errors/Csv`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain(`Import-${job.id}-errors.csv`);
    const table = parse(response.body) as string[][];
    expect(table[0]).toEqual([...IMPORT_FIELD_KEYS, 'Errors']);
    expect(table).toHaveLength(5);
    expect(table[1]![2]).toBe('not-an-address');
    expect(table[1]![IMPORT_FIELD_KEYS.length]).toBe(
      `Account holder: Email address: ${MESSAGES.email}; Account holder: Cellphone number: ${MESSAGES.phoneNumber}`,
    );
  });

  it('imports the good rows: holders, drivers and vehicles awaiting their booking', async () => {
    const done = await run(job.id);
    expect(done).toMatchObject({ status: 'Completed', rowsDone: 8 });
    expect(done.result).toEqual({ created: 3, updated: 0, unchanged: 1, invalid: 4, failed: 0 });
    const [vehicle] = await vehiclesByRegistration(records[0]!['Vehicle.RegistrationNumber']!);
    expect(vehicle).toMatchObject({ onBoardingStatus: 'Booking-Pending', vehicleColour: 'White' });
    expect(vehicle!.drivers).toHaveLength(1);
    expect(vehicle!.drivers[0]).toMatchObject({
      idNumber: records[0]!['Driver.IdNumber'],
      idNumberIsSouthAfrican: false,
    });
    const holders = await app.db
      .selectFrom('users')
      .select(['email', 'phoneNumber'])
      .where('email', '=', records[0]!['Holder.Email']!)
      .execute();
    expect(holders).toEqual([
      { email: records[0]!['Holder.Email'], phoneNumber: records[0]!['Holder.PhoneNumber']!.slice(1) },
    ]);
  });

  it("reports every row's outcome as CSV", async () => {
    const response = await call('GET', `/Imports/${job.id}/Report/Csv`);
    const table = parse(response.body) as string[][];
    expect(table.map((record) => record[4])).toEqual([
      'Outcome',
      'Created',
      'Created',
      'Created',
      'Invalid',
      'Invalid',
      'Invalid',
      'Unchanged',
      'Invalid',
    ]);
  });

  it('makes the report and the errors file a few rows at a time, letting other callers have turns', async () => {
    const report = (await call('GET', `/Imports/${job.id}/Report/Csv`)).body;
    const errors = (await call('GET', `/Imports/${job.id}/Errors/Csv`)).body;
    // Each turn of the event loop while the files are made: none when one caller holds it throughout.
    let turns = 0;
    let making = true;
    const count = () => {
      if (!making) return;
      turns += 1;
      setImmediate(count);
    };
    setImmediate(count);

    const chunked = {
      report: await reportCsv(app.db, job.id, 2),
      errors: await errorsCsv(app.db, (await findJob(app.db, job.id))!, 1),
    };
    making = false;

    expect(chunked).toEqual({ report, errors });
    // 8 rows in chunks of 2, 4 rows with errors in chunks of 1: a turn after each full chunk.
    expect(turns).toBeGreaterThanOrEqual(4 + 4);
  });

  it('changes nothing when the same file is imported again', async () => {
    const again = await uploaded('fleet.csv', content);
    expect(again.preview).toEqual({ new: 0, updated: 0, unchanged: 4, invalid: 4 });
    const done = await run(again.id);
    expect(done.result).toEqual({ created: 0, updated: 0, unchanged: 4, invalid: 4, failed: 0 });
    for (const record of records.slice(0, 3)) {
      expect(await vehiclesByRegistration(record['Vehicle.RegistrationNumber']!)).toHaveLength(1);
    }
  });

  it('updates what a fixed file changes and adds the fixed rows', async () => {
    const fixed = [
      { ...records[0]!, 'Holder.PhoneNumber': '0719876543' },
      {
        ...records[3]!,
        'Holder.Email': `fixed.${Date.now()}@example.co.za`,
        'Holder.PhoneNumber': '0821112233',
      },
    ];
    const again = await uploaded('fixed.csv', csvOf(fixed));
    expect(again.preview).toEqual({ new: 1, updated: 1, unchanged: 0, invalid: 0 });
    const done = await run(again.id);
    expect(done.result).toMatchObject({ created: 1, updated: 1 });
    const holder = await app.db
      .selectFrom('users')
      .select('phoneNumber')
      .where('email', '=', records[0]!['Holder.Email']!)
      .executeTakeFirstOrThrow();
    expect(holder.phoneNumber).toBe('719876543');
  });

  it('cannot be started twice', async () => {
    const response = await call('POST', `/Imports/${job.id}/Start`, 'Admin', { sendPasswordLinks: false });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(IMPORT_MESSAGES.notPreviewed);
  });
});

describe('a fleet: one account holder with several vehicles and their drivers', () => {
  it('creates the holder once and gives every vehicle to them, a later row changing their phone', async () => {
    const holder = goodRow();
    const records = [
      holder,
      { ...goodRow(), ...pick(holder, 'Holder.') },
      { ...goodRow(), ...pick(holder, 'Holder.'), 'Holder.PhoneNumber': '0715550123' },
    ];
    const job = await uploaded('fleet.csv', csvOf(records));
    expect(job.preview).toEqual({ new: 3, updated: 0, unchanged: 0, invalid: 0 });
    const done = await run(job.id);
    expect(done.result).toEqual({ created: 3, updated: 0, unchanged: 0, invalid: 0, failed: 0 });
    const users = await app.db
      .selectFrom('users')
      .select(['id', 'phoneNumber', 'vehiclesWithoutDeviceCount'])
      .where('email', '=', holder['Holder.Email']!)
      .execute();
    expect(users).toEqual([{ id: users[0]!.id, phoneNumber: '715550123', vehiclesWithoutDeviceCount: 3 }]);
    for (const record of records) {
      const [vehicle] = await vehiclesByRegistration(record['Vehicle.RegistrationNumber']!);
      expect(vehicle).toMatchObject({ userId: users[0]!.id, onBoardingStatus: 'Booking-Pending' });
      expect(vehicle!.drivers.map((driver) => driver.idNumber)).toEqual([record['Driver.IdNumber']]);
    }
  });
});

describe('a row the database refuses during the run', () => {
  const refused = 'REFUSED 1 GP';
  beforeAll(async () => {
    // Stands for a write made by someone else meanwhile: the database refuses this one vehicle.
    if (dialectOf(app.db).name === 'postgres') {
      await sql`create function refuse_vehicle() returns trigger language plpgsql as $$
        begin raise exception 'refused'; end $$`.execute(app.db);
      await sql`create trigger refuse_vehicle before insert on vehicles for each row
        when (new.registration_number = ${sql.lit(refused)}) execute function refuse_vehicle()`.execute(
        app.db,
      );
    } else {
      await sql`create trigger refuse_vehicle before insert on vehicles
        when new.registration_number = ${sql.lit(refused)}
        begin select raise(abort, 'refused'); end`.execute(app.db);
    }
  });
  afterAll(async () => {
    await sql`drop trigger refuse_vehicle${sql.raw(dialectOf(app.db).name === 'postgres' ? ' on vehicles' : '')}`.execute(
      app.db,
    );
  });

  it('fails that row whole, holder included, and writes the others of its batch', async () => {
    const records = [goodRow(), goodRow({ 'Vehicle.RegistrationNumber': refused }), goodRow()];
    const job = await uploaded('refused.csv', csvOf(records));
    const done = await run(job.id);
    expect(done.result).toEqual({ created: 2, updated: 0, unchanged: 0, invalid: 0, failed: 1 });
    expect((await rows(job.id)).map((row) => row.outcome)).toEqual(['Created', 'Failed', 'Created']);
    const holders = await app.db
      .selectFrom('users')
      .select('email')
      .where(
        'email',
        'in',
        records.map((record) => record['Holder.Email']!),
      )
      .execute();
    expect(holders.map((holder) => holder.email).sort()).toEqual(
      [records[0]!['Holder.Email'], records[2]!['Holder.Email']].sort(),
    );
  });
});

describe('column mapping', () => {
  it('maps headers that differ from the template, and takes a mapping chosen by hand', async () => {
    const record = goodRow();
    const headers = [
      'Name',
      'Surname',
      'Email',
      'Cellphone number',
      'ID number',
      'Registration',
      'Colour',
      'Make',
      'Year',
    ];
    const line = [
      record['Holder.FirstName'],
      record['Holder.LastName'],
      record['Holder.Email'],
      record['Holder.PhoneNumber'],
      record['Holder.IdNumber'],
      record['Vehicle.RegistrationNumber'],
      'Blue',
      vehicleName,
      '2019',
    ];
    const job = await uploaded('own-headers.csv', `${headers.join(',')}\n${line.join(',')}`);
    expect(job.mapping).toMatchObject({
      'Holder.FirstName': 0,
      'Holder.Email': 2,
      'Holder.PhoneNumber': 3,
      'Holder.IdNumber': 4,
      'Vehicle.RegistrationNumber': 5,
      'Vehicle.Colour': 6,
      'Vehicle.RegistrationYear': 8,
    });
    expect(job.mapping['Vehicle.Vehicle']).toBeUndefined();
    expect(job.preview.invalid).toBe(1);
    const response = await call('PUT', `/Imports/${job.id}/Mapping`, 'Admin', {
      mapping: { ...job.mapping, 'Vehicle.Vehicle': 7 },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ImportJob>().preview).toEqual({ new: 1, updated: 0, unchanged: 0, invalid: 0 });
  });

  it('refuses a mapping without a required field', async () => {
    const job = await uploaded('fleet.csv', csvOf([goodRow()]));
    const response = await call('PUT', `/Imports/${job.id}/Mapping`, 'Admin', {
      mapping: Object.fromEntries(Object.entries(job.mapping).filter(([field]) => field !== 'Holder.Email')),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: Record<string, string[]> }>().errors['Holder.Email']).toEqual([
      IMPORT_MESSAGES.mappingRequired,
    ]);
  });
});

describe('files', () => {
  it('refuses a file over the size limit with a clear message', async () => {
    await expect(readImportFile('big.csv', Buffer.alloc(IMPORT_MAX_FILE_BYTES + 1, 'a'))).rejects.toThrow(
      IMPORT_MESSAGES.fileTooLarge,
    );
  });

  it('refuses other file types and files without rows', async () => {
    const pdf = await upload('fleet.pdf', 'x');
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json<{ message: string }>().message).toBe(IMPORT_MESSAGES.fileType);
    const empty = await upload('empty.csv', IMPORT_FIELD_KEYS.join(','));
    expect(empty.json<{ message: string }>().message).toBe(IMPORT_MESSAGES.noRows);
  });

  it('reads a CSV file larger than one piece whole, and refuses one it cannot read', async () => {
    const records = Array.from({ length: 400 }, () => goodRow());
    const big = await uploaded('big.csv', csvOf(records));
    expect(Buffer.byteLength(csvOf(records))).toBeGreaterThan(3 * 16_384);
    expect(big.totalRows).toBe(400);
    const last = (await rows(big.id, '&$pageindex=0')).at(-1)!;
    expect(last.values['Vehicle.RegistrationNumber']).toBe(records[399]!['Vehicle.RegistrationNumber']);
    const broken = await upload('broken.csv', `${IMPORT_FIELD_KEYS.join(',')}\n"Lindiwe,Mokoena`);
    expect(broken.statusCode).toBe(400);
    expect(broken.json<{ message: string }>().message).toBe(IMPORT_MESSAGES.unreadable);
  });

  it("reads a workbook's values, a formula's saved result, and never calculates a formula", async () => {
    const record = goodRow();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Fleet');
    sheet.addRow([...IMPORT_FIELD_KEYS]);
    const values: ExcelJS.CellValue[] = IMPORT_FIELD_KEYS.map((key) => record[key] ?? '');
    // The year as a number, the colour as a formula saved with its result.
    values[IMPORT_FIELD_KEYS.indexOf('Vehicle.RegistrationYear')] = 2020;
    values[IMPORT_FIELD_KEYS.indexOf('Vehicle.Colour')] = { formula: 'LOWER("SILVER")', result: 'silver' };
    sheet.addRow(values);
    const second = goodRow();
    const unsaved: ExcelJS.CellValue[] = IMPORT_FIELD_KEYS.map((key) => second[key] ?? '');
    unsaved[IMPORT_FIELD_KEYS.indexOf('Vehicle.Colour')] = {
      formula: 'LOWER("SILVER")',
    } as ExcelJS.CellFormulaValue;
    sheet.addRow(unsaved);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());

    const job = await uploaded('fleet.xlsx', bytes);
    const [first, other] = await rows(job.id);
    expect(first!.values['Vehicle.Colour']).toBe('silver');
    expect(first!.values['Vehicle.RegistrationYear']).toBe('2020');
    expect(first!.plan).toBe('New');
    expect(other!.errors).toEqual({ 'Vehicle.Colour': [IMPORT_MESSAGES.formulaWithoutValue] });
  });
});

describe('Company-Admins', () => {
  it('must import into one of their own companies', async () => {
    const none = await upload('fleet.csv', csvOf([goodRow()]), 'Company-Admin');
    expect(none.statusCode).toBe(400);
    expect(none.json<{ errors: Record<string, string[]> }>().errors.CompanyId).toEqual([
      IMPORT_MESSAGES.chooseCompany,
    ]);
    const other = await app.db
      .selectFrom('companies')
      .select('id')
      .where('name', '=', 'Mzansi Couriers')
      .executeTakeFirstOrThrow();
    const outside = await upload('fleet.csv', csvOf([goodRow()]), 'Company-Admin', other.id);
    expect(outside.statusCode).toBe(400);
  });

  it("link new holders to their company, and cannot touch another company's holder", async () => {
    const own = await app.db
      .selectFrom('companies')
      .select('id')
      .where('name', '=', 'Karoo Logistics')
      .executeTakeFirstOrThrow();
    const other = await app.db
      .selectFrom('companyUsers')
      .innerJoin('companies', 'companies.id', 'companyUsers.companyId')
      .innerJoin('users', 'users.id', 'companyUsers.userId')
      .select(['users.email', 'users.idNumber'])
      .where('companies.name', '=', 'Mzansi Couriers')
      .where('companyUsers.role', '=', 'Account-Holder')
      .executeTakeFirstOrThrow();
    const record = goodRow();
    const job = await uploaded(
      'company.csv',
      csvOf([record, goodRow({ 'Holder.Email': other.email, 'Holder.IdNumber': other.idNumber ?? '' })]),
      'Company-Admin',
      own.id,
    );
    expect(job.preview).toMatchObject({ new: 1, invalid: 1 });
    const [, refused] = await rows(job.id);
    expect(refused!.errors['Holder.Email']).toEqual([IMPORT_MESSAGES.emailUnavailable]);
    const done = await run(job.id, false, 'Company-Admin');
    expect(done.result).toMatchObject({ created: 1, invalid: 1 });
    const linked = await app.db
      .selectFrom('companyUsers')
      .innerJoin('users', 'users.id', 'companyUsers.userId')
      .select(['companyUsers.companyId', 'companyUsers.role'])
      .where('users.email', '=', record['Holder.Email']!)
      .execute();
    expect(linked).toEqual([{ companyId: own.id, role: 'Account-Holder' }]);
    // Another Company-Admin's or an Admin's job is not theirs to read.
    const admins = await uploaded('fleet.csv', csvOf([goodRow()]));
    expect((await call('GET', `/Imports/${admins.id}`, 'Company-Admin')).statusCode).toBe(404);
  });
});

describe('password-creation links', () => {
  const outboxTo = (email: string) =>
    app.db.selectFrom('outbox').select('subject').where('recipient', '=', email).execute();

  it('go to new holders only when asked', async () => {
    const asked = goodRow();
    const notAsked = goodRow();
    await run((await uploaded('links.csv', csvOf([asked]))).id, true);
    await run((await uploaded('no-links.csv', csvOf([notAsked]))).id, false);
    expect(await outboxTo(asked['Holder.Email']!)).toHaveLength(1);
    expect(await outboxTo(notAsked['Holder.Email']!)).toHaveLength(0);
    const job = await uploaded('links.csv', csvOf([asked]));
    await run(job.id, true);
    // Re-importing creates nobody, so no second link.
    expect(await outboxTo(asked['Holder.Email']!)).toHaveLength(1);
  });
});

describe('cancel and resume', () => {
  it('cancels a preview, which can then not be started', async () => {
    const job = await uploaded('fleet.csv', csvOf([goodRow()]));
    const cancelled = (await call('POST', `/Imports/${job.id}/Cancel`)).json<ImportJob>();
    expect(cancelled.status).toBe('Cancelled');
    expect(
      (await call('POST', `/Imports/${job.id}/Start`, 'Admin', { sendPasswordLinks: false })).statusCode,
    ).toBe(400);
  });

  it('resumes a run an earlier process left Running, from its last committed row', async () => {
    const records = Array.from({ length: 30 }, () => goodRow());
    const job = await uploaded('resume.csv', csvOf(records));
    // As if a process had committed the first 10 rows' cursor and stopped: it resumes at row 11.
    await withImportTables(app.db)
      .updateTable('importJobs')
      .set({ status: 'Running', rowsDone: 10 })
      .where('id', '=', job.id)
      .execute();
    await app.importWorker.resume();
    await app.importWorker.start(job.id);
    const done = (await call('GET', `/Imports/${job.id}`)).json<ImportJob>();
    expect(done).toMatchObject({ status: 'Completed', rowsDone: 30 });
    expect(done.result.created).toBe(20);
    expect(await vehiclesByRegistration(records[9]!['Vehicle.RegistrationNumber']!)).toHaveLength(0);
    expect(await vehiclesByRegistration(records[10]!['Vehicle.RegistrationNumber']!)).toHaveLength(1);
  });

  it('stops a run at a batch boundary when cancelled, writing each row whole or not at all', async () => {
    const records = Array.from({ length: 600 }, () => goodRow());
    const job = await uploaded('cancel.csv', csvOf(records));
    await call('POST', `/Imports/${job.id}/Start`, 'Admin', { sendPasswordLinks: false });
    const running = app.importWorker.start(job.id);
    await call('POST', `/Imports/${job.id}/Cancel`);
    await running;
    const done = (await call('GET', `/Imports/${job.id}`)).json<ImportJob>();
    expect(done.status).toBe('Cancelled');
    expect(done.rowsDone).toBeLessThan(600);
    const vehicles = await app.db
      .selectFrom('vehicles')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where(
        'registrationNumber',
        'in',
        records.map((record) => record['Vehicle.RegistrationNumber']!),
      )
      .executeTakeFirstOrThrow();
    const drivers = await app.db
      .selectFrom('drivers')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where(
        'idNumber',
        'in',
        records.map((record) => record['Driver.IdNumber']!),
      )
      .executeTakeFirstOrThrow();
    expect(Number(vehicles.count)).toBe(done.result.created);
    expect(Number(drivers.count)).toBe(done.result.created);
  });
});

describe('limits', () => {
  const fileError = (response: { statusCode: number; json: <T>() => T }) => {
    expect(response.statusCode).toBe(400);
    return response.json<{ message: string; errors: Record<string, string[]> }>();
  };

  it('refuses a file with more rows than IMPORT_MAX_ROWS, reading no further', async () => {
    const rowsOf = (count: number) => `Holder.Email\n${'someone@example.co.za\n'.repeat(count)}`;
    const body = fileError(await upload('many.csv', rowsOf(LIMITS.maxRows + 1)));
    expect(body.message).toBe(IMPORT_MESSAGES.tooManyRows(LIMITS.maxRows));
    expect(body.errors.File).toEqual([IMPORT_MESSAGES.tooManyRows(LIMITS.maxRows)]);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Fleet');
    sheet.addRow(['Holder.Email']);
    for (let row = 0; row <= LIMITS.maxRows; row += 1) sheet.addRow(['someone@example.co.za']);
    const xlsx = await upload('many.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(fileError(xlsx).message).toBe(IMPORT_MESSAGES.tooManyRows(LIMITS.maxRows));
  });

  it('refuses a cell longer than IMPORT_MAX_CELL_CHARACTERS, naming its row', async () => {
    const long = 'x'.repeat(LIMITS.maxCellCharacters + 1);
    const body = fileError(
      await upload('long.csv', csvOf([goodRow(), goodRow({ 'Holder.LastName': long })])),
    );
    expect(body.errors.File).toEqual([IMPORT_MESSAGES.cellTooLong(2, LIMITS.maxCellCharacters)]);
  });

  it('refuses a workbook that unpacks past IMPORT_MAX_DECOMPRESSED_BYTES, whatever its zip claims', async () => {
    const bomb = await workbookBomb(8 * LIMITS.maxDecompressedBytes);
    expect(bomb.length).toBeLessThan(20_000);
    const body = fileError(await upload('bomb.xlsx', bomb));
    expect(body.errors.File).toEqual([IMPORT_MESSAGES.unpackedTooLarge(LIMITS.maxDecompressedBytes)]);
    // The same small cell repeated by reference: little zip, much text.
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Fleet');
    const cell = 'y'.repeat(LIMITS.maxCellCharacters);
    sheet.addRow(IMPORT_FIELD_KEYS.slice(0, 6));
    for (let row = 0; row < 200; row += 1) sheet.addRow(Array.from({ length: 6 }, () => cell));
    const repeated = await upload('repeated.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(fileError(repeated).message).toBe(IMPORT_MESSAGES.unpackedTooLarge(LIMITS.maxDecompressedBytes));
  });

  it('answers an empty file, CSV or workbook, and a workbook without rows', async () => {
    expect(fileError(await upload('empty.xlsx', Buffer.alloc(0))).errors.File).toEqual([
      IMPORT_MESSAGES.emptyFile,
    ]);
    expect(fileError(await upload('empty.csv', '')).errors.File).toEqual([IMPORT_MESSAGES.emptyFile]);
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Fleet');
    const blank = await upload('blank.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(fileError(blank).errors.File).toEqual([IMPORT_MESSAGES.noRows]);
    expect(fileError(await upload('not-a-zip.xlsx', 'hello')).errors.File).toEqual([
      IMPORT_MESSAGES.unreadable,
    ]);
  });

  it('deletes a preview nobody started once it is older than IMPORT_PREVIEW_TTL_SECONDS', async () => {
    const expired = await uploaded('old.csv', csvOf([goodRow(), goodRow()]));
    const fresh = await uploaded('new.csv', csvOf([goodRow()]));
    const past = new Date(Date.now() - (LIMITS.previewTtlSeconds + 1) * 1000).toISOString();
    await withImportTables(app.db)
      .updateTable('importJobs')
      .set({ createdOnDateTime: past })
      .where('id', '=', expired.id)
      .execute();
    const before = await call('GET', `/Imports/${expired.id}/Rows`);
    expect(before.statusCode).toBe(404);
    expect(before.json<{ message: string }>().message).toBe(IMPORT_MESSAGES.previewExpired);
    expect(
      (await call('POST', `/Imports/${expired.id}/Start`, 'Admin', { sendPasswordLinks: false })).statusCode,
    ).toBe(404);

    expect(await deleteExpiredPreviews(app.db, app.importLimits.previewTtlSeconds)).toBeGreaterThanOrEqual(1);
    const idb = withImportTables(app.db);
    expect(await idb.selectFrom('importJobs').select('id').where('id', '=', expired.id).execute()).toEqual(
      [],
    );
    expect(
      await idb.selectFrom('importRows').select('jobId').where('jobId', '=', expired.id).execute(),
    ).toEqual([]);
    expect((await call('GET', `/Imports/${expired.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/Imports/${fresh.id}`)).json<ImportJob>().status).toBe('Previewed');
  });
});

describe("a Company-Admin's preview", () => {
  const holderOf = (company: string) =>
    app.db
      .selectFrom('companyUsers')
      .innerJoin('companies', 'companies.id', 'companyUsers.companyId')
      .innerJoin('users', 'users.id', 'companyUsers.userId')
      .select(['users.email', 'users.idNumber'])
      .where('companies.name', '=', company)
      .where('companyUsers.role', '=', 'Account-Holder')
      .orderBy('users.id')
      .executeTakeFirstOrThrow();
  const ownCompany = () =>
    app.db
      .selectFrom('companies')
      .select('id')
      .where('name', '=', 'Karoo Logistics')
      .executeTakeFirstOrThrow();

  it('answers a clash the same whether the record is in their company, another or none', async () => {
    const own = await holderOf('Karoo Logistics');
    const other = await holderOf('Mzansi Couriers');
    const { id: companyId } = await ownCompany();
    const records = [
      // New holders whose ID number someone has: in the Company-Admin's company, then in another.
      goodRow({ 'Holder.IdNumber': own.idNumber ?? '' }),
      goodRow({ 'Holder.IdNumber': other.idNumber ?? '' }),
      // E-mail addresses of another company's holder and of a staff member in no company.
      goodRow({ 'Holder.Email': other.email }),
      goodRow({ 'Holder.Email': 'admin@sentinel.demo' }),
    ];
    const job = await uploaded('clashes.csv', csvOf(records), 'Company-Admin', companyId);
    const [ownId, otherId, otherEmail, staffEmail] = (await rows(job.id)).map((row) => row.errors);
    expect(ownId).toEqual({ 'Holder.IdNumber': [IMPORT_MESSAGES.idNumberUnavailable] });
    expect(otherId).toEqual(ownId);
    expect(otherEmail).toEqual({ 'Holder.Email': [IMPORT_MESSAGES.emailUnavailable] });
    expect(staffEmail).toEqual(otherEmail);

    // An Admin sees every record, and keeps the words that say whose it is.
    const admins = await uploaded('clashes.csv', csvOf(records));
    const adminErrors = (await rows(admins.id)).map((row) => row.errors);
    expect(adminErrors[1]).toEqual({ 'Holder.IdNumber': [IMPORT_MESSAGES.idNumberInUse] });
    expect(adminErrors[3]).toEqual({ 'Holder.Email': [IMPORT_MESSAGES.emailNotAccountHolder] });
  });

  it('checks at most IMPORT_COMPANY_ADMIN_ROWS_PER_DAY rows a day', async () => {
    const { id: companyId } = await ownCompany();
    const records = Array.from({ length: LIMITS.companyAdminRowsPerDay + 1 }, () => goodRow());
    const response = await upload('many.csv', csvOf(records), 'Company-Admin', companyId);
    expect(response.statusCode).toBe(429);
    expect(response.json<{ errors: Record<string, string[]> }>().errors.File).toEqual([
      IMPORT_MESSAGES.rowsPerDay(LIMITS.companyAdminRowsPerDay),
    ]);
    // More rows than a day's checks never fit: the answer says when none is counted any more.
    const retryAfter = Number(response.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3_600);
    // Not an Admin's.
    expect((await upload('many.csv', csvOf(records))).statusCode).toBe(200);
  });

  it('says in Retry-After when the checks of 24 hours ago stop counting and the rows fit', async () => {
    const { id: companyId } = await ownCompany();
    const { id: userId } = await app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'company.admin@sentinel.demo')
      .executeTakeFirstOrThrow();
    // Rows checked 23 hours ago leave too little of the day's checks for ten more until they are
    // 24 hours old, an hour from now.
    const checkedAt = Date.now() - 23 * 3_600_000;
    await withImportTables(app.db)
      .insertInto('importChecks')
      .values({
        userId,
        rows: LIMITS.companyAdminRowsPerDay - 5,
        createdAt: new Date(checkedAt).toISOString(),
      })
      .execute();
    const records = Array.from({ length: 10 }, () => goodRow());
    const before = Date.now();
    const response = await upload('ten.csv', csvOf(records), 'Company-Admin', companyId);
    expect(response.statusCode).toBe(429);
    const retryAfter = Number(response.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(Math.floor((checkedAt + 24 * 3_600_000 - Date.now()) / 1000));
    expect(retryAfter).toBeLessThanOrEqual(Math.ceil((checkedAt + 24 * 3_600_000 - before) / 1000));

    // Then they fit.
    const later = new Date(Date.now() + retryAfter * 1000);
    expect(
      await allowRowChecks(app.db, userId, records.length, LIMITS.companyAdminRowsPerDay, later),
    ).toEqual({
      allowed: true,
    });
  });

  it('documents the Retry-After of its 429 in the OpenAPI document', async () => {
    const document = (await app.inject({ method: 'GET', url: '/openapi.json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, { headers?: object }> }>>;
    }>();
    for (const [path, method] of [
      ['/Imports', 'post'],
      ['/Imports/{id}/Mapping', 'put'],
    ] as const) {
      expect(document.paths[path]![method]!.responses['429']!.headers, path).toMatchObject({
        'Retry-After': { schema: { type: 'integer', minimum: 1 } },
      });
    }
  });
});

describe('the file name', () => {
  it(`takes ${MAX_LENGTH.fileName} characters and refuses one more at FileName`, async () => {
    const csv = csvOf([goodRow()]);
    const longest = `${'a'.repeat(MAX_LENGTH.fileName - 4)}.csv`;
    const job = await uploaded(longest, csv);
    expect(job.fileName).toBe(longest);

    const response = await upload(`a${longest}`, csv);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<{ errors: object }>().errors)).toEqual(['FileName']);
  });
});
