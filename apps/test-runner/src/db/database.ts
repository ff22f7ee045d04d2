/*
 * The bench's state: which unit sits on which station and each unit's tests. On the engine the api
 * uses (@sentinel/database): a SQLite file by default, PostgreSQL when a URL is given (the api's
 * own database works: the bench's tables are prefixed bench_ and its migrations tracked apart).
 */
import { Migrator } from 'kysely';
import type { Generated, Kysely, Migration, MigrationProvider } from 'kysely';
import { IN_MEMORY, openDatabase } from '@sentinel/database';
import type { DatabaseOptions } from '@sentinel/database';
import type { BurnInTestStatus, BurnInTestType } from '@sentinel/domain';

export { IN_MEMORY };

export interface UnitTable {
  serialNumber: string;
  stationId: string;
  addedAt: string;
  /** JSON list of the unit's hardware faults (bench-simulator names), fixed when it is added. */
  faults: string;
  /** The ingestion key the unit was provisioned with, to report to the api as the device. */
  ingestKey: string | null;
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
  benchUnits: UnitTable;
  benchTests: TestTable;
}

export type BenchDb = Kysely<BenchDatabase>;

const migrations: Record<string, Migration> = {
  '0001-bench': {
    async up(db) {
      await db.schema
        .createTable('bench_units')
        .addColumn('serial_number', 'text', (column) => column.primaryKey())
        .addColumn('station_id', 'text', (column) => column.notNull().unique())
        .addColumn('added_at', 'text', (column) => column.notNull())
        .addColumn('faults', 'text', (column) => column.notNull().defaultTo('[]'))
        .addColumn('ingest_key', 'text')
        .execute();
      await db.schema
        .createTable('bench_tests')
        .addColumn('serial_number', 'text', (column) =>
          column.notNull().references('bench_units.serial_number').onDelete('cascade'),
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
        .addPrimaryKeyConstraint('bench_tests_pk', ['serial_number', 'test_type'])
        .execute();
      // The runner's every round looks for the tests that are due or waiting.
      await db.schema.createIndex('bench_tests_status').on('bench_tests').columns(['status']).execute();
    },
  },
};

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations) };

/** Brings the bench's tables up to date; tracked in tables of its own, apart from the api's. */
export async function migrateBench(db: BenchDb): Promise<void> {
  const { error } = await new Migrator({
    db,
    provider,
    migrationTableName: 'bench_migration',
    migrationLockTableName: 'bench_migration_lock',
  }).migrateToLatest();
  if (error !== undefined) throw error instanceof Error ? error : new Error(String(error));
}

/** Opens (and creates when missing) the bench database and brings its tables up to date. */
export async function openBenchDatabase(options: DatabaseOptions): Promise<BenchDb> {
  const db = openDatabase<BenchDatabase>(options);
  try {
    await migrateBench(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}
