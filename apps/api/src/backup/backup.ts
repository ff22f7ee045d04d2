/*
 * A backup of the api's database while the api keeps running, with a manifest beside it (see
 * manifest.ts): SQLite through its online backup API, PostgreSQL through pg_dump.
 *
 * SQLite copies the file page by page, a step at a time, between which the api's writes go on;
 * a write by another connection makes SQLite start the copy again, so the copy always ends as
 * one consistent snapshot, and each restart doubles the step so that a busy database still
 * finishes. In WAL mode a step only reads: it never makes a write wait. The manifest is read
 * from the copy itself.
 *
 * PostgreSQL exports the snapshot of a read-only REPEATABLE READ transaction, which pg_dump
 * dumps (--snapshot) while the same transaction reads the manifest: both see the very same rows.
 */
import { existsSync, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { DEFAULT_DATABASE_FILE } from '../config';
import { createDatabase, IN_MEMORY } from '../db/database';
import type { DatabaseOptions } from '../db/database';
import { digestOf, manifestFileOf, MANIFEST_FORMAT, writeManifest } from './manifest';
import type { BackupEngine, BackupManifest } from './manifest';
import { findPostgresTool, runPostgresTool, withoutPassword } from './postgres-tools';
import { summariseTables } from './table-summary';
import type { TableSummary } from './table-summary';

/** Where backups go unless told: apps/api/.data/backups, beside the default database. */
export const DEFAULT_BACKUP_FOLDER = join(dirname(DEFAULT_DATABASE_FILE), 'backups');

/** SQLite pages copied per step at first (4 MB of 4 kB pages). */
const PAGES_PER_STEP = 1_000;

// Backups hold what the database holds (password hashes, one-time codes): the owner's only.
const OWNER_ONLY_FILE = 0o600;
const OWNER_ONLY_FOLDER = 0o700;

export interface BackupOptions extends DatabaseOptions {
  /** The backup file, or an existing folder to write a timestamped one in. @default DEFAULT_BACKUP_FOLDER */
  out?: string | undefined;
  /** SQLite: pages copied per step before any restart. @default 1000 */
  pagesPerStep?: number;
  /** SQLite: after each step of the copy, with the pages left (tests write to the database here). */
  onStep?: (progress: { totalPages: number; remainingPages: number }) => void;
  /** PostgreSQL: once the snapshot is taken, before pg_dump reads it (tests write here). */
  onSnapshot?: () => Promise<void>;
}

export interface BackupResult {
  file: string;
  manifestFile: string;
  manifest: BackupManifest;
  /** From the start to the manifest written. */
  tookMs: number;
  /** Of which the copy itself: SQLite's backup steps, or pg_dump. */
  copyMs: number;
  /** SQLite: times a write made the copy start again. */
  restarts: number;
}

/** The database as it may be printed: a SQLite path, or a PostgreSQL URL without its password. */
export function describeDatabase({ databaseFile, databaseUrl }: DatabaseOptions): string {
  return databaseUrl === undefined ? databaseFile : withoutPassword(databaseUrl);
}

/** 2025-06-01T12:00:00.123Z -> 20250601T120000Z */
function utcStamp(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(/[-:]/g, '');
}

function backupFileFor(engine: BackupEngine, out: string | undefined, now: Date): string {
  const name = `sentinel-${engine}-${utcStamp(now)}.${engine === 'sqlite' ? 'db' : 'dump'}`;
  if (out === undefined) return join(DEFAULT_BACKUP_FOLDER, name);
  if (out.endsWith('/') || (existsSync(out) && statSync(out).isDirectory())) return join(out, name);
  return out;
}

export async function backupDatabase(options: BackupOptions): Promise<BackupResult> {
  const started = performance.now();
  const engine: BackupEngine = options.databaseUrl === undefined ? 'sqlite' : 'postgres';
  const file = backupFileFor(engine, options.out, new Date());
  const manifestFile = manifestFileOf(file);
  if (existsSync(file) || existsSync(manifestFile)) {
    throw new Error(
      `${existsSync(file) ? file : manifestFile} already exists: a backup never replaces another.`,
    );
  }
  mkdirSync(dirname(file), { recursive: true, mode: OWNER_ONLY_FOLDER });
  // Written under another name until complete, so a backup under its own name is always whole.
  const partial = `${file}.partial`;
  rmSync(partial, { force: true });
  try {
    const { takenAt, tables, restarts, copyMs } =
      options.databaseUrl === undefined
        ? await backupSqlite(options.databaseFile, partial, options)
        : await backupPostgres(options.databaseUrl, partial, options);
    const { bytes, sha256 } = await digestOf(partial);
    const manifest: BackupManifest = {
      format: MANIFEST_FORMAT,
      engine,
      takenAt: takenAt.toISOString(),
      source: describeDatabase(options),
      file: basename(file),
      bytes,
      sha256,
      tables,
    };
    renameSync(partial, file);
    await writeManifest(manifestFile, manifest);
    return { file, manifestFile, manifest, tookMs: performance.now() - started, copyMs, restarts };
  } finally {
    for (const leftover of [partial, `${partial}-wal`, `${partial}-shm`]) rmSync(leftover, { force: true });
  }
}

interface Copied {
  takenAt: Date;
  tables: TableSummary[];
  restarts: number;
  copyMs: number;
}

async function backupSqlite(databaseFile: string, partial: string, options: BackupOptions): Promise<Copied> {
  if (databaseFile === IN_MEMORY) {
    throw new Error('DATABASE_FILE is :memory:, which lives only inside its process.');
  }
  if (!existsSync(databaseFile) || statSync(databaseFile).size === 0) {
    throw new Error(`No database at ${databaseFile} (DATABASE_FILE).`);
  }
  let restarts = 0;
  const copying = performance.now();
  const source = new SQLite(databaseFile, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    let pages = options.pagesPerStep ?? PAGES_PER_STEP;
    let remaining = Number.POSITIVE_INFINITY;
    writeFileSync(partial, '', { mode: OWNER_ONLY_FILE });
    await source.backup(partial, {
      progress: ({ totalPages, remainingPages }) => {
        options.onStep?.({ totalPages, remainingPages });
        // Every step copies pages: as many left as after the last one, or more, means a write
        // started the copy again.
        if (remainingPages >= remaining) {
          restarts += 1;
          pages *= 2;
        }
        remaining = remainingPages;
        return pages;
      },
    });
  } finally {
    source.close();
  }
  const takenAt = new Date();
  const copyMs = performance.now() - copying;
  // The copy as the api would open it: checked whole, then summarised for the manifest.
  const copy = createDatabase({ databaseFile: partial });
  try {
    const { rows } = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(
      copy.withoutPlugins(),
    );
    const problems = rows.map((row) => row.integrity_check).filter((line) => line !== 'ok');
    if (problems.length > 0) {
      throw new Error(
        `The copy of ${databaseFile} fails SQLite's integrity check: ${problems.slice(0, 5).join('; ')}`,
      );
    }
    return { takenAt, tables: await summariseTables(copy), restarts, copyMs };
  } finally {
    await copy.destroy();
  }
}

async function backupPostgres(databaseUrl: string, partial: string, options: BackupOptions): Promise<Copied> {
  const pgDump = findPostgresTool('pg_dump');
  writeFileSync(partial, '', { mode: OWNER_ONLY_FILE });
  const db = createDatabase({ databaseFile: '', databaseUrl });
  try {
    return await db
      .transaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute(async (trx) => {
        const { rows } = await sql<{ snapshot: string }>`select pg_export_snapshot() as snapshot`.execute(
          trx,
        );
        const takenAt = new Date();
        await options.onSnapshot?.();
        // pg_dump imports the snapshot as it starts; the transaction stays open until both finish.
        const copying = performance.now();
        const dump = runPostgresTool(
          pgDump,
          ['--format=custom', `--snapshot=${rows[0]!.snapshot}`, `--file=${partial}`],
          databaseUrl,
        ).then(() => performance.now() - copying);
        const [summary, dumped] = await Promise.allSettled([summariseTables(trx), dump]);
        if (dumped.status === 'rejected') throw dumped.reason;
        if (summary.status === 'rejected') throw summary.reason;
        return { takenAt, tables: summary.value, restarts: 0, copyMs: dumped.value };
      });
  } finally {
    await db.destroy();
  }
}
