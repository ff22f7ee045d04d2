/* Every read and write of import jobs and their rows, and the files made from them. */
import { setImmediate as yieldToOthers } from 'node:timers/promises';
import { stringify } from 'csv-stringify/sync';
import type { Kysely } from 'kysely';
import { IMPORT_FIELDS, neutraliseFormula } from '@sentinel/domain';
import type { FieldErrors, ImportJob, ImportMapping, ImportRow, Page } from '@sentinel/domain';
import { instant } from '../db/database';
import type { Database } from '../db/schema';
import { withImportTables } from './import-tables';
import type { ImportJobsTable } from './import-tables';
import type { Selectable } from 'kysely';
import type { PlannedRow } from './preview';

type JobRow = Selectable<ImportJobsTable>;

const INSERT_CHUNK = 200;

/** The answer for a job row, with the run's rate and time left. */
export function jobAnswer(job: JobRow, now: Date = new Date()): ImportJob {
  let ratePerSecond: number | null = null;
  let secondsLeft: number | null = null;
  if (job.status === 'Running' && job.runStartedAt !== null) {
    const seconds = (now.getTime() - Date.parse(job.runStartedAt)) / 1000;
    const done = job.rowsDone - job.runStartRowsDone;
    if (seconds > 0 && done > 0) {
      ratePerSecond = Math.round((done / seconds) * 10) / 10;
      secondsLeft = Math.ceil((job.totalRows - job.rowsDone) / (done / seconds));
    }
  }
  return {
    id: job.id,
    fileName: job.fileName,
    status: job.status,
    companyId: job.companyId,
    headers: JSON.parse(job.headers) as string[],
    mapping: JSON.parse(job.mapping) as Record<string, number>,
    totalRows: job.totalRows,
    preview: {
      new: job.previewNew,
      updated: job.previewUpdated,
      unchanged: job.previewUnchanged,
      invalid: job.previewInvalid,
    },
    rowsDone: job.rowsDone,
    result: {
      created: job.resultCreated,
      updated: job.resultUpdated,
      unchanged: job.resultUnchanged,
      invalid: job.resultInvalid,
      failed: job.resultFailed,
    },
    ratePerSecond,
    secondsLeft,
    sendPasswordLinks: job.sendPasswordLinks === 1,
    createdOnDateTime: job.createdOnDateTime,
    finishedOnDateTime: job.finishedOnDateTime,
  };
}

export function findJob(db: Kysely<Database>, id: number): Promise<JobRow | undefined> {
  return withImportTables(db).selectFrom('importJobs').selectAll().where('id', '=', id).executeTakeFirst();
}

function previewCounts(rows: readonly PlannedRow[]) {
  const count = (plan: PlannedRow['plan']) => rows.filter((row) => row.plan === plan).length;
  return {
    previewNew: count('New'),
    previewUpdated: count('Updated'),
    previewUnchanged: count('Unchanged'),
    previewInvalid: count('Invalid'),
  };
}

/**
 * Inserts the rows a chunk at a time, each chunk its own statement, yielding between them: on
 * SQLite a transaction around 50,000 rows would hold the one connection for seconds.
 */
async function insertRows(db: Kysely<Database>, jobId: number, rows: readonly PlannedRow[]): Promise<void> {
  const idb = withImportTables(db);
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await idb
      .insertInto('importRows')
      .values(
        rows.slice(start, start + INSERT_CHUNK).map((row) => ({
          jobId,
          rowNumber: row.rowNumber,
          cells: JSON.stringify(row.cells),
          mapped: JSON.stringify(row.values),
          errors: JSON.stringify(row.errors),
          hasErrors: Object.keys(row.errors).length > 0 ? 1 : 0,
          plan: row.plan,
          message: row.message,
        })),
      )
      .execute();
    await yieldToOthers();
  }
}

export interface NewJob {
  createdByUserId: number;
  companyId: number | null;
  fileName: string;
  headers: string[];
  mapping: ImportMapping;
  rows: readonly PlannedRow[];
}

