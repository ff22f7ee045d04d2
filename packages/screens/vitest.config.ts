import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { sharedTestOptions } from '../../vitest.shared.ts';

export default defineConfig({
  plugins: [react()],
  test: {
    ...sharedTestOptions,
    environment: 'jsdom',
    // One jsdom and one module graph per worker instead of per file: building the DOM and importing
    // React and the screens again for each file is paid once. vitest.setup.ts puts back what a test
    // may leave behind (DOM, timers, spies).
    isolate: false,
    setupFiles: ['./vitest.setup.ts'],
    globalSetup: ['./src/test/global-setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // The password screens sign in and set passwords (argon2 on the real api); on a machine whose two
    // cores run other packages' tests too, that outlasts Vitest's default 5 s, as in the apps.
    testTimeout: 20_000,
  },
});
