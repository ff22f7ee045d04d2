/*
 * PostgreSQL's own backup tools, pg_dump and pg_restore, as the backup commands run them: found by
 * their setting, on PATH, or in Debian's versioned folders, and given the database without its
 * password on the command line (where `ps` would show it to every user of the machine).
 */
import { execFile } from 'node:child_process';
import { accessSync, constants, existsSync, readdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';

export type PostgresTool = 'pg_dump' | 'pg_restore';

/** The setting that names each tool's path. */
export const TOOL_SETTING: Record<PostgresTool, string> = { pg_dump: 'PG_DUMP', pg_restore: 'PG_RESTORE' };

/** Debian installs each major version's client tools here; /usr/bin holds only a wrapper. */
const DEBIAN_POSTGRES = '/usr/lib/postgresql';

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The tool's path: its setting (PG_DUMP, PG_RESTORE), else the first on PATH, else Debian's newest. */
export function findPostgresTool(tool: PostgresTool, env: NodeJS.ProcessEnv = process.env): string {
  const setting = TOOL_SETTING[tool];
  const configured = env[setting]?.trim();
  if (configured !== undefined && configured !== '') {
    if (!executable(configured))
      throw new Error(`${setting} is ${configured}, which is not an executable file.`);
    return configured;
  }
  for (const folder of (env['PATH'] ?? '').split(delimiter)) {
    if (folder !== '' && executable(join(folder, tool))) return join(folder, tool);
  }
  const versions = existsSync(DEBIAN_POSTGRES)
    ? readdirSync(DEBIAN_POSTGRES)
        .filter((version) => /^\d+$/.test(version))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  for (const version of versions) {
    const file = join(DEBIAN_POSTGRES, version, 'bin', tool);
    if (executable(file)) return file;
  }
  throw new Error(
    `${tool} was not found: set ${setting} to its path, put it on PATH, or install Debian's postgresql-client ` +
      'package (of the server’s major version or newer).',
  );
}

/** A PostgreSQL URL with its password removed, safe to print, log and pass on a command line. */
export function withoutPassword(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.password = '';
  return url.href;
}

/**
 * What a tool connects with: the URL without its password as --dbname, and the password in the
 * tool's environment (PGPASSWORD), which other users cannot read.
 */
export function toolConnection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const password = decodeURIComponent(new URL(databaseUrl).password);
  return {
    dbname: `--dbname=${withoutPassword(databaseUrl)}`,
    env: password === '' ? {} : { PGPASSWORD: password },
  };
}

/** Runs the tool to the end; its failure carries what it wrote on stderr, never the password. */
export function runPostgresTool(file: string, args: readonly string[], databaseUrl: string): Promise<void> {
  const { dbname, env } = toolConnection(databaseUrl);
  const password = env['PGPASSWORD'];
  return new Promise((resolve, reject) => {
    execFile(
      file,
      [dbname, ...args],
      { env: { ...process.env, ...env }, maxBuffer: 16 * 1024 * 1024 },
      (error, _stdout, stderr) => {
        if (error === null) {
          resolve();
          return;
        }
        let said = stderr.trim() || error.message;
        if (password !== undefined) said = said.replaceAll(password, '***');
        reject(new Error(`${file} failed: ${said}`));
      },
    );
  });
}
