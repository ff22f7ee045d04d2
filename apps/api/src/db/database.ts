/*
 * The api's database: the engine is chosen by @sentinel/database (PostgreSQL when a DATABASE_URL
 * is given, SQLite otherwise); this module fixes the schema the api's queries are typed against.
 */
import { openDatabase } from '@sentinel/database';
import type { DatabaseOptions } from '@sentinel/database';
import type { Kysely } from 'kysely';
import type { Database } from './schema';

export {
  dialectOf,
  identityColumn,
  IN_MEMORY,
  inTransaction,
  instant,
  isUniqueViolation,
  openReader,
  PRIVATE_DATABASE_TEMPLATE_ENV,
  readerOf,
} from '@sentinel/database';
export type { DatabaseOptions } from '@sentinel/database';

export function createDatabase(options: DatabaseOptions): Kysely<Database> {
  return openDatabase<Database>(options);
}

/**
 * Templates a test run's global setup made (see TemplateHandOver in ready-database.ts): every
 * process of the run copies them for its ':memory:' databases instead of making its own.
 */
export const SEEDED_TEMPLATE_ENV = 'SENTINEL_SEEDED_TEMPLATE';
