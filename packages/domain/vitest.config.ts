import { defineConfig } from 'vitest/config';
import { sharedTestOptions } from '../../vitest.shared';

export default defineConfig({
  // Pure functions without module state: one module graph per worker instead of one per file.
  test: { ...sharedTestOptions, environment: 'node', isolate: false },
});
