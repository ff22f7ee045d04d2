import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiEntryArgs } from './testing/api-entry';

const APP_DIR = fileURLToPath(new URL('..', import.meta.url));
const running = new Set<ChildProcess>();

/** Starts `pnpm start`'s src/server.ts (the run's bundle of it) on a free port; resolves with the URL it prints. */
function startServer(databaseFile: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, apiEntryArgs('server'), {
    cwd: APP_DIR,
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'warn', DATABASE_FILE: databaseFile, JWT_SECRET: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve({ url: match[1], child });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

describe('the api server process', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sentinel-server-'));
  });

  afterEach(async () => {
    await Promise.all([...running].map(stop));
    running.clear();
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('seeds a new database, prints its URL, and keeps tokens valid across a restart', async () => {
    const databaseFile = join(dir, 'sentinel.db');
    const first = await startServer(databaseFile);
    expect(first.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const signIn = await fetch(`${first.url}/Auth/SignInByEmail`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'holder@sentinel.demo', password: 'Sentinel#Holder1' }),
    });
    expect(signIn.status).toBe(200);
    const { accessToken, refreshToken } = (await signIn.json()) as {
      accessToken: string;
      refreshToken: string;
    };
    await stop(first.child);

    const second = await startServer(databaseFile);
    const refreshed = await fetch(`${second.url}/Auth/RefreshTokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ accessToken, refreshToken }),
    });

    expect(refreshed.status).toBe(200);
  }, 30_000);

  it('creates its data folder for its own user only: the folder 0700, every file in it 0600', async () => {
    const folder = join(dir, 'private-data');
    const server = await startServer(join(folder, 'sentinel.db'));
    await stop(server.child);

    expect((await stat(folder)).mode & 0o777).toBe(0o700);
    const files = await readdir(folder);
    expect(files).toEqual(expect.arrayContaining(['sentinel.db', 'jwt-secret']));
    for (const file of files) {
      expect((await stat(join(folder, file))).mode & 0o777, file).toBe(0o600);
    }
  }, 30_000);
});
