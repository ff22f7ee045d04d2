/*
 * A restore from a backup and its manifest (see backup.ts): the file is checked against the
 * manifest first (a truncated or corrupted backup restores nothing), restored into a new SQLite
 * file or an empty PostgreSQL database (anything else only with force), and the restored database
 * is then read through the api's own connection and compared, table by table, with the manifest.
 */
import { chmodSync, copyFileSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Kysely } from 'kysely';
import { createDatabase, dialectOf, IN_MEMORY } from '../db/database';
import type { DatabaseOptions } from '../db/database';
import { describeDatabase } from './backup';
import { BackupRefused, checkBackupFile, readManifest } from './manifest';
import type { BackupManifest } from './manifest';
import { findPostgresTool, runPostgresTool } from './postgres-tools';
import { summariseTables } from './table-summary';
import type { TableSummary } from './table-summary';

export interface RestoreOptions {
  /** The backup file; its manifest is beside it. */
  file: string;
  /**
   * Where to restore: a SQLite backup goes to databaseFile, a PostgreSQL one to databaseUrl (the
   * api's settings hold both, so either kind of backup finds its place).
   */
  into: DatabaseOptions;
  /** Replace an existing SQLite database, or clean a PostgreSQL database that holds tables. @default false */
  force?: boolean;
}

export interface TableComparison {
  table: string;
  /** Undefined when the restored database holds a table the backup does not. */
  backup: TableSummary | undefined;
  /** Undefined when a table of the backup is missing from the restored database. */
  restored: TableSummary | undefined;
  same: boolean;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** The database restored into, as it may be printed. */
  target: string;
  /** Copying or pg_restore (and PostgreSQL's fresh statistics). */
  restoreMs: number;
  /** Reading the restored database and comparing it with the manifest. */
  verifyMs: number;
  tables: TableComparison[];
  /** Tables that differ from the backup: 0 when the restore is exact. */
  differences: number;
}

export async function restoreBackup({ file, into, force = false }: RestoreOptions): Promise<RestoreResult> {
  const manifest = readManifest(file);
  await checkBackupFile(file, manifest);
  const target: DatabaseOptions =
    manifest.engine === 'sqlite'
      ? { databaseFile: into.databaseFile }
      : { databaseFile: '', databaseUrl: postgresTarget(into) };
  const started = performance.now();
  if (manifest.engine === 'sqlite') restoreSqlite(file, target.databaseFile, force);
  else await restorePostgres(file, target.databaseUrl!, force);
  const db = createDatabase(target);
  try {
    // pg_restore does not carry the planner's statistics: the api would plan blind until autovacuum.
    if (manifest.engine === 'postgres') await dialectOf(db).refreshStatistics(db as Kysely<unknown>);
    const verifying = performance.now();
    const tables = compareTables(manifest.tables, await summariseTables(db));
    return {
      manifest,
      target: describeDatabase(target),
      restoreMs: verifying - started,
      verifyMs: performance.now() - verifying,
      tables,
      differences: tables.filter(({ same }) => !same).length,
    };
  } finally {
    await db.destroy();
  }
}

function postgresTarget(into: DatabaseOptions): string {
  if (into.databaseUrl === undefined) {
    throw new BackupRefused(
      'This is a PostgreSQL backup: name the database to restore into with --into postgres://… or DATABASE_URL.',
    );
  }
  return into.databaseUrl;
}

function restoreSqlite(file: string, databaseFile: string, force: boolean): void {
  if (databaseFile === IN_MEMORY || databaseFile === '') {
    throw new BackupRefused(
      'This is a SQLite backup: name the file to restore into with --into <file> or DATABASE_FILE.',
    );
  }
  // An empty file is what a first open leaves; SQLite reads it as a new database.
  if (existsSync(databaseFile) && statSync(databaseFile).size > 0 && !force) {
    throw new BackupRefused(
      `${databaseFile} already holds a database. Restore into a new file (--into <file>), or pass --force to ` +
        'replace it (stop the api first: a running api keeps the old file open).',
    );
  }
  mkdirSync(dirname(databaseFile), { recursive: true, mode: 0o700 });
  const partial = `${databaseFile}.restoring`;
  try {
    copyFileSync(file, partial);
    chmodSync(partial, 0o600);
    // The old database's write-ahead log would otherwise be replayed onto the restored file.
    for (const companion of [`${databaseFile}-wal`, `${databaseFile}-shm`])
      rmSync(companion, { force: true });
    renameSync(partial, databaseFile);
  } finally {
    rmSync(partial, { force: true });
  }
}

async function restorePostgres(file: string, databaseUrl: string, force: boolean): Promise<void> {
  const pgRestore = findPostgresTool('pg_restore');
  const db = createDatabase({ databaseFile: '', databaseUrl });
  try {
    const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
    if (tables.length > 0 && !force) {
      const names = tables.map(({ name }) => name);
      throw new BackupRefused(
        `${describeDatabase({ databaseFile: '', databaseUrl })} is not empty (${tables.length} tables: ` +
          `${names.slice(0, 5).join(', ')}${names.length > 5 ? ', …' : ''}). Restore into a new database, or pass ` +
          '--force to drop and replace what the backup holds.',
      );
    }
  } finally {
    await db.destroy();
  }
  // One transaction: a restore that fails part-way leaves the database as it was.
  await runPostgresTool(
    pgRestore,
    ['--clean', '--if-exists', '--no-owner', '--single-transaction', '--exit-on-error', file],
    databaseUrl,
  );
}

/** Every table of either side, by name, with whether its rows and checksum agree. */
export function compareTables(
  backup: readonly TableSummary[],
  restored: readonly TableSummary[],
): TableComparison[] {
  const names = [...new Set([...backup, ...restored].map(({ table }) => table))].sort();
  return names.map((table) => {
    const before = backup.find((summary) => summary.table === table);
    const after = restored.find((summary) => summary.table === table);
    const same =
      before !== undefined &&
      after !== undefined &&
      before.rows === after.rows &&
      before.checksum === after.checksum;
    return { table, backup: before, restored: after, same };
  });
}
