/**
 * The classroom app's build: React, served at the site's root (`/`). Each route is its own
 * chunk, so a first visit downloads only the landing page; brotli/gzip copies are written beside
 * the built files for the server to send.
 */
// bundled into the config by Vite (a workspace package's .ts is not loadable by Node as such)

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../packages/web-build/src/precompress';

export default defineConfig({
  base: '/',
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
    chunkSizeWarningLimit: 2000,
  },
  worker: { format: 'es' },
});
