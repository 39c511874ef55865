/**
 * A Vite plugin both web apps use: at build time it writes brotli and gzip copies beside every
 * compressible built file, which the server sends by the request's Accept-Encoding
 * (apps/server/src/webApps).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import type { Plugin } from 'vite';

/** Files worth compressing: text formats (images and fonts are compressed already). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map)$/;
/** Smaller files are sent as they are (compression would not pay for its header). */
const MIN_COMPRESS_BYTES = 1024;

/**
 * Writes `x.br` (brotli, best) and `x.gz` (gzip, best) beside every compressible built file, once
 * at build time; the server sends them by the request's Accept-Encoding (apps/server webApps).
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'dotink-precompress',
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
