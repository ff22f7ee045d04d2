/*
 * Global setup of the test suite's PostgreSQL project: a temporary PostgreSQL server with the api's
 * schema migrated into a template database, which every ':memory:' database of the suite copies,
 * and a copy of it with the demo data, which every seeded ':memory:' database copies instead.
 */
import { postgresTemplateSetup } from '@sentinel/database/testing';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../database';
import { migrateToLatest } from '../migrations';
import { seededPostgresTemplate } from '../ready-database';
import type { TemplateHandOver } from '../ready-database';
import { bundleForRun } from '../../testing/api-bundle';

declare module 'vitest' {
  export interface ProvidedContext {
    seededTemplate: string;
    apiBundle: string;
  }
}

let handOver: TemplateHandOver | undefined;

const setUp = postgresTemplateSetup('sentinel_template', async (templateUrl) => {
  const db = createDatabase({ databaseFile: '', databaseUrl: templateUrl });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  const seededAt = new Date().toISOString();
  handOver = { seededAt, postgres: await seededPostgresTemplate(templateUrl) };
});

export default async function setUpPostgres(project: TestProject): Promise<() => Promise<void>> {
  const tearDown = await setUp(project);
  project.provide('seededTemplate', JSON.stringify(handOver));
  project.provide('apiBundle', await bundleForRun());
  return tearDown;
}
