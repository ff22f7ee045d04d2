import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { onServer } from '@sentinel/database';
import { createDatabase, PRIVATE_DATABASE_TEMPLATE_ENV } from '../database';
import type { Database } from '../schema';

/**
 * An empty, unmigrated database of the suite's engine, for tests that migrate step by step: a
 * SQLite file, or a new database on the PostgreSQL project's server (its ':memory:' databases are
 * copies of the already migrated template). `dispose` closes it and removes it.
 */
export async function emptyDatabase(): Promise<{ db: Kysely<Database>; dispose: () => Promise<void> }> {
  if (process.env.SENTINEL_TEST_ENGINE === 'postgres') {
    const url = new URL(process.env[PRIVATE_DATABASE_TEMPLATE_ENV] ?? '');
    const name = `sentinel_migrate_${randomUUID().replaceAll('-', '')}`;
    await onServer(url.href, `create database ${name}`);
    url.pathname = `/${name}`;
    const db = createDatabase({ databaseFile: '', databaseUrl: url.href });
    return {
      db,
      dispose: async () => {
        await db.destroy();
        await onServer(url.href, `drop database if exists ${name} with (force)`);
      },
    };
  }
  const folder = mkdtempSync(join(tmpdir(), 'sentinel-migrate-'));
  const db = createDatabase({ databaseFile: join(folder, 'api.db') });
  return {
    db,
    dispose: async () => {
      await db.destroy();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
