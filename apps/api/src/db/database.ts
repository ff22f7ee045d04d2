/*
 * The one place that picks the SQL engine: PostgreSQL when a DATABASE_URL is given, SQLite
 * otherwise. The queries, the migrations and the seed use what both engines understand; what
 * differs lives in dialect/ (one module per engine), reached through dialectOf(db).
 */
import { CamelCasePlugin, Kysely } from 'kysely';
import type { ColumnDefinitionBuilder, Dialect } from 'kysely';
import { dialectOf } from './dialect';
import { connectPostgres, connectPrivatePostgres, postgres } from './dialect/postgres';
import { connectSqlite, IN_MEMORY, sqlite } from './dialect/sqlite';
import type { Database } from './schema';

export { IN_MEMORY } from './dialect/sqlite';
export { dialectOf } from './dialect';

/**
 * Set by the test suite's PostgreSQL project: the URL of a migrated, empty template database.
 * Then ':memory:' means a fresh PostgreSQL copy of it (see connectPrivatePostgres), so every test
 * that builds an api on ':memory:' runs on PostgreSQL without knowing.
 */
export const PRIVATE_DATABASE_TEMPLATE_ENV = 'SENTINEL_PRIVATE_DATABASE_TEMPLATE_URL';

export interface DatabaseOptions {
  /** A SQLite file path, or ':memory:' for a private database that lives as long as the connection. */
  databaseFile: string;
  /** A PostgreSQL connection URL; when given, databaseFile is not used. */
  databaseUrl?: string | undefined;
}

function connect({ databaseFile, databaseUrl }: DatabaseOptions): Dialect {
  if (databaseUrl !== undefined) return connectPostgres(databaseUrl);
  const template = process.env[PRIVATE_DATABASE_TEMPLATE_ENV];
  if (databaseFile === IN_MEMORY && template !== undefined && template !== '') {
    return connectPrivatePostgres(template);
  }
  return connectSqlite(databaseFile);
}

export function createDatabase(options: DatabaseOptions): Kysely<Database> {
  return new Kysely<Database>({ dialect: connect(options), plugins: [new CamelCasePlugin()] });
}

/** An integer primary key the database numbers itself and never reuses (see the dialects). */
export function identityColumn(
  db: Kysely<unknown>,
): (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder {
  const dialect = dialectOf(db);
  return (column) => dialect.identityColumn(column);
}

/** Now, as stored: ISO 8601 UTC text sorts the same way as time on every engine. */
export function instant(date: Date = new Date()): string {
  return date.toISOString();
}

/**
 * True for a unique-constraint violation: a check-then-insert lost a race and the index said no.
 * Each engine's error carries its own code, so the error alone tells which dialect to ask.
 */
export function isUniqueViolation(error: unknown): boolean {
  return sqlite.isUniqueViolation(error) || postgres.isUniqueViolation(error);
}
