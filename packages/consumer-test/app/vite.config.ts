import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// es2022 for the top-level await that loads appsettings.json before the first render.
export default defineConfig({ plugins: [react()], build: { target: 'es2022' } });
