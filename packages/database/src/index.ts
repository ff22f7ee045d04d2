export {
  connectDatabase,
  identityColumn,
  instant,
  isUniqueViolation,
  openDatabase,
  PRIVATE_DATABASE_TEMPLATE_ENV,
} from './connect';
export type { DatabaseOptions } from './connect';
export { dialectOf } from './dialect-of';
export { inTransaction } from './in-transaction';
export { connectPrivatePostgres, onServer, postgres, postgresPoolFigures } from './postgres';
export { connectSqlite, IN_MEMORY, sqlite } from './sqlite';
export { openReader, readerOf } from './sqlite-reader';
export type { SqlDialect } from './sql-dialect';
