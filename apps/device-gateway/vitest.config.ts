import { defineConfig } from 'vitest/config';
import { sharedTestOptions } from '../../vitest.shared';

export default defineConfig({
  test: {
    ...sharedTestOptions,
    environment: 'node',
    // One api test host for the run: each test file asks it for an api of its own.
    globalSetup: ['@sentinel/testing/global-setup'],
    // Starting a seeded api on a file may take longer than a hook's default on a busy machine.
    hookTimeout: 60_000,
    testTimeout: 20_000,
    // Two workers, one per core: the tests mostly wait on sockets and the api.
    maxWorkers: 2,
  },
});
