import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql, SqliteDialect } from 'kysely';
import type { Dialect, SqliteDatabase } from 'kysely';
import { errorCode } from './sql-dialect';
import type { SqlDialect } from './sql-dialect';

/** ':memory:' is a private database that lives as long as its connection. */
export const IN_MEMORY = ':memory:';

/** How long a connection waits for another's lock before it answers SQLITE_BUSY. */
export const BUSY_TIMEOUT_MS = 5000;

export const sqlite: SqlDialect = {
  name: 'sqlite',
  // AUTOINCREMENT never reuses the id of a deleted row, so an old token or link can never point
  // at a newer user.
  identityColumn: (column) => column.primaryKey().autoIncrement(),
  isUniqueViolation: (error) => errorCode(error) === 'SQLITE_CONSTRAINT_UNIQUE',
  // AUTOINCREMENT already continues after the largest id in the table.
  continueIdsAfterMax: () => Promise.resolve(),
  // No SQLite index serves a pattern with a leading wildcard; its scans are quick at this scale.
  createContainsIndex: () => Promise.resolve(),
  dropContainsIndex: () => Promise.resolve(),
  refreshStatistics: async (db) => {
    await sql`analyze`.execute(db);
  },
  // One connection, and transactions take turns on it: nothing to lock (SQLite has no FOR UPDATE).
  forUpdate: (query) => query,
  forUpdateSkipLocked: (query) => query,
};

// The server's own user only: the database holds password hashes and the outbox's one-time codes
// and links.
const OWNER_ONLY_FILE = 0o600;
const OWNER_ONLY_FOLDER = 0o700;

/**
 * Makes the database file owner-only before SQLite opens it, whatever the process's umask: a new
 * file (and any folder made for it) is created so, an existing one that others could read is
 * narrowed, as are its -wal and -shm. SQLite creates -wal and -shm with the main file's mode.
 */
function makeOwnerOnly(databaseFile: string): void {
  mkdirSync(dirname(databaseFile), { recursive: true, mode: OWNER_ONLY_FOLDER });
  // 'a' creates the file when missing and never truncates one that exists; SQLite reads an empty
  // file as a new database.
  closeSync(openSync(databaseFile, 'a', OWNER_ONLY_FILE));
  for (const file of [databaseFile, `${databaseFile}-wal`, `${databaseFile}-shm`]) {
    if (existsSync(file) && (statSync(file).mode & 0o777 & ~OWNER_ONLY_FILE) !== 0) {
      chmodSync(file, OWNER_ONLY_FILE);
    }
  }
}

/**
 * SQLite through better-sqlite3: a file (created owner-only with its folder when missing),
 * ':memory:', or a database image (the bytes of a database file), opened as a private in-memory
 * copy of it.
 */
export function connectSqlite(databaseFile: string | Buffer): Dialect {
  const inMemory = typeof databaseFile !== 'string' || databaseFile === IN_MEMORY;
  if (typeof databaseFile === 'string' && !inMemory) makeOwnerOnly(databaseFile);
  const database = new SQLite(databaseFile);
  // WAL lets readers carry on while a write commits; it has no meaning for an in-memory database.
  if (!inMemory) database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  return new SqliteDialect({ database: withStatementCache(database) });
}

/** Prepared statements kept per connection; past this the least recently used is dropped. */
export const STATEMENTS_KEPT = 500;

/**
 * Kysely prepares every query anew, and preparing costs SQLite more than running a one-row
 * statement: the same SQL text reuses its prepared statement instead. Statements run one at a
 * time on the one connection, so sharing one is safe.
 */
function withStatementCache(database: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => database.close(),
    prepare(text: string) {
      let statement = statements.get(text);
      if (statement === undefined) {
        statement = database.prepare(text);
        if (statements.size >= STATEMENTS_KEPT) statements.delete(statements.keys().next().value as string);
      } else {
        statements.delete(text);
      }
      statements.set(text, statement);
      return statement;
    },
  };
}
