/*
 * The import's own tables (migrations 0010 and 0015). They are declared here, beside the only code that
 * reads them, and added to the api's schema with Kysely's withTables (which takes type
 * literals, not interfaces: it needs their implicit index signature).
 */
import type { ColumnType, Generated, Kysely } from 'kysely';
import type { ImportOutcome, ImportPlan, ImportStatus } from '@sentinel/domain';
import type { Database, Flag, Instant } from '../db/schema';

type Counter = ColumnType<number, number | undefined, number>;

export type ImportJobsTable = {
  id: Generated<number>;
  createdByUserId: number;
  companyId: number | null;
  fileName: string;
  status: ImportStatus;
  /** JSON array of the header row. */
  headers: string;
  /** JSON object: field key to 0-based column. */
  mapping: string;
  totalRows: number;
  previewNew: Counter;
  previewUpdated: Counter;
  previewUnchanged: Counter;
  previewInvalid: Counter;
  rowsDone: Counter;
  resultCreated: Counter;
  resultUpdated: Counter;
  resultUnchanged: Counter;
  resultInvalid: Counter;
  resultFailed: Counter;
  sendPasswordLinks: ColumnType<Flag, Flag | undefined, Flag>;
  runStartedAt: ColumnType<Instant | null, Instant | null | undefined, Instant | null>;
  runStartRowsDone: Counter;
  createdOnDateTime: Instant;
  finishedOnDateTime: ColumnType<Instant | null, Instant | null | undefined, Instant | null>;
};

export type ImportRowsTable = {
  jobId: number;
  rowNumber: number;
  /** JSON array of the row's cells as read. */
  cells: string;
  /** JSON object: field key to value, after the mapping. */
  mapped: ColumnType<string, string | undefined, string>;
  /** JSON object: field key to messages. */
  errors: ColumnType<string, string | undefined, string>;
  hasErrors: ColumnType<Flag, Flag | undefined, Flag>;
  plan: ColumnType<ImportPlan, ImportPlan | undefined, ImportPlan>;
  outcome: ColumnType<ImportOutcome | null, ImportOutcome | null | undefined, ImportOutcome | null>;
  message: ColumnType<string | null, string | null | undefined, string | null>;
};

/** Rows a Company-Admin's previews checked, one record per upload or new mapping. */
export type ImportChecksTable = {
  id: Generated<number>;
  userId: number;
  rows: number;
  createdAt: Instant;
};

export type ImportTables = {
  importJobs: ImportJobsTable;
  importRows: ImportRowsTable;
  importChecks: ImportChecksTable;
};

export type ImportDatabase = Database & ImportTables;

/** The api's database seen with the import's tables. */
export const withImportTables = (db: Kysely<Database>): Kysely<ImportDatabase> =>
  db.withTables<ImportTables>();
