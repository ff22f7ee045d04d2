// Runs in the PostgreSQL project only (vitest.config.ts): db:setup against DATABASE_URL.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from './app';
import { readServerConfig } from './config';
import { createDatabase, PRIVATE_DATABASE_TEMPLATE_ENV } from './db/database';
import { DEMO_SIGN_INS } from './db/seed';
import { onServer } from '@sentinel/database';
import { apiEntryArgs } from './testing/api-entry';

const run = promisify(execFile);
const APP_DIR = fileURLToPath(new URL('..', import.meta.url));

const serverUrl = process.env[PRIVATE_DATABASE_TEMPLATE_ENV] ?? '';
const name = `sentinel_setup_${randomUUID().replaceAll('-', '')}`;
const databaseUrl = (() => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.href;
})();

function dbSetup() {
  return run(process.execPath, apiEntryArgs('db-setup'), {
    cwd: APP_DIR,
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });
}

async function snapshot() {
  const db = createDatabase({ databaseFile: '', databaseUrl });
  try {
    return {
      users: await db.selectFrom('users').select(['id', 'email']).orderBy('id').execute(),
      vehicles: await db.selectFrom('vehicles').select(['id', 'registrationNumber']).orderBy('id').execute(),
      devices: await db.selectFrom('devices').select(['id', 'vehicleId']).orderBy('id').execute(),
    };
  } finally {
    await db.destroy();
  }
}

describe('db:setup with DATABASE_URL', () => {
  beforeAll(async () => {
    // An empty database, as a new deployment's is: db:setup creates the schema itself.
    await onServer(serverUrl, `create database ${name}`);
  });

  afterAll(async () => {
    await onServer(serverUrl, `drop database if exists ${name} with (force)`);
  });

  it('migrates an empty PostgreSQL database and adds the demo data, then changes nothing', async () => {
    const first = await dbSetup();

    expect(first.stdout).toContain('PostgreSQL at 127.0.0.1:');
    expect(first.stdout).toContain('0001-auth, 0002-vehicles, 0003-list-indexes');
    expect(first.stdout).toContain('demo fleet added: 40 account holders, 60 vehicles, 30 devices');
    const before = await snapshot();
    expect(before.users).toHaveLength(44);
    expect(before.devices.filter(({ vehicleId }) => vehicleId !== null).length).toBeGreaterThan(0);

    const second = await dbSetup();

    expect(second.stdout).toContain('none (up to date)');
    expect(second.stdout).toContain('none (all present)');
    expect(await snapshot()).toEqual(before);
  }, 60_000);

  it('serves the api from that database when DATABASE_URL is set', async () => {
    const { databaseUrl: configured } = readServerConfig({ DATABASE_URL: databaseUrl });
    const app = await build({ databaseUrl: configured });
    try {
      const [admin] = DEMO_SIGN_INS;
      const response = await app.inject({
        method: 'POST',
        url: '/Auth/SignInByEmail',
        payload: { email: admin?.email, password: admin?.password },
      });

      expect(response.statusCode).toBe(200);
      const vehicles = await app.db.selectFrom('vehicles').select('id').execute();
      expect(vehicles).toHaveLength(60);
    } finally {
      await app.close();
    }
  });
});
