import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from './db/database';
import { apiEntryArgs } from './testing/api-entry';

const run = promisify(execFile);
const APP_DIR = fileURLToPath(new URL('..', import.meta.url));

/** Runs `db:setup`'s src/db-setup.ts (the run's bundle of it) as its own process, as pnpm does. */
function dbSetup(databaseFile: string) {
  return run(process.execPath, apiEntryArgs('db-setup'), {
    cwd: APP_DIR,
    env: { ...process.env, DATABASE_FILE: databaseFile },
  });
}

async function snapshot(databaseFile: string) {
  const db = createDatabase({ databaseFile });
  try {
    return {
      roles: await db.selectFrom('roles').selectAll().orderBy('id').execute(),
      users: await db.selectFrom('users').selectAll().orderBy('id').execute(),
      userRoles: await db.selectFrom('userRoles').selectAll().orderBy('userId').execute(),
      vehicles: await db.selectFrom('vehicles').selectAll().orderBy('id').execute(),
      history: await db.selectFrom('vehicleHistory').selectAll().orderBy('id').execute(),
    };
  } finally {
    await db.destroy();
  }
}

describe('db:setup', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sentinel-db-setup-'));
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('creates the database with the four roles, the four demo users and the demo fleet', async () => {
    const file = join(dir, 'fresh', 'sentinel.db');

    const { stdout } = await dbSetup(file);

    expect(stdout).toContain('0001-auth');
    expect(stdout).toContain('0002-vehicles');
    expect(stdout).toContain('demo fleet added: 40 account holders, 60 vehicles, 30 devices');
    const snap = await snapshot(file);
    const { roles, userRoles } = snap;
    const users = snap.users.filter((user) => user.email.endsWith('@sentinel.demo'));
    expect(roles.map((role) => role.name)).toEqual([
      'Admin',
      'Technical-Agent',
      'Company-Admin',
      'Account-Holder',
    ]);
    expect(users.map((user) => user.email)).toEqual([
      'admin@sentinel.demo',
      'agent@sentinel.demo',
      'company.admin@sentinel.demo',
      'holder@sentinel.demo',
    ]);
    expect(users.every((user) => user.passwordHash?.startsWith('$argon2id$'))).toBe(true);
    expect(userRoles).toHaveLength(44);
    expect(snap.vehicles).toHaveLength(60);
  }, 20_000);

  it('changes nothing when run a second time', async () => {
    const file = join(dir, 'twice', 'sentinel.db');
    await dbSetup(file);
    const before = await snapshot(file);

    const { stdout } = await dbSetup(file);

    expect(stdout).toContain('none (up to date)');
    expect(stdout).toContain('none (all present)');
    expect(await snapshot(file)).toEqual(before);
  }, 20_000);

  it('keeps data added since and puts back only a demo user that was removed', async () => {
    const file = join(dir, 'kept', 'sentinel.db');
    await dbSetup(file);
    const db = createDatabase({ databaseFile: file });
    await db
      .insertInto('users')
      .values({
        email: 'new.agent@sentinel.demo',
        firstName: 'Sipho',
        lastName: 'Zulu',
        phoneNumber: '791234567',
        createdOnDateTime: new Date().toISOString(),
      })
      .execute();
    await db.deleteFrom('users').where('email', '=', 'holder@sentinel.demo').execute();
    await db.destroy();

    const { stdout } = await dbSetup(file);

    expect(stdout).toContain('holder@sentinel.demo');
    // Her vehicles went with her and come back with her; nobody else's are added twice.
    expect(stdout).toContain('demo fleet added: 0 account holders, 2 vehicles, 0 devices');
    const { users } = await snapshot(file);
    expect(
      users
        .map((user) => user.email)
        .filter((email) => email.includes('sentinel.demo'))
        .sort(),
    ).toEqual([
      'admin@sentinel.demo',
      'agent@sentinel.demo',
      'company.admin@sentinel.demo',
      'holder@sentinel.demo',
      'new.agent@sentinel.demo',
    ]);
  }, 20_000);
});
