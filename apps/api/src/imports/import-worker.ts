/*
 * Runs imports in the api process. A run writes its rows in batches: one transaction per batch,
 * the batch's rows decided together (one lookup per table) and written together (one insert per
 * table), the batch's outcomes and the job's cursor (rows_done) committed with them. So a stopped
 * api resumes at the first row not committed, a cancel takes effect at the next batch, and
 * nothing is half-written. Between batches the run yields to the event loop, and batches are sized
 * to stay open about BATCH_MS, because on SQLite the run holds the one connection while its
 * transaction is open and other users' requests wait for it.
 */
import { setImmediate as yieldToOthers } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { ControlledTransaction, Kysely } from 'kysely';
import { IMPORT_MESSAGES, IMPORT_TEMPLATE_TEXT, isImportTemplateExample } from '@sentinel/domain';
import type { FieldErrors, ImportOutcome, RoleName } from '@sentinel/domain';
import { scopeOf } from '../access/scope';
import { sendPasswordCreationLink } from '../auth/password-creation';
import { instant } from '../db/database';
import type { Database } from '../db/schema';
import type { MessageSender } from '../providers/messages';
import { allowSend } from '../throttle/send-log';
import { findFirstRole } from '../users/user-queries';
import { describeErrors, findJob } from './import-jobs';
import { withImportTables } from './import-tables';
import { catalogueKey } from './row-rules';
import type { Catalogue, RowValues } from './row-rules';
import { FileOverlay } from './preview';
import { loadSnapshots } from './row-snapshots';
import type { SnapshotContext } from './row-snapshots';
import { writeRows } from './write-rows';
import type { RowToWrite, RowWritten } from './write-rows';

/**
 * Rows of the first batch; later batches grow or shrink so that a batch's transaction stays open
 * about BATCH_MS (on a busy machine the same rows take longer), within MIN and MAX_BATCH_ROWS: on
 * SQLite every other request waits for the one connection meanwhile.
 */
const FIRST_BATCH_ROWS = 50;
const MIN_BATCH_ROWS = 20;
const MAX_BATCH_ROWS = 1000;
const BATCH_MS = 10;

function nextBatchRows(rows: number, elapsedMs: number): number {
  const scaled = Math.round((rows * BATCH_MS) / Math.max(elapsedMs, 1));
  // At most double at a time, so one quick batch does not make the next one very long.
  return Math.min(MAX_BATCH_ROWS, 2 * rows, Math.max(MIN_BATCH_ROWS, scaled));
}

interface StoredRow {
  rowNumber: number;
  mapped: string;
  errors: string;
  hasErrors: number;
}

/** The batch's rows decided against the database as the transaction sees it, earlier rows laid over. */
async function decideRows(
  trx: Kysely<Database>,
  rows: readonly { rowNumber: number; values: RowValues }[],
  context: SnapshotContext,
): Promise<RowToWrite[]> {
  const stored = await loadSnapshots(
    trx,
    rows.map((row) => row.values),
    context,
  );
  const overlay = new FileOverlay(context.scope.kind === 'all');
  return rows.map((row, index) => ({
    ...row,
    ...overlay.decide(row.rowNumber, row.values, {}, stored[index]!),
  }));
}

const failed = (rowNumber: number, message: string): Done => ({ rowNumber, outcome: 'Failed', message });
const written = (row: RowWritten): Done => ({ ...row, message: null });

/**
 * Writes a batch: rows with errors in the preview are Invalid, rows the database now refuses
 * (changed meanwhile) Failed, the rest written together. When the database refuses the batch's
 * writes (a unique index: written by someone else meanwhile), it is written again a row at a time,
 * a savepoint each, so only the refused row fails and nothing of it stays.
 */
