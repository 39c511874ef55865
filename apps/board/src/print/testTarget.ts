/** An in-memory board for the print flow tests, and a print worker on a MessageChannel. */
import type { GridaPage, GridaPdf } from '@dotink/ink';
import type { ContentRaster } from '@dotink/print';
import {
  type PortLike,
  type PrintWorkerDeps,
  type PrintWorkerHandle,
  servePrintJobs,
} from '@dotink/print-web';
import type { BoardPrintTarget } from './printFlow';

/** A board held in memory. */
export function memoryTarget(
  pages: readonly GridaPage[],
  pdfs: readonly GridaPdf[] = [],
): BoardPrintTarget & { readonly meta: Map<string, unknown>; current: readonly GridaPage[] } {
  const meta = new Map<string, unknown>();
  const t = {
    boardId: 'board1',
    title: 'Lesson 1',
    meta,
    current: pages,
    pages: () => t.current,
    pdfs: () => pdfs,
    async replacePages(next: readonly GridaPage[]) {
      t.current = next;
    },
    loadMeta: async (key: string) => structuredClone(meta.get(key)),
    async saveMeta(key: string, value: unknown) {
      meta.set(key, structuredClone(value));
    },
  };
  return t;
}

/** A print worker served in this thread over a MessageChannel (as the Vite worker would be). */
export function channelWorker(deps: PrintWorkerDeps = {}): () => PrintWorkerHandle & { terminated: boolean } {
  return () => {
    const channel = new MessageChannel();
    const stop = servePrintJobs(channel.port2 as unknown as PortLike, deps);
    const handle = {
      port: channel.port1 as unknown as PortLike,
      terminated: false,
      terminate() {
        handle.terminated = true;
        stop();
        channel.port1.close();
        channel.port2.close();
      },
    };
    return handle;
  };
}

/** A small rendered page: white with a black bar, for an A4 document page. */
export function smallRaster(widthPt = 595.28, heightPt = 841.89): ContentRaster {
  const widthPx = 60;
  const heightPx = 85;
  const rgba = new Uint8ClampedArray(widthPx * heightPx * 4).fill(255);
  for (let x = 10; x < 50; x++) {
    const i = (20 * widthPx + x) * 4;
    rgba[i] = rgba[i + 1] = rgba[i + 2] = 0;
  }
  return { rgba, widthPx, heightPx, pageWidthPt: widthPt, pageHeightPt: heightPt };
}
