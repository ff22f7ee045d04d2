import { defineConfig } from '@playwright/test';
import suite from './playwright.config';

// The browser benches (`bench/*.bench.ts`): the suite's servers, builds and saved sessions, one
// worker, so nothing else takes the second core while a figure is measured. Not part of `npm test`.
export default defineConfig({
  ...suite,
  testDir: './bench',
  testMatch: /\.bench\.ts$/,
  workers: 1,
  timeout: 300_000,
  reporter: [['list']],
  projects: [{ name: 'bench' }],
});
