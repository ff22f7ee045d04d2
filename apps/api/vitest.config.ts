import { configDefaults, defineConfig } from 'vitest/config';
import { sharedTestOptions } from '../../vitest.shared';

/*
 * Every file runs on SQLite. The files below also run on PostgreSQL (a temporary server from
 * Debian's postgresql package, started by the global setup, where every database a test opens on
 * ':memory:' is a fresh copy of a template instead): those whose behaviour could differ by engine,
 * the SQL itself (queries, migrations, seed, imports, commands, telemetry ingestion, durability)
 * and what rests on the engine's transactions, locks, unique indexes, dates, case-insensitive
 * matching and paging. The rest (HTTP plumbing, headers, configuration, auth flows, OData parsing,
 * the simulator, the hub's transport) asks the database nothing an engine answers differently.
 * The api README's Tests section says why each is here.
 */
const onBothEngines = [
  'src/db/**/*.test.ts',
  'src/db-setup.postgres.test.ts',
  'src/backup/backup.postgres.test.ts',
  'src/durability/*.test.ts',
  'src/imports/*.test.ts',
  'src/commands/*.test.ts',
  'src/gateway/*.test.ts',
  'src/telemetry/telemetry-service.test.ts',
  'src/routes/device-telemetry.test.ts',
  'src/replay/*.test.ts',
  'src/retention/*.test.ts',
  'src/history/*.test.ts',
  'src/users/users-list.test.ts',
  'src/users/users-write.test.ts',
  'src/vehicles/*.test.ts',
  'src/devices/*.test.ts',
  'src/companies/*.test.ts',
  'src/bookings/*.test.ts',
  'src/onboarding/*.test.ts',
  'src/sign-up/*.test.ts',
  'src/subscriptions/*.test.ts',
  'src/audit/*.test.ts',
  'src/alarms/*.test.ts',
  'src/arming/*.test.ts',
  'src/geofences/*.test.ts',
  'src/second-factors/*.test.ts',
  'src/sessions/*.test.ts',
  'src/fuzz/*.test.ts',
  'src/notifications/outbox*.test.ts',
  'src/access-requests/*.test.ts',
  'src/erasure/*.test.ts',
];

export default defineConfig({
  test: {
    ...sharedTestOptions,
    environment: 'node',
    // Both projects share the machine's cores: a busy machine must not turn a slow set-up into a
    // failed test.
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Vitest's default is one worker fewer than the cores: one worker on a 2-core machine, while
    // much of a test's time is spent waiting on PostgreSQL, a child process or a socket.
    maxWorkers: 2,
    // A worker keeps its modules from one test file to the next instead of importing the api again
    // for every file (most of a file's cost was that import). Nothing here depends on fresh module
    // state: every file builds its own apis and databases, and restores real timers after each test.
    isolate: false,
    projects: [
      {
        extends: true,
        test: {
          name: 'sqlite',
          env: { SENTINEL_TEST_ENGINE: 'sqlite' },
          globalSetup: ['./src/db/testing/sqlite-global-setup.ts'],
          setupFiles: ['./src/db/testing/sqlite-setup.ts'],
          // Tests of PostgreSQL-only set-ups (DATABASE_URL) need the server of the other project.
          exclude: [...configDefaults.exclude, '**/*.postgres.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          env: { SENTINEL_TEST_ENGINE: 'postgres' },
          include: onBothEngines,
          globalSetup: ['./src/db/testing/postgres-global-setup.ts'],
          setupFiles: ['./src/db/testing/postgres-setup.ts'],
        },
      },
    ],
  },
});
