import { PostgresAdapter } from 'kysely';
import type { QueryExecutor } from 'kysely';
import { postgres } from './postgres';
import { sqlite } from './sqlite';
import type { SqlDialect } from './sql-dialect';

export type { SqlDialect } from './sql-dialect';

/** The engine-specific rules for the database behind db (a Kysely instance or transaction). */
export function dialectOf(db: { getExecutor(): QueryExecutor }): SqlDialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? postgres : sqlite;
}
