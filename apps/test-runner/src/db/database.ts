/*
 * The bench's state: which unit sits on which station and each unit's tests. SQLite through
 * better-sqlite3 (a file by default, ':memory:' in tests), so the state survives a restart.
 */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { CamelCasePlugin, Kysely, SqliteDialect } from 'kysely';
import type { Generated } from 'kysely';
import type { BurnInTestStatus, BurnInTestType } from '@sentinel/domain';

export const IN_MEMORY = ':memory:';

export interface UnitTable {
  serialNumber: string;
  stationId: string;
  addedAt: string;
  /** JSON list of the unit's hardware faults (bench-simulator names), fixed when it is added. */
  faults: string;
}

export interface TestTable {
  serialNumber: string;
  testType: BurnInTestType;
  /** The bench's running order, so a unit's tests are listed and run the same way every time. */
  position: number;
  status: BurnInTestStatus;
  startTime: string | null;
  endTime: string | null;
  /** When an InProgress test has measured long enough (ISO 8601 UTC). */
  dueAt: string | null;
  failureReason: string | null;
  /** JSON of the measured values. */
  testData: string;
  /** How many times the test has been started; each attempt measures afresh. */
  attempts: Generated<number>;
}

export interface BenchDatabase {
  units: UnitTable;
  tests: TestTable;
}

export type BenchDb = Kysely<BenchDatabase>;

/** Opens (and creates when missing) the bench database and brings its tables up to date. */
export async function openBenchDatabase(file: string): Promise<BenchDb> {
  if (file !== IN_MEMORY) mkdirSync(dirname(file), { recursive: true });
  const sqlite = new Database(file);
  // WAL: the screen's reads do not wait behind the runner's writes.
  if (file !== IN_MEMORY) sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<BenchDatabase>({
    dialect: new SqliteDialect({ database: sqlite }),
    plugins: [new CamelCasePlugin()],
  });
  await migrate(db);
  return db;
}

async function migrate(db: BenchDb): Promise<void> {
  await db.schema
    .createTable('units')
    .ifNotExists()
    .addColumn('serial_number', 'text', (column) => column.primaryKey())
    .addColumn('station_id', 'text', (column) => column.notNull().unique())
    .addColumn('added_at', 'text', (column) => column.notNull())
    .addColumn('faults', 'text', (column) => column.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .createTable('tests')
    .ifNotExists()
    .addColumn('serial_number', 'text', (column) =>
      column.notNull().references('units.serial_number').onDelete('cascade'),
    )
    .addColumn('test_type', 'text', (column) => column.notNull())
    .addColumn('position', 'integer', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('start_time', 'text')
    .addColumn('end_time', 'text')
    .addColumn('due_at', 'text')
    .addColumn('failure_reason', 'text')
    .addColumn('test_data', 'text', (column) => column.notNull().defaultTo('{}'))
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('tests_pk', ['serial_number', 'test_type'])
    .execute();
}
