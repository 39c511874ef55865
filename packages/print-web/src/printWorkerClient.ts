/**
 * The main-thread side of the print protocol (see workerProtocol.ts): starts a job on a worker
 * port, renders the pages the worker asks for, collects the PDF chunks and answers the hand-off.
 */
import type { ContentRaster, PrintedPageMapping, PrintJobProgress } from '@dotink/print';
import type { FromWorker, PortLike, ToWorker, WireRaster, WorkerJob, WorkerResult } from './workerProtocol';

/** What the main thread does for the job. */
export interface WorkerJobHandlers {
  /** Renders a document page (`undefined` = blank). */
  renderPage(pdfPageNo: number, signal: AbortSignal): Promise<ContentRaster | undefined>;
  onProgress?(progress: PrintJobProgress): void;
  onPage?(mapping: PrintedPageMapping): void;
  /** Each PDF chunk as it arrives (in order). */
  onChunk(bytes: Uint8Array): void;
  /** The PDF is complete: print or save it; the job completes when this resolves. */
  handOff?(): Promise<void>;
  readonly signal?: AbortSignal;
}

/** A print job failure reported by the worker (e.g. a missing code page), with its name. */
export class PrintJobError extends Error {
  constructor(
    override readonly name: string,
    message: string,
  ) {
    super(message);
  }
}

/** Moves a raster's pixels into a transferable buffer (copying only when it is a view). */
function toWire(r: ContentRaster): WireRaster {
  const px = r.rgba;
  const whole =
    px.byteOffset === 0 && px.byteLength === px.buffer.byteLength && px.buffer instanceof ArrayBuffer;
  const rgba = whole ? (px.buffer as ArrayBuffer) : px.slice().buffer;
  return {
    rgba,
    widthPx: r.widthPx,
    heightPx: r.heightPx,
    pageWidthPt: r.pageWidthPt,
    pageHeightPt: r.pageHeightPt,
  };
}

/** Runs `job` on the worker behind `port`. Resolves with the job's result (complete or cancelled). */
export function runPrintInWorker(
  port: PortLike,
  job: WorkerJob,
  handlers: WorkerJobHandlers,
): Promise<WorkerResult> {
  const renders = new AbortController();
  const post = (m: ToWorker, transfer?: Transferable[]) => port.postMessage(m, transfer);
  return new Promise<WorkerResult>((resolve, reject) => {
    const onAbort = () => {
      renders.abort();
      post({ type: 'cancel' });
    };
    const finish = () => {
      port.removeEventListener('message', onMessage);
      handlers.signal?.removeEventListener('abort', onAbort);
    };
    const onMessage = (event: MessageEvent) => {
      const m = event.data as FromWorker;
      switch (m.type) {
        case 'progress':
          handlers.onProgress?.(m.progress);
          break;
        case 'chunk':
          handlers.onChunk(m.bytes);
          break;
        case 'page':
          handlers.onPage?.(m.mapping);
          break;
        case 'render':
          handlers.renderPage(m.pdfPageNo, renders.signal).then(
            (raster) => {
              if (!raster) post({ type: 'rendered', id: m.id });
              else {
                const wire = toWire(raster);
                post({ type: 'rendered', id: m.id, raster: wire }, [wire.rgba]);
              }
            },
            (e: unknown) =>
              post({ type: 'rendered', id: m.id, error: e instanceof Error ? e.message : String(e) }),
          );
          break;
        case 'handOff':
          (handlers.handOff?.() ?? Promise.resolve()).then(
            () => post({ type: 'handedOff' }),
            (e: unknown) => post({ type: 'handedOff', error: e instanceof Error ? e.message : String(e) }),
          );
          break;
        case 'done':
          finish();
          resolve(m.result);
          break;
        case 'failed':
          finish();
          reject(new PrintJobError(m.name, m.message));
          break;
      }
    };
    port.addEventListener('message', onMessage);
    port.start?.();
    if (handlers.signal?.aborted) {
      finish();
      reject(new PrintJobError('AbortError', 'print cancelled before it started'));
      return;
    }
    handlers.signal?.addEventListener('abort', onAbort, { once: true });
    post({ type: 'start', job });
  });
}
