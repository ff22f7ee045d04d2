/*
 * Global setup of the test suite's PostgreSQL project: starts a temporary PostgreSQL server,
 * migrates a template database on it and hands its URL to the test workers (postgres-setup.ts),
 * where ':memory:' then means a fresh copy of the template. Stops the server afterwards.
 */
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../database';
import { migrateToLatest } from '../migrations';
import { startTemporaryPostgres } from '../temporary-postgres';
import { onServer } from '../dialect/postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresTemplateUrl: string;
  }
}

const TEMPLATE = 'sentinel_template';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startTemporaryPostgres();
  try {
    const templateUrl = server.url(TEMPLATE);
    await onServer(templateUrl, `create database ${TEMPLATE}`);
    const db = createDatabase({ databaseFile: '', databaseUrl: templateUrl });
    try {
      await migrateToLatest(db);
    } finally {
      // Nobody may stay connected to a template while it is copied.
      await db.destroy();
    }
    project.provide('postgresTemplateUrl', templateUrl);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return () => server.stop();
}
