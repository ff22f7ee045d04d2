import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Generated, Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dialectOf,
  identityColumn,
  IN_MEMORY,
  isUniqueViolation,
  onServer,
  openDatabase,
  PRIVATE_DATABASE_TEMPLATE_ENV,
} from './index';
import { startTemporaryPostgres } from './temporary-postgres';
import type { TemporaryPostgres } from './temporary-postgres';

interface Schema {
  probes: { id: Generated<number>; name: string };
}

/** The same rules, asked of each engine: ids never reused, a unique clash told apart from others. */
async function exercise(db: Kysely<Schema>): Promise<void> {
  await db.schema
    .createTable('probes')
    .addColumn('id', 'integer', identityColumn(db))
    .addColumn('name', 'text', (column) => column.notNull().unique())
    .execute();
  await db.insertInto('probes').values({ name: 'first' }).execute();
  await db.insertInto('probes').values({ name: 'second' }).execute();
  await db.deleteFrom('probes').where('name', '=', 'second').execute();
  await db.insertInto('probes').values({ name: 'third' }).execute();
  // snake_case columns come back camelCase and the deleted row's id is not handed out again.
  expect(await db.selectFrom('probes').select(['id', 'name']).orderBy('id').execute()).toEqual([
    { id: 1, name: 'first' },
    { id: 3, name: 'third' },
  ]);
  const clash = await db
    .insertInto('probes')
    .values({ name: 'first' })
    .execute()
    .catch((error: unknown) => error);
  expect(isUniqueViolation(clash)).toBe(true);
  const other = await sql`select * from missing_table`.execute(db).catch((error: unknown) => error);
  expect(isUniqueViolation(other)).toBe(false);
}

describe('SQLite, the embedded default', () => {
  it('opens a file (creating its folder) and keeps what was written across connections', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sentinel-db-'));
    const databaseFile = join(dir, 'nested', 'probe.db');
    try {
      const db = openDatabase<Schema>({ databaseFile });
      expect(dialectOf(db).name).toBe('sqlite');
      await exercise(db);
      await db.destroy();
      const again = openDatabase<Schema>({ databaseFile });
      expect(await again.selectFrom('probes').select('name').orderBy('id').execute()).toEqual([
        { name: 'first' },
        { name: 'third' },
      ]);
      await again.destroy();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('PostgreSQL', () => {
  let server: TemporaryPostgres;
  beforeAll(async () => {
    server = await startTemporaryPostgres();
    await onServer(server.url('postgres'), 'create database probe');
    await onServer(server.url('postgres'), 'create database probe_template');
  }, 60_000);
  afterAll(async () => {
    delete process.env[PRIVATE_DATABASE_TEMPLATE_ENV];
    await server.stop();
  });

  it('is used when a URL is given, with the same rules as SQLite', async () => {
    const db = openDatabase<Schema>({ databaseFile: IN_MEMORY, databaseUrl: server.url('probe') });
    try {
      expect(dialectOf(db).name).toBe('postgres');
      await exercise(db);
    } finally {
      await db.destroy();
    }
  });

  it("gives each ':memory:' database its own copy of the template while the template is set", async () => {
    process.env[PRIVATE_DATABASE_TEMPLATE_ENV] = server.url('probe_template');
    const first = openDatabase<Schema>({ databaseFile: IN_MEMORY });
    const second = openDatabase<Schema>({ databaseFile: IN_MEMORY });
    try {
      expect(dialectOf(first).name).toBe('postgres');
      await first.schema.createTable('probes').addColumn('id', 'integer').execute();
      await expect(sql`select * from probes`.execute(second)).rejects.toThrow(/probes/);
    } finally {
      await Promise.all([first.destroy(), second.destroy()]);
    }
  });
});
