import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { appPort, appSettings } from '../../vite.shared.ts';

const port = appPort(5174);

export default defineConfig({
  plugins: [react(), appSettings()],
  server: { port, strictPort: true },
  preview: { port, strictPort: true },
  build: {
    // The manifest says which chunks each route loads; the bundle budget (.size-limit.js) reads it.
    manifest: true,
    rolldownOptions: {
      // Rolldown merges a shared chunk into a lazy chunk that also needs it when that is safe for
      // execution order; here it merged its own helpers into the development-only answer checker,
      // and every page then downloaded TypeBox to reach them. Shared code stays in its own chunks.
      experimental: { chunkOptimization: { mergeCommonChunks: false } },
    },
  },
});
