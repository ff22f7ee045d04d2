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
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
