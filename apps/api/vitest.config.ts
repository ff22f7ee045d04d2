import { configDefaults, defineConfig } from 'vitest/config';
import { sharedTestOptions } from '../../vitest.shared';

/*
 * The whole suite runs twice: on SQLite, and on PostgreSQL (a temporary server from Debian's
 * postgresql package, started by the global setup), where every database a test opens on
 * ':memory:' is a fresh copy of a migrated template instead.
 */
export default defineConfig({
  test: {
    ...sharedTestOptions,
    environment: 'node',
    // Both projects share the machine's cores, and every seeded api hashes the demo passwords
    // with argon2 first: a busy machine must not turn that into a failed test.
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'sqlite',
          env: { SENTINEL_TEST_ENGINE: 'sqlite' },
          // Tests of PostgreSQL-only set-ups (DATABASE_URL) need the server of the other project.
          exclude: [...configDefaults.exclude, '**/*.postgres.test.ts'],
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
