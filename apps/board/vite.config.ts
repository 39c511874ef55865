/**
 * The board app's build: React, served under /board/, with a service worker that precaches the
 * built files so the board opens offline (see sw/serviceWorker.js).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
// bundled into the config by Vite (a workspace package's .ts is not loadable by Node as such)
import { webAppConfig } from '../../packages/web-build/src/webAppConfig';

/** Emits `sw.js`: the worker template with the list of built files and a version. */
function serviceWorker(): Plugin {
  const template = readFileSync(fileURLToPath(new URL('./sw/serviceWorker.js', import.meta.url)), 'utf8');
  return {
    name: 'dotink-board-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((f) => !f.endsWith('.map'));
      const assets = [
        './',
        ...files.map((f) => `./${f}`),
        './manifest.webmanifest',
        './icon.svg',
        './icon-192.png',
        './icon-512.png',
      ];
      const version = `${files.sort().join('|').length}-${files.length}`;
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: template
          .replace('self.__PRECACHE__', JSON.stringify(assets))
          .replace('self.__VERSION__', JSON.stringify(version)),
      });
    },
  };
}

export default defineConfig(webAppConfig('/board/', [react(), serviceWorker()]));
