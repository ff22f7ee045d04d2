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
    // A worker's files share its loaded modules (each project keeps workers of its own): no file
    // mocks a module or keeps state in one, every bench and api a test builds is its own, and
    // loading the app, Fastify and the database drivers again for each file cost a third of the
    // suite's CPU.
    isolate: false,
    // Two workers, one per core: much of a test's time is spent waiting on the api it calls, and
    // Vitest's default on two cores is one worker.
    maxWorkers: 2,
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
          // The Teltonika path is the same on either engine of the bench's own tables, and the
          // token check of a key rotation reads no table.
          exclude: [...configDefaults.exclude, 'src/teltonika-units.test.ts', 'src/key-rotation.test.ts'],
          globalSetup: ['./src/db/testing/postgres-global-setup.ts'],
          setupFiles: ['./src/db/testing/postgres-setup.ts'],
        },
      },
    ],
  },
});
