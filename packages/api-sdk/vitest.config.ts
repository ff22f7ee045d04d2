import { defineConfig } from 'vitest/config';
import { sharedTestOptions } from '../../vitest.shared';

export default defineConfig({
  test: {
    ...sharedTestOptions,
    environment: 'node',
    // One api test host for the run: each test file asks it for an api of its own.
    globalSetup: ['@sentinel/testing/global-setup'],
  },
});
