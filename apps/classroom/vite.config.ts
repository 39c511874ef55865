/**
 * The classroom app's build: React, served at the site's root (`/`). Each route is its own
 * chunk, so a first visit downloads only the landing page; brotli/gzip copies are written beside
 * the built files for the server to send.
 */
// bundled into the config by Vite (a workspace package's .ts is not loadable by Node as such)

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { webAppConfig } from '../../packages/web-build/src/webAppConfig';

export default defineConfig(webAppConfig('/', [react()]));
