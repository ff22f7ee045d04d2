import { defineConfig } from 'tsup';

export default defineConfig({
  // The stylesheet is its own entry so esbuild copies (and minifies) it to dist/styles.css.
  entry: { index: 'src/index.ts', styles: 'src/styles.css' },
  format: ['esm'],
  dts: { entry: { index: 'src/index.ts' } },
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
