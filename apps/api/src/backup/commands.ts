/*
 * `backup` and `restore` as an operator types them (cli.ts runs them; the tests call them as they
 * are): their arguments, what they print and their exit codes (0 done, 1 refused or different,
 * 2 wrong arguments).
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { readServerConfig } from '../config';
import { IN_MEMORY } from '../db/database';
import type { DatabaseOptions } from '../db/database';
import { backupDatabase, describeDatabase } from './backup';
import { restoreBackup } from './restore';

export interface CommandIo {
  env: NodeJS.ProcessEnv;
  print: (line: string) => void;
  printError: (line: string) => void;
}

export const BACKUP_USAGE = 'Usage: npm run backup [-- --out <file or folder>]';
export const RESTORE_USAGE =
  'Usage: npm run restore -- <backup file> [--into <DATABASE_FILE or DATABASE_URL>] [--force]';

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const count = (rows: number) => rows.toLocaleString('en-US');

/**
 * Paths typed on the command line are read from where the command was typed: npm and pnpm run
 * scripts from the package's folder but keep the caller's in INIT_CWD.
 */
function typedPath(io: CommandIo, path: string): string {
  return resolve(io.env['INIT_CWD'] ?? process.cwd(), path);
}

function failure(io: CommandIo, error: unknown): number {
  io.printError(error instanceof Error ? error.message : String(error));
  return 1;
}

export async function backupCommand(args: readonly string[], io: CommandIo): Promise<number> {
  let out: string | undefined;
  try {
    ({
      values: { out },
    } = parseArgs({ args: [...args], options: { out: { type: 'string' } }, strict: true }));
  } catch (error) {
    io.printError(`${(error as Error).message}\n${BACKUP_USAGE}`);
    return 2;
  }
  try {
    const { databaseFile, databaseUrl } = readServerConfig(io.env);
    const source: DatabaseOptions = { databaseFile, databaseUrl };
    io.print(`Backing up ${databaseUrl === undefined ? 'SQLite' : 'PostgreSQL'} ${describeDatabase(source)}`);
    const result = await backupDatabase({
      ...source,
      out: out === undefined ? undefined : typedPath(io, out) + (out.endsWith('/') ? '/' : ''),
    });
    const { manifest } = result;
    io.print(`  file:     ${result.file} (${megabytes(manifest.bytes)})`);
    io.print(`  manifest: ${result.manifestFile}`);
    io.print(
      `  took:     ${seconds(result.tookMs)} (copy ${seconds(result.copyMs)}` +
        `${result.restarts > 0 ? `, restarted ${result.restarts}× by the api's writes` : ''}; checks and manifest the rest)`,
    );
    io.print(`  snapshot: ${manifest.takenAt}`);
    io.print('  rows:');
    const width = Math.max(...manifest.tables.map(({ table }) => table.length));
    for (const { table, rows } of manifest.tables)
      io.print(`    ${table.padEnd(width)}  ${count(rows).padStart(11)}`);
    return 0;
  } catch (error) {
    return failure(io, error);
  }
}

export async function restoreCommand(args: readonly string[], io: CommandIo): Promise<number> {
  let file: string | undefined;
  let into: string | undefined;
  let force: boolean | undefined;
  try {
    const parsed = parseArgs({
      args: [...args],
      options: { into: { type: 'string' }, force: { type: 'boolean' } },
      allowPositionals: true,
      strict: true,
    });
    ({ into, force } = parsed.values);
    if (parsed.positionals.length !== 1) throw new Error('Name one backup file.');
    file = parsed.positionals[0]!;
  } catch (error) {
    io.printError(`${(error as Error).message}\n${RESTORE_USAGE}`);
    return 2;
  }
  try {
    const configured = readServerConfig(io.env);
    const target: DatabaseOptions =
      into === undefined
        ? { databaseFile: configured.databaseFile, databaseUrl: configured.databaseUrl }
        : /^postgres(ql)?:\/\//.test(into)
          ? { databaseFile: IN_MEMORY, databaseUrl: into }
          : { databaseFile: typedPath(io, into) };
    const backupFile = typedPath(io, file);
    io.print(`Restoring ${backupFile}`);
    const result = await restoreBackup({ file: backupFile, into: target, force: force ?? false });
    const { manifest } = result;
    io.print(
      `  backup:   ${manifest.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'} ${manifest.source}, snapshot ${manifest.takenAt}; ` +
        `${megabytes(manifest.bytes)}, SHA-256 as in its manifest`,
    );
    io.print(`  into:     ${result.target}`);
    io.print(`  restored in ${seconds(result.restoreMs)}, verified in ${seconds(result.verifyMs)}`);
    const width = Math.max(5, ...result.tables.map(({ table }) => table.length));
    io.print(
      `  ${'table'.padEnd(width)}  ${'backup rows'.padStart(11)}  ${'restored'.padStart(11)}  checksum`,
    );
    for (const { table, backup, restored, same } of result.tables) {
      const verdict = same
        ? 'same'
        : backup === undefined
          ? 'not in the backup  <--'
          : restored === undefined
            ? 'missing  <--'
            : 'DIFFERENT  <--';
      io.print(
        `  ${table.padEnd(width)}  ${(backup === undefined ? '-' : count(backup.rows)).padStart(11)}  ` +
          `${(restored === undefined ? '-' : count(restored.rows)).padStart(11)}  ${verdict}`,
      );
    }
    if (result.differences > 0) {
      io.printError(
        `${result.differences} of ${result.tables.length} tables differ from the backup: the restored database is not the backup.`,
      );
      return 1;
    }
    io.print(`All ${result.tables.length} tables match the backup: every row count and checksum.`);
    return 0;
  } catch (error) {
    return failure(io, error);
  }
}