/** Stores the previewed file: the job and every row with its plan (the job goes if the rows fail). */
export async function insertJob(db: Kysely<Database>, job: NewJob): Promise<number> {
  const idb = withImportTables(db);
  const { id } = await idb
    .insertInto('importJobs')
    .values({
      createdByUserId: job.createdByUserId,
      companyId: job.companyId,
      fileName: job.fileName,
      status: 'Previewed',
      headers: JSON.stringify(job.headers),
      mapping: JSON.stringify(job.mapping),
      totalRows: job.rows.length,
      ...previewCounts(job.rows),
      createdOnDateTime: instant(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  try {
    await insertRows(db, id, job.rows);
  } catch (error) {
    await idb.deleteFrom('importJobs').where('id', '=', id).execute();
    throw error;
  }
  return id;
}

/** The file's cells of every row, in order (for a new mapping). */
export async function jobCells(db: Kysely<Database>, jobId: number): Promise<(string | null)[][]> {
  const rows = await withImportTables(db)
    .selectFrom('importRows')
    .select('cells')
    .where('jobId', '=', jobId)
    .orderBy('rowNumber')
    .execute();
  return rows.map((row) => JSON.parse(row.cells) as (string | null)[]);
}

/** Replaces a previewed job's mapping and rows; false when the job is no longer a preview. */
export async function replacePreview(
  db: Kysely<Database>,
  jobId: number,
  mapping: ImportMapping,
  rows: readonly PlannedRow[],
): Promise<boolean> {
  const idb = withImportTables(db);
  const job = await idb.selectFrom('importJobs').select('status').where('id', '=', jobId).executeTakeFirst();
  if (job?.status !== 'Previewed') return false;
  await idb.deleteFrom('importRows').where('jobId', '=', jobId).execute();
  await insertRows(db, jobId, rows);
  const updated = await idb
    .updateTable('importJobs')
    .set({ mapping: JSON.stringify(mapping), ...previewCounts(rows) })
    .where('id', '=', jobId)
    .where('status', '=', 'Previewed')
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}

/** Moves a previewed job to Running; false when it was not a preview. */
export async function startJob(
  db: Kysely<Database>,
  jobId: number,
  sendPasswordLinks: boolean,
): Promise<boolean> {
  const updated = await withImportTables(db)
    .updateTable('importJobs')
    .set({ status: 'Running', sendPasswordLinks: sendPasswordLinks ? 1 : 0, runStartedAt: instant() })
    .where('id', '=', jobId)
    .where('status', '=', 'Previewed')
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}

/** Ends a preview or a run as Cancelled; rows already written stay. */
export async function cancelJob(db: Kysely<Database>, jobId: number): Promise<void> {
  await withImportTables(db)
    .updateTable('importJobs')
    .set({ status: 'Cancelled', finishedOnDateTime: instant() })
    .where('id', '=', jobId)
    .where('status', 'in', ['Previewed', 'Running'])
    .execute();
}

interface StoredRow {
  rowNumber: number;
  cells: string;
  mapped: string;
  errors: string;
  plan: ImportRow['plan'];
  outcome: ImportRow['outcome'];
  message: string | null;
}

const rowAnswer = (row: StoredRow): ImportRow => ({
  rowNumber: row.rowNumber,
  values: JSON.parse(row.mapped) as Record<string, string>,
  errors: JSON.parse(row.errors) as FieldErrors,
  plan: row.plan,
  outcome: row.outcome,
  message: row.message,
});

export async function listRows(
  db: Kysely<Database>,
  jobId: number,
  query: { pageIndex: number; pageSize: number; errorsOnly: boolean },
): Promise<Page<ImportRow>> {
  let base = withImportTables(db).selectFrom('importRows').where('jobId', '=', jobId);
  if (query.errorsOnly) base = base.where('hasErrors', '=', 1);
  const [rows, count] = await Promise.all([
    base
      .select(['rowNumber', 'cells', 'mapped', 'errors', 'plan', 'outcome', 'message'])
      .orderBy('rowNumber')
      .limit(query.pageSize)
      .offset(query.pageIndex * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map(rowAnswer),
    totalCount: Number(count.count),
    pageIndex: query.pageIndex,
    pageSize: query.pageSize,
  };
}

const messagesOf = (errors: FieldErrors) =>
  Object.entries(errors)
    .map(
      ([field, messages]) =>
        `${IMPORT_FIELDS.find((item) => item.key === field)?.label ?? field}: ${messages.join(', ')}`,
    )
    .join('; ');

/** The error text of a row, naming each field by its label, for the files and the report. */
export const describeErrors = messagesOf;

const csv = (records: string[][]) => stringify(records.map((record) => record.map(neutraliseFormula)));

/** The template: the header row, so a person fills the rows below it. */
export function templateCsv(): string {
  return csv([IMPORT_FIELDS.map((field) => field.key)]);
}

/**
 * How many rows the files read per query: a file of 10,000 rows is made a chunk at a time, with a
 * turn of the event loop between chunks, so other callers are answered meanwhile.
 */
export const FILE_CHUNK_ROWS = 500;

/**
 * The CSV of a job's rows in order, read `chunkRows` at a time after the last row number read,
 * each chunk's records made by `records`, with a turn of the event loop between chunks.
 */
async function chunkedCsv<T extends { rowNumber: number }>(
  header: string[],
  chunkRows: number,
  read: (afterRowNumber: number, limit: number) => Promise<T[]>,
  records: (rows: T[]) => string[][],
): Promise<string> {
  const parts = [csv([header])];
  let after = 0;
  for (;;) {
    const rows = await read(after, chunkRows);
    if (rows.length > 0) parts.push(csv(records(rows)));
    if (rows.length < chunkRows) return parts.join('');
    after = rows.at(-1)!.rowNumber;
    await yieldToOthers();
  }
}

/** The rows with errors as they were in the file, with an Errors column, to fix and upload again. */
export async function errorsCsv(
  db: Kysely<Database>,
  job: JobRow,
  chunkRows = FILE_CHUNK_ROWS,
): Promise<string> {
  const headers = JSON.parse(job.headers) as string[];
  return chunkedCsv(
    [...headers, 'Errors'],
    chunkRows,
    (after, limit) =>
      withImportTables(db)
        .selectFrom('importRows')
        .select(['rowNumber', 'cells', 'errors'])
        .where('jobId', '=', job.id)
        .where('hasErrors', '=', 1)
        .where('rowNumber', '>', after)
        .orderBy('rowNumber')
        .limit(limit)
        .execute(),
    (rows) =>
      rows.map((row) => {
        const cells = (JSON.parse(row.cells) as (string | null)[]).map((cell) => cell ?? '');
        while (cells.length < headers.length) cells.push('');
        return [...cells.slice(0, headers.length), messagesOf(JSON.parse(row.errors) as FieldErrors)];
      }),
  );
}

/** Every row's outcome: row number, holder e-mail, registration, plan, outcome and message. */
export async function reportCsv(
  db: Kysely<Database>,
  jobId: number,
  chunkRows = FILE_CHUNK_ROWS,
): Promise<string> {
  return chunkedCsv(
    ['Row', 'Holder.Email', 'Vehicle.RegistrationNumber', 'Preview', 'Outcome', 'Message'],
    chunkRows,
    (after, limit) =>
      withImportTables(db)
        .selectFrom('importRows')
        .select(['rowNumber', 'mapped', 'plan', 'outcome', 'message'])
        .where('jobId', '=', jobId)
        .where('rowNumber', '>', after)
        .orderBy('rowNumber')
        .limit(limit)
        .execute(),
    (rows) =>
      rows.map((row) => {
        const values = JSON.parse(row.mapped) as Record<string, string>;
        return [
          String(row.rowNumber),
          values['Holder.Email'] ?? '',
          values['Vehicle.RegistrationNumber'] ?? '',
          row.plan,
          row.outcome ?? 'Not imported',
          row.message ?? '',
        ];
      }),
  );
}

/** When a preview made at `createdOnDateTime` expires. */
export const previewExpiresAt = (createdOnDateTime: string, ttlSeconds: number) =>
  Date.parse(createdOnDateTime) + ttlSeconds * 1000;

/**
 * Deletes the previews (and their rows) older than `ttlSeconds` that were never started: those
 * still Previewed and those cancelled before a run. Answers how many jobs went.
 */
export async function deleteExpiredPreviews(
  db: Kysely<Database>,
  ttlSeconds: number,
  now: Date = new Date(),
): Promise<number> {
  const idb = withImportTables(db);
  const cutoff = instant(new Date(now.getTime() - ttlSeconds * 1000));
  // The jobs first, each statement atomic: a preview started meanwhile is no longer Previewed.
  const gone = await idb
    .deleteFrom('importJobs')
    .where('createdOnDateTime', '<', cutoff)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'Previewed'),
        eb.and([eb('status', '=', 'Cancelled'), eb('runStartedAt', 'is', null)]),
      ]),
    )
    .returning('id')
    .execute();
  const ids = gone.map((job) => job.id);
  for (let start = 0; start < ids.length; start += INSERT_CHUNK) {
    await idb
      .deleteFrom('importRows')
      .where('jobId', 'in', ids.slice(start, start + INSERT_CHUNK))
      .execute();
    await yieldToOthers();
  }
  return ids.length;
}

const DAY_MS = 24 * 3_600_000;

/** Whether a preview may check its rows, and when it is refused, when to try again. */
export type RowChecksAnswer = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Records that the user's preview checks `rows` rows, unless that would pass `perDay` within 24
 * hours; records nothing then, and answers in how many seconds enough of the rows counted
 * have aged past 24 hours for these rows to fit (a file alone past `perDay` never fits: then
 * until none of them counts). Two uploads at the same instant may both pass: a throttle, not a
 * lock.
 */
export async function allowRowChecks(
  db: Kysely<Database>,
  userId: number,
  rows: number,
  perDay: number,
  now: Date = new Date(),
): Promise<RowChecksAnswer> {
  const idb = withImportTables(db);
  const since = instant(new Date(now.getTime() - DAY_MS));
  const { checked } = await idb
    .selectFrom('importChecks')
    .select((eb) => eb.fn.sum<number | string | null>('rows').as('checked'))
    .where('userId', '=', userId)
    .where('createdAt', '>', since)
    .executeTakeFirstOrThrow();
  if (Number(checked ?? 0) + rows > perDay) {
    return { allowed: false, retryAfterSeconds: await secondsUntilFit(db, userId, rows, perDay, now) };
  }
  await idb.deleteFrom('importChecks').where('userId', '=', userId).where('createdAt', '<=', since).execute();
  await idb
    .insertInto('importChecks')
    .values({ userId, rows, createdAt: instant(now) })
    .execute();
  return { allowed: true };
}

/** The seconds, at least 1, until the user's checks of the last 24 hours leave room for `rows`. */
async function secondsUntilFit(
  db: Kysely<Database>,
  userId: number,
  rows: number,
  perDay: number,
  now: Date,
): Promise<number> {
  const counted = await withImportTables(db)
    .selectFrom('importChecks')
    .select(['rows', 'createdAt'])
    .where('userId', '=', userId)
    .where('createdAt', '>', instant(new Date(now.getTime() - DAY_MS)))
    .orderBy('createdAt')
    .execute();
  let checked = counted.reduce((sum, check) => sum + check.rows, 0);
  let fitsAt = now.getTime();
  // The oldest checks stop counting first, each 24 hours after it was made.
  for (const check of counted) {
    if (checked + rows <= perDay) break;
    checked -= check.rows;
    fitsAt = Date.parse(check.createdAt) + DAY_MS;
  }
  return Math.max(1, Math.ceil((fitsAt - now.getTime()) / 1000));
}
