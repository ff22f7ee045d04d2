import type { ColumnDefinitionBuilder, Kysely, SelectQueryBuilder } from 'kysely';

/**
 * What differs between the SQL engines the api runs on. Every engine-specific choice lives in one
 * implementation of this per engine (sqlite.ts, postgres.ts); queries, migrations and the seed ask
 * for the engine of their Kysely instance (dialectOf in index.ts) instead of testing for it.
 */
export interface SqlDialect {
  readonly name: 'sqlite' | 'postgres';
  /** An integer primary key the database numbers itself and never reuses. */
  identityColumn(column: ColumnDefinitionBuilder): ColumnDefinitionBuilder;
  /** True for a unique-constraint violation: a check-then-insert lost a race and the index said no. */
  isUniqueViolation(error: unknown): boolean;
  /**
   * After rows were inserted with ids of their own (bulk loads), makes the next id the database
   * numbers come after the largest one in table.
   */
  continueIdsAfterMax(db: Kysely<unknown>, table: string): Promise<void>;
  /**
   * An index that serves `lower(column) like '%text%'` (the lists' contains search), where the
   * engine has one; a migration step.
   */
  createContainsIndex(
    db: Kysely<unknown>,
    index: { name: string; table: string; column: string },
  ): Promise<void>;
  dropContainsIndex(db: Kysely<unknown>, name: string): Promise<void>;
  /**
   * Brings the planner's statistics (and PostgreSQL's visibility map, which index-only scans
   * need) up to date after a bulk load, as a long-running database has them.
   */
  refreshStatistics(db: Kysely<unknown>): Promise<void>;
  /**
   * The select, locking the rows it reads until the transaction ends, so that a concurrent
   * transaction wanting them waits and then reads what this one wrote.
   */
  forUpdate<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O>;
  /**
   * The select, locking the rows it reads and passing over those another transaction holds: a
   * queue's claim, where two instances each take other rows instead of waiting on each other.
   * SQLite has one writer and no row locks: the select as it is.
   */
  forUpdateSkipLocked<DB, TB extends keyof DB, O>(
    query: SelectQueryBuilder<DB, TB, O>,
  ): SelectQueryBuilder<DB, TB, O>;
}

export function errorCode(error: unknown): unknown {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return (error as { code: unknown }).code;
}
