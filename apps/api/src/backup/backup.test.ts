import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../app';
import { createDatabase, SEEDED_TEMPLATE_ENV } from '../db/database';
import type { TemplateHandOver } from '../db/ready-database';
import { backupDatabase } from './backup';
import type { BackupResult } from './backup';
import { backupCommand, restoreCommand } from './commands';
import type { CommandIo } from './commands';
import { manifestFileOf } from './manifest';
import type { BackupManifest } from './manifest';

function capture(env: NodeJS.ProcessEnv = {}): CommandIo & { out: string[]; errors: string[] } {
  const out: string[] = [];
  const errors: string[] = [];
  return { env, out, errors, print: (line) => out.push(line), printError: (line) => errors.push(line) };
}

/** A copy of a backup and its manifest under another name, to damage. */
function copyOfBackup(backup: BackupResult, file: string): string {
  copyFileSync(backup.file, file);
  copyFileSync(backup.manifestFile, manifestFileOf(file));
  return file;
}

async function regionNames(databaseFile: string): Promise<string[]> {
  const db = createDatabase({ databaseFile });
  try {
    return (await db.selectFrom('regions').select('name').orderBy('id').execute()).map(({ name }) => name);
  } finally {
    await db.destroy();
  }
}

/**
 * Puts the test run's seeded database (made once by the suite's global setup) at file, when there
 * is one: a copy takes milliseconds where seeding a file anew takes seconds.
 */
function copiedSeededDatabase(file: string): boolean {
  const handOver = process.env[SEEDED_TEMPLATE_ENV];
  const seeded =
    handOver === undefined || handOver === ''
      ? undefined
      : (JSON.parse(handOver) as TemplateHandOver).sqlite?.seeded;
  if (seeded === undefined) return false;
  copyFileSync(seeded, file);
  return true;
}

