import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDatabase, dialectOf } from './database';

// Each project of the suite names the engine it runs on (vitest.config.ts).
const engine = process.env.SENTINEL_TEST_ENGINE;

describe('the database a test opens on :memory:', () => {
  it('is on the engine of the project the suite runs', async () => {
    const db = createDatabase({ databaseFile: ':memory:' });
    try {
      expect(dialectOf(db).name).toBe(engine);
      const version =
        engine === 'postgres'
          ? await sql<{ v: string }>`select version() as v`.execute(db)
          : await sql<{ v: string }>`select 'SQLite ' || sqlite_version() as v`.execute(db);
      expect(version.rows[0]?.v).toMatch(engine === 'postgres' ? /^PostgreSQL 15/ : /^SQLite 3/);
    } finally {
      await db.destroy();
    }
  });

  it('is private: a row written to one is not in another', async () => {
    const first = createDatabase({ databaseFile: ':memory:' });
    const second = createDatabase({ databaseFile: ':memory:' });
    try {
      await first.schema.createTable('probe').addColumn('id', 'integer').execute();
      await expect(sql`select * from probe`.execute(second)).rejects.toThrow(/probe/);
    } finally {
      await Promise.all([first.destroy(), second.destroy()]);
    }
  });
});
