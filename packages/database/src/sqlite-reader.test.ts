import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, sql } from 'kysely';
import type { Generated } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IN_MEMORY, openDatabase, openReader, readerOf } from './index';
import { SqliteReaderDialect, SqliteReaderThreads } from './sqlite-reader';

interface Schema {
  probes: { id: Generated<number>; probeName: string; payload: Buffer | null };
}

let dir: string;
let databaseFile: string;
let db: Kysely<Schema>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sentinel-reader-'));
  databaseFile = join(dir, 'reader.db');
  db = openDatabase<Schema>({ databaseFile });
  await sql`create table probes (id integer primary key, probe_name text not null, payload blob)`.execute(db);
  await db
    .insertInto('probes')
    .values([
      { probeName: 'first', payload: Buffer.from([1, 2, 3]) },
      { probeName: 'second', payload: null },
      { probeName: 'third', payload: null },
    ])
    .execute();
});

afterAll(async () => {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

describe('given a SQLite file', () => {
  it('reads the same rows as the database itself, camelCase and BLOBs included', async () => {
    const reader = openReader(db, { databaseFile });
    try {
      expect(reader).not.toBe(db);
      expect(readerOf(db)).toBe(reader);
      const query = db
        .selectFrom('probes')
        .select(['id', 'probeName', 'payload'])
        .where('probeName', '!=', 'second')
        .orderBy('id', 'desc')
        .compile();
      const fromReader = await reader.executeQuery(query);
      expect(fromReader.rows).toEqual((await db.executeQuery(query)).rows);
      expect(fromReader.rows.map((row) => row.probeName)).toEqual(['third', 'first']);
      expect(Buffer.isBuffer(fromReader.rows[1]?.payload)).toBe(true);
      // A query built on the reader runs there too.
      expect(await reader.selectFrom('probes').select('probeName').where('id', '=', 2).execute()).toEqual([
        { probeName: 'second' },
      ]);
    } finally {
      await reader.destroy();
    }
  });

  it('sees a write the database committed just before', async () => {
    const reader = openReader(db, { databaseFile });
    try {
      const count = db
        .selectFrom('probes')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .compile();
      const before = (await reader.executeQuery(count)).rows[0]?.count;
      await db.insertInto('probes').values({ probeName: 'fourth', payload: null }).execute();
      expect((await reader.executeQuery(count)).rows[0]?.count).toBe(Number(before) + 1);
      await db.deleteFrom('probes').where('probeName', '=', 'fourth').execute();
    } finally {
      await reader.destroy();
    }
  });

  it('rejects with the SQLite error the database itself raises, and refuses writes', async () => {
    const reader = openReader(db, { databaseFile });
    try {
      const bad = sql`select missing_column from probes`.compile(db);
      const own = await db.executeQuery(bad).catch((error: unknown) => error);
      const read = await reader.executeQuery(bad).catch((error: unknown) => error);
      expect(read).toBeInstanceOf(SQLite.SqliteError);
      expect(read).toMatchObject({ code: 'SQLITE_ERROR', message: (own as Error).message });
      await expect(reader.executeQuery(db.deleteFrom('probes').compile())).rejects.toThrow(
        /only statements that return rows/,
      );
      await expect(reader.transaction().execute(() => Promise.resolve())).rejects.toThrow(/single reads/);
    } finally {
      await reader.destroy();
    }
  });

  it('carries on when a thread stops: its pending query fails, the next starts another thread', async () => {
    const threads = new SqliteReaderThreads(databaseFile, 1);
    const reader = new Kysely<Schema>({
      dialect: new SqliteReaderDialect(threads),
      plugins: [new CamelCasePlugin()],
    });
    try {
      expect(await reader.selectFrom('probes').select('id').execute()).toHaveLength(3);
      const [first] = threads.workers;
      // Long enough (a few hundred ms) to be running when its thread is stopped.
      const slow = sql`with recursive n(x) as (select 1 union all select x + 1 from n where x < 1000000) select count(*) as c from n`;
      const pending = slow.execute(reader);
      await first!.terminate();
      await expect(pending).rejects.toThrow(/thread stopped/);
      expect(await reader.selectFrom('probes').select('id').execute()).toHaveLength(3);
      expect(threads.workers).toHaveLength(1);
      expect(threads.workers[0]).not.toBe(first);
    } finally {
      await reader.destroy();
    }
    await expect(threads.run('select 1', [])).rejects.toThrow(/closed/);
  });
});

describe('given a database no other connection can read', () => {
  it("is the database itself for ':memory:'", async () => {
    const memory = openDatabase<Schema>({ databaseFile: IN_MEMORY });
    try {
      expect(openReader(memory, { databaseFile: IN_MEMORY })).toBe(memory);
      expect(readerOf(memory)).toBe(memory);
    } finally {
      await memory.destroy();
    }
  });

  it('is the database itself for PostgreSQL, which reads off the server thread on its own', async () => {
    // The pool connects on its first query; none is made here.
    const options = { databaseFile: IN_MEMORY, databaseUrl: 'postgres://postgres@127.0.0.1:1/none' };
    const postgres = openDatabase<Schema>(options);
    try {
      expect(openReader(postgres, options)).toBe(postgres);
    } finally {
      await postgres.destroy();
    }
  });

  it('is the transaction itself inside a transaction, which sees its own uncommitted writes', async () => {
    const reader = openReader(db, { databaseFile });
    try {
      await db.transaction().execute(async (trx) => {
        expect(readerOf<Schema>(trx)).toBe(trx);
      });
    } finally {
      await reader.destroy();
    }
  });
});
