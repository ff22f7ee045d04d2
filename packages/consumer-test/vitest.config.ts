import { defineConfig } from 'vitest/config';
import { sharedTestOptions } from '../../vitest.shared';

export default defineConfig({
  test: {
    ...sharedTestOptions,
    environment: 'node',
    globalSetup: ['./src/pack.ts'],
    // The tarballs' checks run beside the consumer app, which mostly waits on npm and its builds.
    maxWorkers: 2,
    // npm install from the registry, two production builds and a browser: minutes on a loaded machine.
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
