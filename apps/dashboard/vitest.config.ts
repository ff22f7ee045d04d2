import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { sharedTestOptions } from '../../vitest.shared.ts';

export default defineConfig({
  plugins: [react()],
  test: {
    ...sharedTestOptions,
    environment: 'jsdom',
    globalSetup: ['./src/test/global-setup.ts'],
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Signing in hashes with argon2 on the real api, so give slow machines room.
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
