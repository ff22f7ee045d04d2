import { defineConfig } from 'vitest/config';
import { sharedTestOptions } from '../../vitest.shared';

export default defineConfig({
  test: {
    ...sharedTestOptions,
    environment: 'node',
    globalSetup: ['./vitest.global-setup.ts'],
    // The files share their workers' loaded modules: none mocks a module or keeps state in one (the
    // one that fakes Date restores it after each test), and loading the hub, the SignalR client
    // and Fastify again for every file cost more CPU than the tests, starving their real timeouts.
    isolate: false,
  },
});
