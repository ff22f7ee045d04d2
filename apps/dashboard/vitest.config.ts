import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { sharedTestOptions } from '../../vitest.shared.ts';

export default defineConfig({
  plugins: [react()],
  test: {
    ...sharedTestOptions,
    environment: 'jsdom',
    // One jsdom and one module graph per worker instead of per file: building the DOM and importing
    // the whole app again for each file cost more than many of their tests. src/test/setup.ts puts
    // back what a test may leave behind (DOM, storage, timers, spies).
    isolate: false,
    // Two workers, one per core (Vitest's default on two cores is one): the files share only the
    // global setup's api, and while one waits on it the other renders.
    maxWorkers: 2,
    globalSetup: ['./src/test/global-setup.ts'],
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Signing in hashes with argon2 on the real api, so give slow machines room.
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
