import { defineConfig } from 'tsup';

export default defineConfig({
  // The stylesheet is its own entry so esbuild copies (and minifies) it to dist/styles.css.
  entry: { index: 'src/index.ts', styles: 'src/styles.css' },
  format: ['esm'],
  // The type check builds the workspace as composite projects; the published declarations are one bundle.
  dts: { entry: { index: 'src/index.ts' }, compilerOptions: { composite: false } },
  clean: true,
  sourcemap: true,
  external: [
    'react',
    'react-dom',
    'react/jsx-runtime',
    'radix-ui',
    '@sentinel/domain',
    '@tanstack/react-virtual',
    '@react-google-maps/api',
  ],
});