async function writeBatch(
  trx: ControlledTransaction<Database>,
  rows: readonly StoredRow[],
  context: SnapshotContext,
  catalogue: Catalogue,
  log: FastifyBaseLogger,
  jobId: number,
): Promise<Done[]> {
  const done: Done[] = rows
    .filter((row) => row.hasErrors === 1)
    .map((row) => ({
      rowNumber: row.rowNumber,
      outcome: 'Invalid',
      message: describeErrors(JSON.parse(row.errors) as FieldErrors),
    }));
  const valid: { rowNumber: number; values: RowValues }[] = [];
  for (const row of rows.filter((one) => one.hasErrors !== 1)) {
    const values = JSON.parse(row.mapped) as RowValues;
    // The template's example row, as the preview said: nothing of it is written.
    if (isImportTemplateExample(values))
      done.push({
        rowNumber: row.rowNumber,
        outcome: 'Unchanged',
        message: IMPORT_TEMPLATE_TEXT.exampleSkipped,
      });
    else valid.push({ rowNumber: row.rowNumber, values });
  }
  const decided = await decideRows(trx, valid, context);
  for (const row of decided)
    if (row.plan === 'Invalid') done.push(failed(row.rowNumber, describeErrors(row.errors)));
  const toWrite = decided.filter((row) => row.plan !== 'Invalid');

  const batch = await trx.savepoint('import_batch').execute();
  try {
    done.push(...(await writeRows(batch, toWrite, context, catalogue)).map(written));
    await batch.releaseSavepoint('import_batch').execute();
    return done;
  } catch (error) {
    await batch.rollbackToSavepoint('import_batch').execute();
    log.warn({ err: error, jobId }, 'import batch refused; writing its rows one at a time');
  }
  for (const { rowNumber, values } of toWrite) {
    const one = await trx.savepoint('import_row').execute();
    try {
      const [row] = await decideRows(one, [{ rowNumber, values }], context);
      if (row!.plan === 'Invalid') done.push(failed(rowNumber, describeErrors(row!.errors)));
      else done.push(...(await writeRows(one, [row!], context, catalogue)).map(written));
      await one.releaseSavepoint('import_row').execute();
    } catch (error) {
      // Nothing of the row stays.
      await one.rollbackToSavepoint('import_row').execute();
      log.warn({ err: error, jobId, row: rowNumber }, 'import row failed');
      done.push(failed(rowNumber, error instanceof Error ? error.message : String(error)));
    }
  }
  return done;
}

/** Password-creation links one importer may have sent: a file cannot flood the outbox. */
export const IMPORT_LINK_LIMITS = [
  { max: 100, windowMs: 60_000 },
  { max: 2_000, windowMs: 24 * 3_600_000 },
];

export interface ImportWorkerContext {
  db: Kysely<Database>;
  messages: MessageSender;
  signupUrl: string;
  log: FastifyBaseLogger;
}

interface Done {
  rowNumber: number;
  outcome: ImportOutcome;
  message: string | null;
  newHolderId?: number;
}

export async function loadCatalogue(db: Kysely<Database>): Promise<Catalogue> {
  const types = await db
    .selectFrom('vehicleTypes')
    .select(['id', 'make', 'variant', 'makeVariant'])
    .execute();
  return new Map(types.map((type) => [catalogueKey(type.makeVariant), type]));
}

export class ImportWorker {
  private readonly runs = new Map<number, Promise<void>>();
  private closing = false;

  constructor(private readonly context: ImportWorkerContext) {}

  /** Runs the job unless this instance already does; resolves when the run ends. */
  start(jobId: number): Promise<void> {
    const running = this.runs.get(jobId);
    if (running) return running;
    const run = this.run(jobId)
      .catch(async (error: unknown) => {
        this.context.log.error({ err: error, jobId }, 'import failed');
        await withImportTables(this.context.db)
          .updateTable('importJobs')
          .set({ status: 'Failed', finishedOnDateTime: instant() })
          .where('id', '=', jobId)
          .where('status', '=', 'Running')
          .execute();
      })
      .finally(() => this.runs.delete(jobId));
    this.runs.set(jobId, run);
    return run;
  }

  /** Picks up the runs an earlier process left Running, measuring their rate afresh. */
  async resume(): Promise<void> {
    const idb = withImportTables(this.context.db);
    const jobs = await idb
      .selectFrom('importJobs')
      .select(['id', 'rowsDone'])
      .where('status', '=', 'Running')
      .execute();
    for (const job of jobs) {
      await idb
        .updateTable('importJobs')
        .set({ runStartedAt: instant(), runStartRowsDone: job.rowsDone })
        .where('id', '=', job.id)
        .execute();
      void this.start(job.id);
    }
  }

  /** Stops after the batches in flight; the jobs stay Running, for the next start to resume. */
  async close(): Promise<void> {
    this.closing = true;
    await Promise.allSettled(this.runs.values());
  }

