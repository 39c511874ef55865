/**
 * Starts a print worker (browser only). The Vite build of the app that imports this package sees
 * `new Worker(new URL(…), { type: 'module' })` and bundles print.worker.ts with its imports
 * (`@dotink/print`, `@dotink/ncode`, fflate) as a separate module chunk.
 */
import type { PortLike } from './workerProtocol';

/** A started worker: the protocol's port, and a way to stop it. */
export interface PrintWorkerHandle {
  readonly port: PortLike;
  terminate(): void;
}

/** Starts a print worker. */
export function createPrintWorker(): PrintWorkerHandle {
  const worker = new Worker(new URL('./print.worker.ts', import.meta.url), {
    type: 'module',
    name: 'dotink-print',
  });
  return { port: worker, terminate: () => worker.terminate() };
}
