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
  /**
   * The print is over and the worker idle (its job ended with a result): it may serve a later
   * print (see {@link keptPrintWorkers}). Absent: the caller terminates it.
   */
  release?(): void;
}

/** Starts a print worker. */
export function createPrintWorker(): PrintWorkerHandle {
  const worker = new Worker(new URL('./print.worker.ts', import.meta.url), {
    type: 'module',
    name: 'dotink-print',
  });
  return { port: worker, terminate: () => worker.terminate() };
}

/** How long an idle print worker is kept for the next print. */
export const PRINT_WORKER_IDLE_MS = 30_000;

/**
 * Print workers kept warm between prints: a released worker (its job ended with a result,
 * complete or cancelled) serves the next print started within `idleMs`, with its compiled code,
 * its canvas and its cache of dot masks, instead of a new worker loading, compiling and
 * optimising everything again on the first page (board photo print: ≈ 0.2 s a page less CPU on
 * a second print). At most one idle worker is kept; `terminate` (a failed print) always ends
 * the worker.
 */
export function keptPrintWorkers(
  start: () => PrintWorkerHandle,
  idleMs = PRINT_WORKER_IDLE_MS,
): () => PrintWorkerHandle {
  let idle: { worker: PrintWorkerHandle; timer: ReturnType<typeof setTimeout> } | undefined;
  return () => {
    let worker: PrintWorkerHandle;
    if (idle) {
      clearTimeout(idle.timer);
      worker = idle.worker;
      idle = undefined;
    } else worker = start();
    let ended = false;
    return {
      port: worker.port,
      terminate: () => {
        if (ended) return;
        ended = true;
        worker.terminate();
      },
      release: () => {
        if (ended) return;
        ended = true;
        if (idle) {
          worker.terminate();
          return;
        }
        const timer = setTimeout(() => {
          if (idle?.worker === worker) idle = undefined;
          worker.terminate();
        }, idleMs);
        idle = { worker, timer };
      },
    };
  };
}
