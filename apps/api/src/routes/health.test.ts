import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { startRedisServer } from '@sentinel/signalr-hub/testing';
import type { RedisServer } from '@sentinel/signalr-hub/testing';
import { build, createDatabase, issueDeviceKey } from '../index';
import { apiEntryArgs } from '../testing/api-entry';

const READY = { status: 'ready', checks: { database: 'ok', migrations: 'ok', redis: 'not used' } };

describe('GET /health/live and GET /health/ready', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await build();
  });

  afterAll(async () => {
    await app.close();
  });

  it('says live, and ready with the database answering and every migration applied', async () => {
    const live = await app.inject({ url: '/health/live' });
    const ready = await app.inject({ url: '/health/ready' });

    expect([live.statusCode, live.json()]).toEqual([200, { status: 'live' }]);
    expect([ready.statusCode, ready.json()]).toEqual([200, READY]);
  });

  it('is not ready while a migration is missing, and after two such checks answers every other request 503 until it is back', async () => {
    const rename = (from: string, to: string) =>
      sql`update kysely_migration set name = ${to} where name = ${from}`.execute(app.db);
    await rename('0023-notifications', '0023-notifications-rolled-back');
    try {
      const ready = await app.inject({ url: '/health/ready' });
      const servedAfterOne = await app.inject({ url: '/Roles' });
      await app.inject({ url: '/health/ready' });
      const roles = await app.inject({ url: '/Roles' });
      const health = await app.inject({ url: '/health' });

      expect([ready.statusCode, ready.json()]).toEqual([
        503,
        { status: 'not ready', checks: { database: 'ok', migrations: 'pending', redis: 'not used' } },
      ]);
      // One failed check is not enough to turn requests away; two in a row are.
      expect(servedAfterOne.statusCode).toBe(401);
      expect(roles.statusCode).toBe(503);
      expect(roles.headers['retry-after']).toBe('1');
      expect(roles.json()).toMatchObject({ title: 'Service Unavailable', status: 503 });
      // The probes answer whatever the state; /health keeps meaning "the database answers".
      expect(health.statusCode).toBe(200);
    } finally {
      await rename('0023-notifications-rolled-back', '0023-notifications');
    }

    const ready = await app.inject({ url: '/health/ready' });
    const roles = await app.inject({ url: '/Roles' });

    expect(ready.statusCode).toBe(200);
    expect(roles.statusCode).toBe(401);
  });

  it('gives up on a database that does not answer after a second, and stays live meanwhile', async () => {
    // SQLite's one connection, held by a transaction that does not end: every other query waits.
    let release = () => {};
    const held = app.db.transaction().execute(() => new Promise<void>((resolve) => (release = resolve)));
    try {
      const started = performance.now();
      const asked = app.inject({ url: '/health/ready' });
      const live = await app.inject({ url: '/health/live' });
      const ready = await asked;
      const tookMs = performance.now() - started;

      expect(live.statusCode).toBe(200);
      expect([ready.statusCode, ready.json()]).toEqual([
        503,
        {
          status: 'not ready',
          checks: { database: 'timed out', migrations: 'timed out', redis: 'not used' },
        },
      ]);
      expect(tookMs).toBeGreaterThan(900);
      expect(tookMs).toBeLessThan(3_000);
    } finally {
      release();
      await held;
    }
    expect((await app.inject({ url: '/health/ready' })).statusCode).toBe(200);
  });
});

describe('GET /health/ready with REDIS_URL', () => {
  let redis: RedisServer;
  let app: FastifyInstance;

  beforeAll(async () => {
    redis = await startRedisServer();
    app = await build({ redisUrl: redis.url });
  });

  afterAll(async () => {
    await app.close();
    await redis.dispose();
  });

  /** Asks every 50 ms until /health/ready answers `status`; resolves with its last answer's body. */
  async function readyAnswers(status: number): Promise<unknown> {
    let last = await app.inject({ url: '/health/ready' });
    for (const deadline = Date.now() + 10_000; last.statusCode !== status && Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      last = await app.inject({ url: '/health/ready' });
    }
    expect(last.statusCode).toBe(status);
    return last.json();
  }

  it('is ready while Redis answers PING, not ready while it is stopped, and ready again once it is back', async () => {
    expect(await readyAnswers(200)).toEqual({ ...READY, checks: { ...READY.checks, redis: 'ok' } });

    await redis.stop();
    expect(await readyAnswers(503)).toEqual({
      status: 'not ready',
      checks: { database: 'ok', migrations: 'ok', redis: 'failed' },
    });
    await readyAnswers(503);
    expect((await app.inject({ url: '/Roles' })).statusCode).toBe(503);

    await redis.start();
    await readyAnswers(200);
    expect((await app.inject({ url: '/Roles' })).statusCode).toBe(401);
  });
});

describe('the api process at SIGTERM', () => {
  const APP_DIR = fileURLToPath(new URL('../..', import.meta.url));
  const SERIAL = 'SNT-000101';
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sentinel-drain-'));
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('turns not ready at once, answers new requests 503 while it drains, finishes the poll in flight and exits 0', async () => {
    const databaseFile = join(dir, 'sentinel.db');
    const child = spawn(process.execPath, apiEntryArgs('server'), {
      cwd: APP_DIR,
      env: {
        ...process.env,
        PORT: '0',
        LOG_LEVEL: 'info',
        DATABASE_FILE: databaseFile,
        JWT_SECRET: '',
        SHUTDOWN_DRAIN_SECONDS: '2',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      const until = async (condition: () => boolean, what: string) => {
        for (const deadline = Date.now() + 15_000; !condition();) {
          if (Date.now() > deadline || child.exitCode !== null) throw new Error(`${what}: ${output}`);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      };
      await until(() => /listening on http:\/\/\S+/.test(output), 'the api did not start');
      const url = /listening on (http:\/\/\S+)/.exec(output)![1]!;
      const db = createDatabase({ databaseFile });
      const key = await issueDeviceKey(db, SERIAL);
      await db.destroy();

      // A device's long poll, waiting for a command when the signal comes.
      const poll = fetch(`${url}/Devices/${SERIAL}/Commands?waitSeconds=25`, {
        headers: { authorization: `Device ${key}` },
      });
      await until(() => output.includes(`/Devices/${SERIAL}/Commands`), 'the poll did not arrive');
      const signalled = performance.now();
      child.kill('SIGTERM');

      let ready = await fetch(`${url}/health/ready`);
      while (ready.status === 200 && performance.now() - signalled < 1_000) {
        ready = await fetch(`${url}/health/ready`);
      }
      const live = await fetch(`${url}/health/live`);
      const roles = await fetch(`${url}/Roles`);

      expect([ready.status, ((await ready.json()) as { status: string }).status]).toEqual([
        503,
        'shutting down',
      ]);
      expect(live.status).toBe(200);
      expect(roles.status).toBe(503);
      // The poll is answered when the server closes, after the drain: waited for, not cut off.
      const answered = await poll;
      expect([answered.status, await answered.json()]).toEqual([200, { items: [] }]);
      expect(performance.now() - signalled).toBeGreaterThan(1_900);
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
