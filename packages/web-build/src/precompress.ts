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
/**
 * Smaller files are sent as they are. The first visit loads several small shared chunks of
 * 0.3–1 kB, each of which brotli halves; a copy is kept only when it is at least 10 % smaller.
 */
const MIN_COMPRESS_BYTES = 256;
const worthKeeping = (compressed: Uint8Array, original: Uint8Array) =>
  compressed.length <= original.length * 0.9;

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
        const br = brotliCompressSync(bytes, {
          params: {
            [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
            [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        });
        if (worthKeeping(br, bytes)) writeFileSync(`${file}.br`, br);
        const gz = gzipSync(bytes, { level: 9 });
        if (worthKeeping(gz, bytes)) writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}
