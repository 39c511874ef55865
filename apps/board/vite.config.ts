/**
 * The board app's build: React, served under /board/, with a service worker that precaches the
 * built files so the board opens offline (see sw/serviceWorker.js).
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// bundled into the config by Vite (a workspace package's .ts is not loadable by Node as such)
import { precacheWorker } from '../../packages/web-build/src/precacheWorker';
import { webAppConfig } from '../../packages/web-build/src/webAppConfig';

/** Emits `sw.js`: the worker template with the list of built files (and the app's page, manifest and icons) and a version. */
const serviceWorker = precacheWorker({
  template: fileURLToPath(new URL('./sw/serviceWorker.js', import.meta.url)),
  fileName: 'sw.js',
  extra: ['./', './manifest.webmanifest', './icon.svg', './icon-192.png', './icon-512.png'],
});

export default defineConfig(webAppConfig('/board/', [react(), serviceWorker]));
