import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { appPort, appSettings } from '../../vite.shared.ts';

const port = appPort(5175);

export default defineConfig({
  plugins: [react(), appSettings()],
  server: { port, strictPort: true },
  preview: { port, strictPort: true },
});
