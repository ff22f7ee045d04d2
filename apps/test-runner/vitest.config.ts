import { configDefaults, defineConfig } from 'vitest/config';
import { sharedTestOptions } from '../../vitest.shared';

/*
 * The whole suite runs twice, as the api's does: on SQLite, and on PostgreSQL (a temporary server
 * from Debian's postgresql package), where every bench a test builds on ':memory:' gets a fresh
 * copy of a migrated template database instead.
 */
export default defineConfig({
  test: {
    ...sharedTestOptions,
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'sqlite',
          env: { SENTINEL_TEST_ENGINE: 'sqlite' },
          exclude: [...configDefaults.exclude],
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          env: { SENTINEL_TEST_ENGINE: 'postgres' },
          globalSetup: ['./src/db/testing/postgres-global-setup.ts'],
          setupFiles: ['./src/db/testing/postgres-setup.ts'],
        },
      },
    ],
  },
});
