import { defineConfig } from 'vitest/config';
import { playwright } from '@vitest/browser-playwright';
import { sharedTestOptions } from '../../vitest.shared.ts';

export default defineConfig({
  test: {
    ...sharedTestOptions,
    attachmentsDir: 'test-results/attachments',
    projects: [
      {
        test: {
          name: 'jsdom',
          environment: 'jsdom',
          // One jsdom and one module graph per worker instead of per file: building the DOM and
          // importing React, Radix and axe again for each of 40 files cost more than their tests.
          // vitest.setup.ts puts back what a file may leave behind (DOM, timers, spies).
          isolate: false,
          setupFiles: ['./vitest.setup.ts'],
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: ['src/**/*.browser.test.{ts,tsx}'],
        },
      },
      {
        // Every story in Debian's Chromium, where axe can measure colour contrast: stories.browser.test.tsx.
        test: {
          name: 'chromium',
          include: ['src/**/*.browser.test.{ts,tsx}'],
          browser: {
            enabled: true,
            headless: true,
            screenshotDirectory: 'test-results/screenshots',
            // @ts-expect-error pnpm holds two copies of vitest 4.1.12 (this package's Vite 7, kept for
            // Storybook, beside the workspace's Vite 8); the provider's types name the other copy.
            provider: playwright({
              launchOptions: { executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium' },
            }),
            instances: [{ browser: 'chromium', viewport: { width: 1280, height: 800 } }],
          },
        },
      },
    ],
  },
});
