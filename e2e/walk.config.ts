import { defineConfig } from '@playwright/test';
import suite from './playwright.config';

// `pnpm walk`: pictures of every screen (walk/screens.walk.ts) on the suite's servers, builds and
// saved sessions. Not part of `npm test`: it asserts nothing a test does not, it is for looking.
export default defineConfig({
  ...suite,
  testDir: './walk',
  testMatch: /\.walk\.ts$/,
  reporter: [['list']],
  projects: [{ name: 'walk' }],
});
