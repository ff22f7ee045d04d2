import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { sharedTestOptions } from '../../vitest.shared.ts';

export default defineConfig({
  plugins: [react()],
  test: {
    ...sharedTestOptions,
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    globalSetup: ['./src/test/global-setup.ts'],
    // The journeys type through whole forms against a real api; a machine shared with other work
    // must not turn a slow run into a failure.
    testTimeout: 20_000,
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
