/**
 * The board app's build: React, served under /board/, with a service worker that precaches the
 * built files so the board opens offline (see sw/serviceWorker.js).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

/** Files worth compressing: text formats (images and fonts are compressed already). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map)$/;
/** Smaller files are sent as they are (compression would not pay for its header). */
const MIN_COMPRESS_BYTES = 1024;

/**
 * Writes `x.br` (brotli, best) and `x.gz` (gzip, best) beside every compressible built file, once
 * at build time; the server sends them by the request's Accept-Encoding (apps/server webApps).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'dotink-board-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/')
        ? config.build.outDir
        : join(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
          e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
        );
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_COMPRESS_BYTES) continue;
        const bytes = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(bytes, {
            params: {
              [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
              [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  base: '/board/',
  plugins: [react(), serviceWorker(), precompress()],
  build: {
    outDir: 'dist',
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
    chunkSizeWarningLimit: 2000,
  },
  worker: { format: 'es' },
});