describe('given a seeded SQLite database that a running api writes to', () => {
  let dir: string;
  let databaseFile: string;
  let app: FastifyInstance;
  let backup: BackupResult;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sentinel-backup-'));
    databaseFile = join(dir, 'sentinel.db');
    app = await build({ databaseFile, seed: !copiedSeededDatabase(databaseFile) });
    backup = await backupDatabase({ databaseFile, out: join(dir, 'base.db') });
  });

  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('backs up while the api writes: the write restarts the copy, and the backup holds it', async () => {
    let written: Promise<unknown> | undefined;
    const during = await backupDatabase({
      databaseFile,
      out: join(dir, 'during.db'),
      // Small steps, so that the copy is still under way when the api writes.
      pagesPerStep: 20,
      onStep: ({ totalPages, remainingPages }) => {
        if (written === undefined && remainingPages > 0 && remainingPages < totalPages) {
          written = app.db.insertInto('regions').values({ name: 'Written during the backup' }).execute();
        }
      },
    });

    expect(written).toBeDefined();
    await written;
    expect(during.restarts).toBeGreaterThan(0);
    const restoredFile = join(dir, 'during-restored.db');
    const io = capture();
    expect(await restoreCommand([during.file, '--into', restoredFile], io)).toBe(0);
    expect(io.errors).toEqual([]);
    expect(io.out.at(-1)).toBe(
      `All ${during.manifest.tables.length} tables match the backup: every row count and checksum.`,
    );
    expect(await regionNames(restoredFile)).toContain('Written during the backup');
    expect(await regionNames(restoredFile)).toEqual(await regionNames(databaseFile));
  });

  it('prints the backup file, its size, the time taken and every table’s rows', async () => {
    const io = capture({ DATABASE_FILE: databaseFile });

    expect(await backupCommand(['--out', join(dir, 'printed.db')], io)).toBe(0);

    const manifest = JSON.parse(
      readFileSync(manifestFileOf(join(dir, 'printed.db')), 'utf8'),
    ) as BackupManifest;
    expect(io.out[0]).toBe(`Backing up SQLite ${databaseFile}`);
    expect(io.out[1]).toBe(
      `  file:     ${join(dir, 'printed.db')} (${(manifest.bytes / 1e6).toFixed(1)} MB)`,
    );
    expect(io.out[3]).toMatch(/^ {2}took: {5}\d+\.\d\d s/);
    const users = manifest.tables.find(({ table }) => table === 'users')!;
    expect(users.rows).toBe(44);
    expect(io.out).toContainEqual(expect.stringMatching(/^ {4}users +44$/));
    expect(manifest.tables.map(({ table }) => table)).toEqual(
      expect.arrayContaining(['vehicles', 'position_fixes']),
    );
    expect(statSync(join(dir, 'printed.db')).mode & 0o777).toBe(0o600);
  });

  it('refuses to write over an earlier backup', async () => {
    await expect(backupDatabase({ databaseFile, out: backup.file })).rejects.toThrow(
      `${backup.file} already exists: a backup never replaces another.`,
    );
  });

  it('refuses a truncated backup and restores nothing', async () => {
    const cut = copyOfBackup(backup, join(dir, 'cut.db'));
    truncateSync(cut, Math.floor(backup.manifest.bytes / 2));
    const io = capture();

    expect(await restoreCommand([cut, '--into', join(dir, 'from-cut.db')], io)).toBe(1);

    expect(io.errors.join('\n')).toContain('where its manifest says');
    expect(io.errors.join('\n')).toContain('it is truncated (cut short)');
    expect(existsSync(join(dir, 'from-cut.db'))).toBe(false);
  });

  it('refuses a corrupted backup and restores nothing', async () => {
    const damaged = copyOfBackup(backup, join(dir, 'damaged.db'));
    const bytes = readFileSync(damaged);
    bytes[Math.floor(bytes.length / 2)]! ^= 0xff;
    writeFileSync(damaged, bytes);
    const io = capture();

    expect(await restoreCommand([damaged, '--into', join(dir, 'from-damaged.db')], io)).toBe(1);

    expect(io.errors.join('\n')).toMatch(
      /does not match its manifest \(SHA-256 [0-9a-f]{64}, expected [0-9a-f]{64}\): it is corrupted/,
    );
    expect(existsSync(join(dir, 'from-damaged.db'))).toBe(false);
  });

  it('refuses to restore over an existing database without --force, and replaces it with --force', async () => {
    const target = join(dir, 'existing.db');
    expect(await restoreCommand([backup.file, '--into', target], capture())).toBe(0);
    await app.db.insertInto('regions').values({ name: 'Only in the live database' }).execute();
    copyFileSync(databaseFile, target);
    const refused = capture();

    expect(await restoreCommand([backup.file, '--into', target], refused)).toBe(1);
    expect(refused.errors).toEqual([
      `${target} already holds a database. Restore into a new file (--into <file>), or pass --force to replace it ` +
        '(stop the api first: a running api keeps the old file open).',
    ]);

    const forced = capture();
    expect(await restoreCommand([backup.file, '--into', target, '--force'], forced)).toBe(0);
    expect(await regionNames(target)).not.toContain('Only in the live database');
  });

  it('names every table whose rows differ from the manifest, and exits 1', async () => {
    const file = copyOfBackup(backup, join(dir, 'other-manifest.db'));
    const manifest = JSON.parse(readFileSync(manifestFileOf(file), 'utf8')) as BackupManifest;
    const users = manifest.tables.find(({ table }) => table === 'users')!;
    users.rows += 1;
    writeFileSync(manifestFileOf(file), JSON.stringify(manifest));
    const io = capture();

    expect(await restoreCommand([file, '--into', join(dir, 'other-manifest-restored.db')], io)).toBe(1);

    expect(io.out).toContainEqual(expect.stringMatching(/^ {2}users +45 +44 {2}DIFFERENT {2}<--$/));
    expect(io.errors).toEqual([
      `1 of ${manifest.tables.length} tables differ from the backup: the restored database is not the backup.`,
    ]);
  });
});
