import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { appPort, appSettings } from '../../vite.shared.ts';

const port = appPort(5175);
// SENTINEL_HMR=off: the browser tests' server never reloads a page because a source file changed.
const hmr = process.env.SENTINEL_HMR !== 'off';

export default defineConfig({
  plugins: [react(), appSettings()],
  server: { port, strictPort: true, hmr },
  preview: { port, strictPort: true },
  // The manifest says which chunks each route loads; the bundle budget (.size-limit.js) reads it.
  build: { manifest: true },
});
