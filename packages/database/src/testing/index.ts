/*
 * The PostgreSQL project of a server's test suite: its global setup starts a temporary PostgreSQL
 * and migrates an empty template database there; each worker's setup file then points ':memory:'
 * at a fresh copy of that template (see connectDatabase), so the whole suite runs on PostgreSQL
 * without a test knowing.
 */
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';
import { PRIVATE_DATABASE_TEMPLATE_ENV } from '../connect';
import { onServer } from '../postgres';
import { startTemporaryPostgres } from '../temporary-postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresTemplateUrl: string;
  }
}

/**
 * A vitest global setup: a temporary server with a template database named `template`, brought
 * to the latest schema by `migrate` (which must close its connections: nobody may stay connected
 * to a template while it is copied).
 */
export function postgresTemplateSetup(
  template: string,
  migrate: (templateUrl: string) => Promise<void>,
): (project: TestProject) => Promise<() => Promise<void>> {
  return async (project) => {
    const server = await startTemporaryPostgres();
    try {
      const templateUrl = server.url(template);
      await onServer(templateUrl, `create database ${template}`);
      await migrate(templateUrl);
      project.provide('postgresTemplateUrl', templateUrl);
    } catch (error) {
      await server.stop();
      throw error;
    }
    return () => server.stop();
  };
}

/** A vitest setup file's body: ':memory:' means a fresh copy of the project's template from now on. */
export function usePostgresTemplate(): void {
  process.env[PRIVATE_DATABASE_TEMPLATE_ENV] = inject('postgresTemplateUrl');
}
