/*
 * The one place that knows which SQL engine is underneath. Today that is SQLite through
 * better-sqlite3; PostgreSQL (DATABASE_URL) plugs in here later without touching the queries,
 * the migrations or the seed, which only use what both engines understand.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, PostgresAdapter, SqliteDialect } from 'kysely';
import type { ColumnDefinitionBuilder } from 'kysely';
import type { Database } from './schema';

export const IN_MEMORY = ':memory:';

export interface DatabaseOptions {
  /** A file path, or ':memory:' for a private database that lives as long as the connection. */
  databaseFile: string;
}

export function createDatabase({ databaseFile }: DatabaseOptions): Kysely<Database> {
  const inMemory = databaseFile === IN_MEMORY;
  if (!inMemory) mkdirSync(dirname(databaseFile), { recursive: true });
  const sqlite = new SQLite(databaseFile);
  // WAL lets readers carry on while a write commits; it has no meaning for an in-memory database.
  if (!inMemory) sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({
    dialect: new SqliteDialect({ database: sqlite }),
    plugins: [new CamelCasePlugin()],
  });
}

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * An integer primary key the database numbers itself. SQLite's AUTOINCREMENT never reuses the
 * id of a deleted row, so an old token or link can never point at a newer user.
 */
export function identityColumn(
  db: Kysely<unknown>,
): (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder {
  return isPostgres(db)
    ? (column) => column.primaryKey().generatedByDefaultAsIdentity()
    : (column) => column.primaryKey().autoIncrement();
}

/** Now, as stored: ISO 8601 UTC text sorts the same way as time on every engine. */
export function instant(date: Date = new Date()): string {
  return date.toISOString();
}

/**
 * True for a unique-constraint violation on either engine (SQLite's SQLITE_CONSTRAINT_UNIQUE,
 * PostgreSQL's 23505): a check-then-insert lost a race and the index said no.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const { code } = error as { code: unknown };
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}
