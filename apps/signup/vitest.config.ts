import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { sharedTestOptions } from '../../vitest.shared.ts';

export default defineConfig({
  plugins: [react()],
  test: {
    ...sharedTestOptions,
    environment: 'jsdom',
    // One jsdom and one module graph per worker instead of per file: building the DOM and importing
    // React and the screens again for each file is paid once. src/test/setup.ts puts back what a test
    // may leave behind (DOM, timers, spies).
    isolate: false,
    setupFiles: ['./src/test/setup.ts'],
    globalSetup: ['./src/test/global-setup.ts'],
    // The journeys type through whole forms against a real api; a machine shared with other work
    // must not turn a slow run into a failure.
    testTimeout: 20_000,
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
