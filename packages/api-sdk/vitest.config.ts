import { defineConfig } from 'vitest/config';
import { sharedTestOptions } from '../../vitest.shared';

export default defineConfig({
  test: {
    ...sharedTestOptions,
    environment: 'node',
    // One api test host for the run: each test file asks it for an api of its own.
    globalSetup: ['@sentinel/testing/global-setup'],
    // The files share their workers' loaded modules: none changes a module's state or mocks one,
    // each starts an api of its own, and loading the SDK again for every file cost more CPU than
    // all the tests together.
    isolate: false,
    // Two workers, one per core: much of a test's time is spent waiting on the api it calls, and
    // Vitest's default on two cores is one worker.
    maxWorkers: 2,
  },
});
