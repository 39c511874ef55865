/**
 * Messages between the app (main thread) and the print worker.
 *
 * The worker runs `@dotink/print`'s job (composition, no-toner colours, the 600-dpi dot mask,
 * compression, the streaming PDF writer) and fetches code pages; the main thread renders document
 * pages with pdf.js (it needs a canvas and the document the app already has open) when the
 * worker asks for them, one at a time, and receives the PDF in chunks as pages are written.
 *
 * main → worker: `start`, `rendered` (answer to `render`), `handedOff` (answer to `handOff`),
 * `cancel`. worker → main: `progress`, `render`, `chunk`, `page`, `handOff`, then `done` or
 * `failed`.
 */
import type { PageAddress } from '@dotink/ncode';
import type {
  PrintDocument,
  PrintedPageMapping,
  PrintJobProgress,
  PrintJobResult,
  PrintSettings,
} from '@dotink/print';

/** The job a worker runs. */
export interface WorkerJob {
  readonly settings: PrintSettings;
  readonly document: PrintDocument;
  /** 1-based document page numbers, in print order. */
  readonly pages: readonly number[];
  /** One code per entry of `pages` (absent on pre-printed Ncode paper). */
  readonly codes?: readonly PageAddress[];
  /** Code file URLs by page id, from the code-issue answer. */
  readonly codeUrls?: Readonly<Record<string, string>>;
  /** Where `ncode_data/…` is fetched from (the server); '' = same origin. */
  readonly serverUrl: string;
  readonly outputName?: string;
  /** Creation date (ms) written into the PDF. */
  readonly createdAtMs?: number;
  /** Pages composed at once (default 1). */
  readonly concurrency?: number;
}

/** A rendered document page as it crosses threads (the pixel buffer is transferred). */
export interface WireRaster {
  readonly rgba: ArrayBuffer;
  readonly widthPx: number;
  readonly heightPx: number;
  readonly pageWidthPt: number;
  readonly pageHeightPt: number;
}

/** main → worker. */
export type ToWorker =
  | { readonly type: 'start'; readonly job: WorkerJob }
  | { readonly type: 'rendered'; readonly id: number; readonly raster?: WireRaster; readonly error?: string }
  | { readonly type: 'handedOff'; readonly error?: string }
  | { readonly type: 'cancel' };

/** The job's result without the bulky parts (the PDF came as chunks). */
export type WorkerResult = PrintJobResult;

/** worker → main. */
export type FromWorker =
  | { readonly type: 'progress'; readonly progress: PrintJobProgress }
  | { readonly type: 'render'; readonly id: number; readonly pdfPageNo: number }
  | { readonly type: 'chunk'; readonly bytes: Uint8Array }
  | { readonly type: 'page'; readonly mapping: PrintedPageMapping }
  | { readonly type: 'handOff' }
  | { readonly type: 'done'; readonly result: WorkerResult }
  | { readonly type: 'failed'; readonly name: string; readonly message: string };

/** The part of a `MessagePort`, `Worker` or worker global the protocol uses. */
export interface PortLike {
  postMessage(message: unknown, transfer?: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  /** MessagePorts need it to deliver to `addEventListener` listeners. */
  start?(): void;
}
