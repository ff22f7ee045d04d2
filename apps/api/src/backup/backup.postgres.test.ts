// Runs in the PostgreSQL project only (vitest.config.ts): pg_dump and pg_restore against the
// suite's PostgreSQL server.
import { copyFileSync, mkdtempSync, readFileSync, rmSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onServer } from '@sentinel/database';
import { createDatabase, PRIVATE_DATABASE_TEMPLATE_ENV, SEEDED_TEMPLATE_ENV } from '../db/database';
import { seedDemoData } from '../db/seed';
import type { TemplateHandOver } from '../db/ready-database';
import { backupDatabase } from './backup';
import type { BackupResult } from './backup';
import { backupCommand, restoreCommand } from './commands';
import type { CommandIo } from './commands';
import { manifestFileOf } from './manifest';
import { restoreBackup } from './restore';

const serverUrl = process.env[PRIVATE_DATABASE_TEMPLATE_ENV] ?? '';
const suffix = randomUUID().replaceAll('-', '');
const sourceName = `sentinel_backup_source_${suffix}`;
const targetName = `sentinel_backup_target_${suffix}`;
// The suite's server trusts every local connection, so any password passes; none may be printed.
const PASSWORD = 'backup-test-password';

function urlOf(database: string, password?: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  if (password !== undefined) url.password = password;
  return url.href;
}

function capture(env: NodeJS.ProcessEnv = {}): CommandIo & { out: string[]; errors: string[] } {
  const out: string[] = [];
  const errors: string[] = [];
  return { env, out, errors, print: (line) => out.push(line), printError: (line) => errors.push(line) };
}

async function regionNames(databaseUrl: string): Promise<string[]> {
  const db = createDatabase({ databaseFile: '', databaseUrl });
  try {
    return (await db.selectFrom('regions').select('name').orderBy('id').execute()).map(({ name }) => name);
  } finally {
    await db.destroy();
  }
}

describe('given a seeded PostgreSQL database', () => {
  let dir: string;
  let backup: BackupResult;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sentinel-backup-'));
    // A copy of the run's seeded template when the suite's setup made one, else seeded here.
    const handOver = process.env[SEEDED_TEMPLATE_ENV];
    const seeded =
      handOver === undefined || handOver === ''
        ? undefined
        : (JSON.parse(handOver) as TemplateHandOver).postgres;
    const template = decodeURIComponent(new URL(seeded ?? serverUrl).pathname.slice(1));
    await onServer(serverUrl, `create database ${sourceName} template "${template}"`);
    if (seeded === undefined) {
      const db = createDatabase({ databaseFile: '', databaseUrl: urlOf(sourceName) });
      try {
        await seedDemoData(db);
      } finally {
        await db.destroy();
      }
    }
  });

  afterAll(async () => {
    for (const name of [sourceName, targetName]) {
      await onServer(serverUrl, `drop database if exists ${name} with (force)`);
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('dumps the snapshot its manifest was read from, and a restore into a fresh database matches every table', async () => {
    const source = urlOf(sourceName);
    const writer = createDatabase({ databaseFile: '', databaseUrl: source });
    try {
      backup = await backupDatabase({
        databaseFile: '',
        databaseUrl: source,
        out: join(dir, 'base.dump'),
        // Committed after the snapshot: neither the dump nor the manifest may hold it.
        onSnapshot: async () => {
          await writer.insertInto('regions').values({ name: 'Written after the snapshot' }).execute();
        },
      });
    } finally {
      await writer.destroy();
    }
    await onServer(serverUrl, `create database ${targetName}`);

    const result = await restoreBackup({
      file: backup.file,
      into: { databaseFile: '', databaseUrl: urlOf(targetName) },
    });

    expect(result.differences).toBe(0);
    expect(result.tables.map(({ table }) => table)).toEqual(
      expect.arrayContaining(['users', 'kysely_migration']),
    );
    expect(result.tables.find(({ table }) => table === 'users')?.restored?.rows).toBe(44);
    expect(await regionNames(urlOf(sourceName))).toContain('Written after the snapshot');
    expect(await regionNames(urlOf(targetName))).toEqual(
      (await regionNames(urlOf(sourceName))).filter((name) => name !== 'Written after the snapshot'),
    );
  });

  it('never prints the password of DATABASE_URL, nor keeps it in the manifest', async () => {
    const io = capture({ DATABASE_URL: urlOf(sourceName, PASSWORD) });

    expect(await backupCommand(['--out', `${dir}/`], io)).toBe(0);

    expect(io.errors).toEqual([]);
    expect(io.out[0]).toBe(`Backing up PostgreSQL ${urlOf(sourceName)}`);
    expect(io.out[1]).toMatch(
      new RegExp(`^ {2}file: {5}${dir}/sentinel-postgres-\\d{8}T\\d{6}Z\\.dump \\(\\d+\\.\\d MB\\)$`),
    );
    expect(io.out.join('\n')).not.toContain(PASSWORD);
    const manifestFile = io.out[2]!.replace('  manifest: ', '');
    expect(manifestFile).toMatch(/\.dump\.manifest\.json$/);
    expect(readFileSync(manifestFile, 'utf8')).not.toContain(PASSWORD);
  });

  it('refuses to restore into a database that holds tables without --force, and replaces them with --force', async () => {
    const target = urlOf(targetName, PASSWORD);
    const refused = capture();

    expect(await restoreCommand([backup.file, '--into', target], refused)).toBe(1);
    expect(refused.errors.join('\n')).toMatch(
      new RegExp(
        `^${urlOf(targetName)} is not empty \\(\\d+ tables: .*\\)\\. Restore into a new database, or pass --force`,
      ),
    );

    const forced = capture();
    expect(await restoreCommand([backup.file, '--into', target, '--force'], forced)).toBe(0);
    expect(forced.out.at(-1)).toBe(
      `All ${backup.manifest.tables.length} tables match the backup: every row count and checksum.`,
    );
    expect([...forced.out, ...forced.errors].join('\n')).not.toContain(PASSWORD);
  });

  it('refuses a truncated dump and restores nothing', async () => {
    const cut = join(dir, 'cut.dump');
    copyFileSync(backup.file, cut);
    copyFileSync(backup.manifestFile, manifestFileOf(cut));
    truncateSync(cut, Math.floor(backup.manifest.bytes / 2));
    const io = capture();

    expect(await restoreCommand([cut, '--into', urlOf(targetName), '--force'], io)).toBe(1);

    expect(io.errors.join('\n')).toContain(
      'it is truncated (cut short). Nothing was restored; use another backup.',
    );
  });
});
