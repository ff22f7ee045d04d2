/*
 * Global setup of the test suite's PostgreSQL project: a temporary PostgreSQL server with the api's
 * schema migrated into a template database, which every ':memory:' database of the suite copies.
 */
import { postgresTemplateSetup } from '@sentinel/database/testing';
import { createDatabase } from '../database';
import { migrateToLatest } from '../migrations';

export default postgresTemplateSetup('sentinel_template', async (templateUrl) => {
  const db = createDatabase({ databaseFile: '', databaseUrl: templateUrl });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
});
