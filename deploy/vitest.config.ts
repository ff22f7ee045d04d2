import { defineConfig } from 'vitest/config';
import { sharedTestOptions } from '../vitest.shared';

// Each file starts real processes (nginx, the api) on ports of its own.
export default defineConfig({
  test: { ...sharedTestOptions, environment: 'node', testTimeout: 60_000, hookTimeout: 120_000 },
});
