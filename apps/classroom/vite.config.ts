/**
 * The classroom app's build: React, served at the site's root (`/`). Each route is its own
 * chunk, so a first visit downloads only the landing page; brotli/gzip copies are written beside
 * the built files for the server to send. The pen station's service worker precaches the build,
 * so a station tab reloads offline (issue 29).
 */
// bundled into the config by Vite (a workspace package's .ts is not loadable by Node as such)

import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precacheWorker } from '../../packages/web-build/src/precacheWorker';
import { webAppConfig } from '../../packages/web-build/src/webAppConfig';

/** The pen station's service worker (`/station-sw.js`, scope `/pen`: sw/stationWorker.js). */
const stationWorker = precacheWorker({
  template: fileURLToPath(new URL('./sw/stationWorker.js', import.meta.url)),
  fileName: 'station-sw.js',
  extra: ['./index.html'],
  // the pupil report's fonts (~19 MB, issue 30 item 2): a station never makes a report
  skip: (f) => f.endsWith('.ttf'),
});

/**
 * The small shared modules every visit loads at once (the sign-in page's call layer, session,
 * services, toasts, UI store): one chunk instead of one request each, whose headers weighed more
 * than their code (issue 28 item 7: the first visit's bytes on the wire).
 */
const FIRST_VISIT_CORE =
  /\/src\/(api\/(apiError|errorText)|auth\/storedSession|lib\/(services|toasts)|stores\/uiStore|components\/Logo)\.tsx?$/;

const config = webAppConfig('/', [react(), stationWorker]);
export default defineConfig({
  ...config,
  build: {
    ...config.build,
    rolldownOptions: { output: { advancedChunks: { groups: [{ name: 'core', test: FIRST_VISIT_CORE }] } } },
  },
});
