// Global setup of the suite's PostgreSQL project: a temporary server whose template database holds
// the bench's tables; every ':memory:' bench of the suite copies it.
import { postgresTemplateSetup } from '@sentinel/database/testing';
import { openBenchDatabase } from '../database';

export default postgresTemplateSetup('bench_template', async (templateUrl) => {
  const db = await openBenchDatabase({ databaseFile: '', databaseUrl: templateUrl });
  await db.destroy();
});
