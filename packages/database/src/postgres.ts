import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { CustomTypesConfig, PoolConfig } from 'pg';
import { PostgresDialect, sql } from 'kysely';
import type { Dialect, PostgresPool } from 'kysely';
import { errorCode } from './sql-dialect';
import type { SqlDialect } from './sql-dialect';

export const postgres: SqlDialect = {
  name: 'postgres',
  // Identity columns are PostgreSQL's standard, sequence-backed ids; a sequence never goes back.
  identityColumn: (column) => column.primaryKey().generatedByDefaultAsIdentity(),
  // unique_violation (SQLSTATE 23505).
  isUniqueViolation: (error) => errorCode(error) === '23505',
  // An identity column's sequence does not see ids given explicitly.
  continueIdsAfterMax: async (db, table) => {
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce(max(id), 0) + 1, false) from ${sql.table(table)}`.execute(
      db,
    );
  },
  // Trigram GIN indexes (pg_trgm, a trusted extension of the standard distribution) answer
  // like '%text%' on the lowered column without reading every row.
  createContainsIndex: async (db, { name, table, column }) => {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index ${sql.id(name)} on ${sql.table(table)} using gin (lower(${sql.ref(column)}) gin_trgm_ops)`.execute(
      db,
    );
  },
  dropContainsIndex: async (db, name) => {
    await sql`drop index if exists ${sql.id(name)}`.execute(db);
  },
  // Autovacuum would get there in time; a bench or an import should not wait for it.
  refreshStatistics: async (db) => {
    await sql`vacuum analyze`.execute(db);
  },
  // Transactions run side by side at READ COMMITTED; a row lock makes the next one wait, and its
  // following statements then see what the first committed.
  forUpdate: (query) => query.forUpdate(),
  forUpdateSkipLocked: (query) => query.forUpdate().skipLocked(),
};

const INT8_OID = 20;

/*
 * count(*) is a bigint, which pg hands over as a string to keep 64-bit values exact. Counts of
 * rows stay far below 2^53, so they are read as numbers, as SQLite gives them. Set per pool, not
 * on pg's global registry, so other users of pg in the process are not affected.
 */
const types: CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary'
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as CustomTypesConfig['getTypeParser'],
};

function poolConfig(connectionString: string): PoolConfig {
  return { connectionString, types, max: 10 };
}

/** The pools this process has opened, for the figures a metrics endpoint reads (postgresPoolFigures). */
const openPools = new Set<pg.Pool>();

/**
 * The connections of this process's PostgreSQL pools, added up: in use, idle, and the callers
 * waiting for one. Undefined when the process holds none (SQLite).
 */
export function postgresPoolFigures(): { inUse: number; idle: number; waiting: number } | undefined {
  const figures = { inUse: 0, idle: 0, waiting: 0 };
  for (const pool of openPools) {
    if (pool.ended) openPools.delete(pool);
    else {
      figures.inUse += pool.totalCount - pool.idleCount;
      figures.idle += pool.idleCount;
      figures.waiting += pool.waitingCount;
    }
  }
  return openPools.size === 0 ? undefined : figures;
}

function createPool(connectionString: string): pg.Pool {
  const pool = new pg.Pool(poolConfig(connectionString));
  openPools.add(pool);
  // An idle connection the server closed (a restart, a dropped database) is reported here and
  // would otherwise crash the process; the pool discards it and connects anew for the next
  // query, which reports any failure that lasts.
  pool.on('error', () => undefined);
  return pool;
}

/** PostgreSQL through a pg Pool on DATABASE_URL. */
export function connectPostgres(databaseUrl: string): Dialect {
  return new PostgresDialect({ pool: createPool(databaseUrl) });
}

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Runs one statement on the server of templateUrl, from its maintenance database. */
export async function onServer(templateUrl: string, statement: string): Promise<void> {
  // The server's maintenance database: nobody may be connected to a template while it is copied.
  const url = new URL(templateUrl);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.href });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A database of its own, as ':memory:' is on SQLite: a fresh copy of the template database at
 * templateUrl (migrated, empty), created on first use and dropped when Kysely is destroyed. The
 * test suite's PostgreSQL project gives every api it builds one of these.
 */
export function connectPrivatePostgres(templateUrl: string): Dialect {
  const template = decodeURIComponent(new URL(templateUrl).pathname.slice(1));
  const name = `sentinel_${randomUUID().replaceAll('-', '')}`;
  return new PostgresDialect({
    pool: async (): Promise<PostgresPool> => {
      await onServer(
        templateUrl,
        `create database ${quoteIdentifier(name)} template ${quoteIdentifier(template)}`,
      );
      const url = new URL(templateUrl);
      url.pathname = `/${name}`;
      const pool = createPool(url.href);
      return {
        connect: () => pool.connect(),
        end: async () => {
          await pool.end();
          await onServer(templateUrl, `drop database if exists ${quoteIdentifier(name)} with (force)`);
        },
      };
    },
  });
}
