import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  // The type check builds the workspace as composite projects; the published declarations are one bundle.
  dts: { compilerOptions: { composite: false } },
  clean: true,
  sourcemap: true,
});
