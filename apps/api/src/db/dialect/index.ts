import { PostgresAdapter } from 'kysely';
import type { Kysely } from 'kysely';
import { postgres } from './postgres';
import { sqlite } from './sqlite';
import type { SqlDialect } from './sql-dialect';

export type { SqlDialect } from './sql-dialect';

/** The engine-specific rules for the database behind db. */
export function dialectOf<DB>(db: Kysely<DB>): SqlDialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? postgres : sqlite;
}
