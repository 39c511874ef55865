/**
 * The Vite configuration both web apps build with: their own plugins, then {@link precompress};
 * ES2022 output in `dist` without source maps, and ES module workers.
 */
import type { PluginOption, UserConfig } from 'vite';
import { precompress } from './precompress';

/** The configuration of a web app served under `base` (e.g. `/`, `/board/`) built with `plugins`. */
export function webAppConfig(base: string, plugins: readonly PluginOption[]): UserConfig {
  return {
    base,
    plugins: [...plugins, precompress()],
    build: {
      outDir: 'dist',
      target: 'es2022',
      sourcemap: false,
      reportCompressedSize: false,
      chunkSizeWarningLimit: 2000,
    },
    worker: { format: 'es' },
  };
}
