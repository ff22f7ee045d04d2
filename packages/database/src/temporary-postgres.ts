/*
 * A throwaway PostgreSQL server from Debian's postgresql package, for the test suite's PostgreSQL
 * project and the list bench: a fresh cluster in a temporary folder on a free local port, with
 * its unix socket in that folder, removed again by stop().
 */
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const POSTGRES_BIN = '/usr/lib/postgresql/15/bin';
/** The server refuses to run as root, so as root it runs as the package's own system user. */
const SERVER_USER = 'postgres';

export interface TemporaryPostgres {
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url(database: string): string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (typeof address === 'object' && address !== null) resolve(address.port);
        else reject(new Error('No free port on 127.0.0.1.'));
      });
    });
  });
}

async function userIds(user: string): Promise<{ uid: number; gid: number }> {
  const [{ stdout: uid }, { stdout: gid }] = await Promise.all([
    run('id', ['-u', user]),
    run('id', ['-g', user]),
  ]);
  return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
}

export async function startTemporaryPostgres(): Promise<TemporaryPostgres> {
  const initdb = join(POSTGRES_BIN, 'initdb');
  const pgCtl = join(POSTGRES_BIN, 'pg_ctl');
  if (!existsSync(initdb) || !existsSync(pgCtl)) {
    throw new Error(
      `PostgreSQL 15 server binaries are missing (${initdb}, ${pgCtl}). Install Debian's postgresql ` +
        `package (apt-get install postgresql), or point DATABASE_URL at a running server.`,
    );
  }
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'sentinel-pg-'));
  const dataDir = join(dir, 'data');
  const exec = (file: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', SERVER_USER, '--', file, ...args]) : run(file, args);
  try {
    if (asRoot) {
      const { uid, gid } = await userIds(SERVER_USER);
      chownSync(dir, uid, gid);
    }
    // C collation sorts text by code point, as SQLite does, so lists order alike on both engines.
    await exec(initdb, [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '--no-locale',
      '-E',
      'UTF8',
      '--no-sync',
    ]);
    const port = await freePort();
    const settings = [
      `-p ${port}`,
      `-k ${dir}`,
      '-c listen_addresses=127.0.0.1',
      // A throwaway cluster: durability buys nothing, speed does.
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=300',
    ].join(' ');
    await exec(pgCtl, ['-D', dataDir, '-o', settings, '-l', join(dir, 'server.log'), '-w', 'start']);
    return {
      url: (database) => `postgres://postgres@127.0.0.1:${port}/${encodeURIComponent(database)}`,
      stop: async () => {
        try {
          await exec(pgCtl, ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
