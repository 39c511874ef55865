/**
 * A Vite build plugin that emits a service worker from a template: the template's
 * `self.__PRECACHE__` becomes the list of built files (plus `extra` ones, relative to the app's
 * base) and `self.__VERSION__` a version that changes with the build's file names, so a new build
 * installs a new worker that drops the old cache.
 */
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

export interface PrecacheWorkerOptions {
  /** The template's path. */
  readonly template: string;
  /** The worker's file name in the build (served at the app's base). */
  readonly fileName: string;
  /** More files to precache (public files, './' for the app's page). */
  readonly extra?: readonly string[];
  /** Built files not to precache (by name). */
  readonly skip?: (fileName: string) => boolean;
}

export function precacheWorker(options: PrecacheWorkerOptions): Plugin {
  const template = readFileSync(options.template, 'utf8');
  return {
    name: `dotink-precache-worker:${options.fileName}`,
    apply: 'build',
    // after Vite's own hooks: its CSS plugin drops a chunk that holds only CSS from the bundle in
    // its generateBundle, and a worker listing that chunk would never install (one 404 fails it)
    generateBundle: {
      order: 'post',
      handler(_build, bundle) {
        const files = Object.keys(bundle).filter(
          (f) => !f.endsWith('.map') && !f.endsWith('.gz') && !f.endsWith('.br') && !options.skip?.(f),
        );
        // once each: Cache.addAll rejects a list naming one request twice (InvalidStateError), and
        // an extra file (the app's page) is also in the bundle by now
        const assets = [...new Set([...(options.extra ?? []), ...files.map((f) => `./${f}`)])];
        const version = `${files.sort().join('|').length}-${files.length}`;
        this.emitFile({
          type: 'asset',
          fileName: options.fileName,
          source: template
            .replace('self.__PRECACHE__', JSON.stringify(assets))
            .replace('self.__VERSION__', JSON.stringify(version)),
        });
      },
    },
  };
}
