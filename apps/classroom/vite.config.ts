/**
 * The classroom app's build: React, served at the site's root (`/`). Each route is its own
 * chunk, so a first visit downloads only the landing page.
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  base: '/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
    chunkSizeWarningLimit: 2000,
  },
  worker: { format: 'es' },
});
