import { defineConfig } from 'vitest/config';
import { sharedTestOptions } from '../../vitest.shared';

export default defineConfig({
  // Starting the seeded api (startApi) may take longer than a hook's default on a busy machine.
  test: { ...sharedTestOptions, environment: 'node', hookTimeout: 60_000 },
});
