/*
 * The one place that picks the SQL engine: PostgreSQL when a URL is given, SQLite otherwise. The
 * servers' queries, migrations and seeds use what both engines understand; what differs lives in
 * one module per engine (sqlite.ts, postgres.ts), reached through dialectOf(db).
 */
import { CamelCasePlugin, Kysely } from 'kysely';
import type { ColumnDefinitionBuilder, Dialect, QueryExecutor } from 'kysely';
import { dialectOf } from './dialect-of';
import { connectPostgres, connectPrivatePostgres, postgres } from './postgres';
import { connectSqlite, IN_MEMORY, sqlite } from './sqlite';

/**
 * Set by a test suite's PostgreSQL project: the URL of a migrated, empty template database. Then
 * ':memory:' means a fresh PostgreSQL copy of it (see connectPrivatePostgres), so every test that
 * opens ':memory:' runs on PostgreSQL without knowing.
 */
export const PRIVATE_DATABASE_TEMPLATE_ENV = 'SENTINEL_PRIVATE_DATABASE_TEMPLATE_URL';

export interface DatabaseOptions {
  /** A SQLite file path, or ':memory:' for a private database that lives as long as the connection. */
  databaseFile: string;
  /** A PostgreSQL connection URL; when given, databaseFile is not used. */
  databaseUrl?: string | undefined;
}

/** The Kysely dialect for these options (see PRIVATE_DATABASE_TEMPLATE_ENV for ':memory:' in tests). */
export function connectDatabase({ databaseFile, databaseUrl }: DatabaseOptions): Dialect {
  if (databaseUrl !== undefined) return connectPostgres(databaseUrl);
  const template = process.env[PRIVATE_DATABASE_TEMPLATE_ENV];
  if (databaseFile === IN_MEMORY && template !== undefined && template !== '') {
    return connectPrivatePostgres(template);
  }
  return connectSqlite(databaseFile);
}

/** A Kysely instance on the chosen engine, with snake_case columns read and written as camelCase. */
export function openDatabase<Schema>(options: DatabaseOptions): Kysely<Schema> {
  return new Kysely<Schema>({ dialect: connectDatabase(options), plugins: [new CamelCasePlugin()] });
}

/** An integer primary key the database numbers itself and never reuses (see the dialects). */
export function identityColumn(db: {
  getExecutor(): QueryExecutor;
}): (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder {
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