  private async run(jobId: number): Promise<void> {
    const { db } = this.context;
    const idb = withImportTables(db);
    const first = await findJob(db, jobId);
    if (!first) return;
    const role = (await findFirstRole(db, first.createdByUserId)) as RoleName | undefined;
    if (role === undefined) throw new Error(`The importer of job ${jobId} no longer exists`);
    const scope = await scopeOf(db, { userId: first.createdByUserId, role });
    const context = { scope, companyId: first.companyId };
    const catalogue = await loadCatalogue(db);
    let batchRows = FIRST_BATCH_ROWS;

    while (!this.closing) {
      const job = await findJob(db, jobId);
      if (!job || job.status !== 'Running') return;
      const rows = await idb
        .selectFrom('importRows')
        .select(['rowNumber', 'mapped', 'errors', 'hasErrors'])
        .where('jobId', '=', jobId)
        .where('rowNumber', '>', job.rowsDone)
        .orderBy('rowNumber')
        .limit(batchRows)
        .execute();
      if (rows.length === 0) {
        await idb
          .updateTable('importJobs')
          .set({ status: 'Completed', finishedOnDateTime: instant() })
          .where('id', '=', jobId)
          .where('status', '=', 'Running')
          .execute();
        return;
      }

      const began = performance.now();
      const trx = await db.startTransaction().execute();
      let done: Done[];
      try {
        done = await writeBatch(trx, rows, context, catalogue, this.context.log, jobId);
        const itrx = withImportTables(trx);
        // One update per outcome and message (most rows of a batch share them), not one per row.
        const groups = new Map<string, Done[]>();
        for (const row of done) {
          const group = `${row.outcome}\u0000${row.message ?? ''}`;
          const rowsOfGroup = groups.get(group);
          if (rowsOfGroup) rowsOfGroup.push(row);
          else groups.set(group, [row]);
        }
        for (const [, group] of groups) {
          await itrx
            .updateTable('importRows')
            .set({ outcome: group[0]!.outcome, message: group[0]!.message })
            .where('jobId', '=', jobId)
            .where(
              'rowNumber',
              'in',
              group.map((row) => row.rowNumber),
            )
            .execute();
        }
        const count = (outcome: ImportOutcome) => done.filter((row) => row.outcome === outcome).length;
        const last = rows[rows.length - 1]!.rowNumber;
        // Only from where this run read, and only while Running: a cancel (or another instance
        // that got there first) rolls the batch back instead.
        const moved = await itrx
          .updateTable('importJobs')
          .set((eb) => ({
            rowsDone: last,
            resultCreated: eb('resultCreated', '+', count('Created')),
            resultUpdated: eb('resultUpdated', '+', count('Updated')),
            resultUnchanged: eb('resultUnchanged', '+', count('Unchanged')),
            resultInvalid: eb('resultInvalid', '+', count('Invalid')),
            resultFailed: eb('resultFailed', '+', count('Failed')),
          }))
          .where('id', '=', jobId)
          .where('rowsDone', '=', job.rowsDone)
          .where('status', '=', 'Running')
          .executeTakeFirst();
        if (moved.numUpdatedRows === 0n) {
          await trx.rollback().execute();
          return;
        }
        await trx.commit().execute();
      } catch (error) {
        await trx.rollback().execute();
        throw error;
      }
      batchRows = nextBatchRows(batchRows, performance.now() - began);

      if (job.sendPasswordLinks === 1) await this.sendLinks(jobId, job.createdByUserId, done);
      await yieldToOthers();
    }
  }

  /** Links to the batch's new holders, throttled per importer; each row's message says what happened. */
  private async sendLinks(jobId: number, importerId: number, done: readonly Done[]): Promise<void> {
    const { db } = this.context;
    for (const row of done) {
      if (row.newHolderId === undefined) continue;
      const allowed = await allowSend(db, `import-links:${String(importerId)}`, IMPORT_LINK_LIMITS);
      const outcome = allowed ? await sendPasswordCreationLink(this.context, row.newHolderId) : 'throttled';
      const message =
        outcome === 'sent'
          ? IMPORT_MESSAGES.linkSent
          : outcome === 'throttled'
            ? IMPORT_MESSAGES.linkThrottled
            : IMPORT_MESSAGES.linkNotSent;
      await withImportTables(db)
        .updateTable('importRows')
        .set({ message })
        .where('jobId', '=', jobId)
        .where('rowNumber', '=', row.rowNumber)
        .execute();
    }
  }
}
