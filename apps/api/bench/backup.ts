/*
 * pnpm --filter @sentinel/api bench:backup [sqlite|postgres]
 *
 * How long a backup and a restore of the demo's 100k-holder database take (the RPO's backup window
 * and the RTO), and how large the backup is: the lists bench's data (100,000 account holders,
 * 150,000 vehicles, see big-data.ts) with the demo seed on top, on SQLite (a temporary file) and on
 * PostgreSQL (a temporary server from Debian's postgresql package, or a database of the bench's
 * own on the server of DATABASE_URL, dropped afterwards). On each engine: a backup of the quiet
 * database, a backup while a writer commits a row every 20 ms (SQLite restarts its copy after
 * each; PostgreSQL dumps its snapshot), and a restore into a new database with its verification,
 * exactly as `npm run backup` and `npm run restore` do them.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { onServer } from '@sentinel/database';
import { startTemporaryPostgres } from '@sentinel/database/temporary-postgres';
import { backupDatabase } from '../src/backup/backup';
import type { BackupResult } from '../src/backup/backup';
import { restoreBackup } from '../src/backup/restore';
import type { RestoreResult } from '../src/backup/restore';
import { createDatabase } from '../src/db/database';
import type { DatabaseOptions } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrations';
import type { Database } from '../src/db/schema';
import { seedDemoData } from '../src/db/seed';
import { loadBigData } from './big-data';

const ENGINES = ['sqlite', 'postgres'].filter(
  (engine) =>
    !process.argv.slice(2).some((arg) => ['sqlite', 'postgres'].includes(arg)) ||
    process.argv.includes(engine),
);
/** The writer's pace while the second backup runs. */
const WRITE_EVERY_MS = 20;

