import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { appPort, appSettings } from '../../vite.shared.ts';

const port = appPort(5173);

export default defineConfig({
  plugins: [react(), appSettings()],
  server: { port, strictPort: true },
  preview: { port, strictPort: true },
  // The manifest says which chunks each route loads; the bundle budget (.size-limit.js) reads it.
  build: { manifest: true },
});