const log = (text: string) => process.stdout.write(`${text}\n`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(0)} MB`;

interface EngineFigures {
  engine: string;
  rows: number;
  databaseBytes: number;
  quiet: BackupResult;
  busy: BackupResult;
  writes: number;
  restore: RestoreResult;
}

/** Commits a row every WRITE_EVERY_MS through a connection of its own until stopped. */
function keepWriting(db: Kysely<Database>): { stop: () => Promise<number> } {
  let writes = 0;
  let last: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    last = last.then(() =>
      db
        .insertInto('regions')
        .values({ name: `Written during the backup ${writes}` })
        .execute()
        .then(() => (writes += 1)),
    );
  }, WRITE_EVERY_MS);
  return {
    stop: async () => {
      clearInterval(timer);
      await last;
      return writes;
    },
  };
}

async function benchEngine(engine: string, source: DatabaseOptions, target: DatabaseOptions, dir: string) {
  const started = performance.now();
  const db = createDatabase(source);
  try {
    await migrateToLatest(db);
    await loadBigData(db);
    await seedDemoData(db);
  } finally {
    await db.destroy();
  }
  log(`${engine}: loaded in ${seconds(performance.now() - started)}`);

  const quiet = await backupDatabase({ ...source, out: join(dir, `${engine}-quiet.backup`) });
  log(
    `${engine}: backup of the quiet database in ${seconds(quiet.tookMs)} (copy ${seconds(quiet.copyMs)}), ` +
      `${megabytes(quiet.manifest.bytes)}`,
  );

  const writer = createDatabase(source);
  let busy: BackupResult;
  let writes: number;
  try {
    const writing = keepWriting(writer);
    try {
      busy = await backupDatabase({ ...source, out: join(dir, `${engine}-busy.backup`) });
    } finally {
      writes = await writing.stop();
    }
  } finally {
    await writer.destroy();
  }
  log(
    `${engine}: backup while writing in ${seconds(busy.tookMs)} (copy ${seconds(busy.copyMs)}; ${writes} rows ` +
      `written meanwhile, ${busy.restarts} restarts)`,
  );

  const restore = await restoreBackup({ file: quiet.file, into: target });
  log(
    `${engine}: restore in ${seconds(restore.restoreMs)}, verified in ${seconds(restore.verifyMs)}, ` +
      `${restore.differences} tables different`,
  );
  if (restore.differences > 0) throw new Error(`${engine}: the restored database differs from its backup.`);

  const databaseBytes =
    source.databaseUrl === undefined
      ? statSync(source.databaseFile).size
      : await sizeOfPostgres(source.databaseUrl);
  const rows = quiet.manifest.tables.reduce((sum, { rows: count }) => sum + count, 0);
  return { engine, rows, databaseBytes, quiet, busy, writes, restore } satisfies EngineFigures;
}

async function sizeOfPostgres(databaseUrl: string): Promise<number> {
  const db = createDatabase({ databaseFile: '', databaseUrl });
  try {
    const { rows } = await sql<{
      bytes: number;
    }>`select pg_database_size(current_database()) as bytes`.execute(db);
    return Number(rows[0]!.bytes);
  } finally {
    await db.destroy();
  }
}

/** A PostgreSQL server to bench on: DATABASE_URL's, or a temporary one. */
async function postgresServer(): Promise<{ serverUrl: string; stop: () => Promise<void> }> {
  const given = process.env['DATABASE_URL']?.trim();
  if (given !== undefined && given !== '') return { serverUrl: given, stop: () => Promise.resolve() };
  const server = await startTemporaryPostgres();
  return { serverUrl: server.url('postgres'), stop: () => server.stop() };
}

function databaseOn(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.href;
}

const dir = mkdtempSync(join(tmpdir(), 'sentinel-bench-backup-'));
const figures: EngineFigures[] = [];
try {
  if (ENGINES.includes('sqlite')) {
    figures.push(
      await benchEngine(
        'SQLite',
        { databaseFile: join(dir, 'sentinel.db') },
        { databaseFile: join(dir, 'restored.db') },
        dir,
      ),
    );
  }
  if (ENGINES.includes('postgres')) {
    const postgres = await postgresServer();
    const suffix = randomUUID().replaceAll('-', '');
    const [source, target] = [`sentinel_bench_${suffix}`, `sentinel_bench_restored_${suffix}`];
    try {
      await onServer(postgres.serverUrl, `create database ${source}`);
      await onServer(postgres.serverUrl, `create database ${target}`);
      figures.push(
        await benchEngine(
          'PostgreSQL',
          { databaseFile: '', databaseUrl: databaseOn(postgres.serverUrl, source) },
          { databaseFile: '', databaseUrl: databaseOn(postgres.serverUrl, target) },
          dir,
        ),
      );
    } finally {
      for (const name of [source, target]) {
        await onServer(postgres.serverUrl, `drop database if exists ${name} with (force)`).catch(
          () => undefined,
        );
      }
      await postgres.stop();
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

log('');
log(`Node ${process.version}, ${process.platform}; the demo's 100k-holder database.`);
log('');
log(
  '| engine     |      rows | database | backup file | backup (quiet) | backup (writing)   | restore | verify | RTO (restore + verify) |',
);
log(
  '| ---------- | --------: | -------: | ----------: | -------------: | -----------------: | ------: | -----: | ---------------------: |',
);
for (const { engine, rows, databaseBytes, quiet, busy, writes, restore } of figures) {
  log(
    `| ${engine.padEnd(10)} | ${rows.toLocaleString('en-US').padStart(9)} | ${megabytes(databaseBytes).padStart(8)} | ` +
      `${megabytes(quiet.manifest.bytes).padStart(11)} | ${seconds(quiet.tookMs).padStart(14)} | ` +
      `${`${seconds(busy.tookMs)}, ${writes} writes`.padStart(18)} | ${seconds(restore.restoreMs).padStart(7)} | ` +
      `${seconds(restore.verifyMs).padStart(6)} | ${seconds(restore.restoreMs + restore.verifyMs).padStart(22)} |`,
  );
}
