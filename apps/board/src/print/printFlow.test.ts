import { pageAddress } from '@dotink/ncode';
import type { PrintJobState } from '@dotink/print';
import { keptPrintWorkers } from '@dotink/print-web';
import { describe, expect, it } from 'vitest';
import { type PrintFlowDeps, printBoard, printCodesKey } from './printFlow';
import { DEFAULT_PRINT_OPTIONS, type PrintOptions } from './printOptions';
import { boardPages } from './testPages';
import { channelWorker, memoryTarget, smallRaster } from './testTarget';

const options = (o: Partial<PrintOptions>): PrintOptions => ({ ...DEFAULT_PRINT_OPTIONS, ...o });

function rig(o: { signedIn?: boolean; pages?: number; fetch?: typeof fetch } = {}) {
  const target = memoryTarget(boardPages(o.pages ?? 3));
  const rendered: number[] = [];
  const handed: { bytes: Uint8Array; fileName: string; choice: string }[] = [];
  const workers: { terminated: boolean }[] = [];
  const start = channelWorker({ loadCodePage: () => async () => undefined });
  const deps: PrintFlowDeps = {
    target,
    auth: { serverUrl: 'https://ink.example', accessToken: async () => (o.signedIn ? 'tok' : undefined) },
    renderPage: async (n) => {
      rendered.push(n);
      return smallRaster();
    },
    startWorker: () => {
      const w = start();
      workers.push(w);
      return w;
    },
    handOff: async (pdf, opts, fileName) => {
      handed.push({ bytes: new Uint8Array(await pdf.arrayBuffer()), fileName, choice: opts.paperChoice });
    },
    nowMs: () => 1_700_000_000_000,
    ...(o.fetch ? { fetch: o.fetch } : {}),
  };
  return { target, deps, rendered, handed, workers };
}

/** A code issue answering consecutive codes of one book (their code pages do not exist). */
const codesFetch = (async (url: string) => {
  const qty = Number(new URL(url).searchParams.get('qty'));
  return new Response(
    JSON.stringify(Array.from({ length: qty }, (_, i) => ({ s: 0, o: 27, b: 667, p: i + 1, url: '' }))),
  );
}) as typeof globalThis.fetch;

const states = () => {
  const seen: PrintJobState[] = [];
  return {
    seen,
    onProgress: (p: { state: PrintJobState }) => {
      if (seen.at(-1) !== p.state) seen.push(p.state);
    },
  };
};

describe('printBoard', () => {
  it('prints pre-printed Ncode paper without codes: pages rendered on request, PDF handed off, printouts reported', async () => {
    const r = rig({ signedIn: false });
    const s = states();
    const out = await printBoard(r.deps, options({ paperChoice: 'ncodeA4', rangeText: '3, 1' }), s);
    expect(out.status).toBe('complete');
    expect(r.rendered).toEqual([1, 3]);
    expect(s.seen).toEqual(['preparing', 'processing', 'waitingForPrint', 'complete']);
    expect(r.handed).toHaveLength(1);
    expect(new TextDecoder().decode(r.handed[0]!.bytes.subarray(0, 8))).toBe('%PDF-1.7');
    expect(r.handed[0]!.fileName).toBe('Lesson 1-print.pdf');
    expect(out.printed.map((p) => [p.pdfPageNo, p.address, p.landscape])).toEqual([
      [1, undefined, false],
      [3, undefined, false],
    ]);
    expect(out.nproj).toBeUndefined();
    // nothing is mapped yet: registration does it
    expect(r.target.current).toEqual(boardPages(3));
    expect(r.workers.every((w) => w.terminated)).toBe(true);
  });

  it('asks for sign-in before printing the pattern on pages without codes', async () => {
    const r = rig({ signedIn: false });
    const out = await printBoard(r.deps, options({ paperChoice: 'plainPaper' }));
    expect(out).toMatchObject({ status: 'failed', failure: { kind: 'signIn' } });
    expect(r.workers).toHaveLength(0);
    expect((await printBoard(r.deps, options({ rangeText: '9' }))).failure).toEqual({ kind: 'invalidRange' });
  });

  it('shows the code-issue alert of a failed request', async () => {
    const fetch = (async () =>
      new Response(JSON.stringify({ error_description: 'Unauthorized', message: 'token expired' }), {
        status: 401,
      })) as unknown as typeof globalThis.fetch;
    const r = rig({ signedIn: true, fetch });
    const out = await printBoard(r.deps, options({ paperChoice: 'savePdf' }));
    expect(out.failure).toEqual({
      kind: 'codes',
      status: 401,
      alert: '401 (error) Unauthorized message: token expired',
    });
  });

  it('issues codes for every page once, keeps them, and answers the clear error when code pages are missing', async () => {
    const urls: string[] = [];
    const fetch = (async (url: string) => {
      urls.push(url);
      const qty = Number(new URL(url).searchParams.get('qty'));
      return new Response(
        JSON.stringify(Array.from({ length: qty }, (_, i) => ({ s: 0, o: 27, b: 667, p: i + 1, url: '' }))),
      );
    }) as typeof globalThis.fetch;
    const r = rig({ signedIn: true, fetch });
    const out = await printBoard(
      r.deps,
      options({ paperChoice: 'plainPaper', rangeText: '2', paperSize: 'B5' }),
    );
    expect(urls).toEqual(['https://ink.example/board/v1/paper/ncode?qty=3&width=196&height=270']);
    expect(out.status).toBe('failed');
    expect(out.failure).toMatchObject({ kind: 'job', name: 'MissingCodePageError' });
    expect((out.failure as { message: string }).message).toContain(
      'Cannot print the Ncode pattern: the code page for 0.27.667.2 is missing',
    );
    const stored = r.target.meta.get(printCodesKey('board1')) as {
      pages: Record<string, { address: unknown }>;
    };
    expect(stored.pages.p3!.address).toEqual(pageAddress(0, 27, 667, 3));
    // a second print reuses the codes: no new request
    await printBoard(r.deps, options({ paperChoice: 'plainPaper' }));
    expect(urls).toHaveLength(1);
    expect(r.workers.every((w) => w.terminated)).toBe(true);
  });

  it('asks at most 500 codes a request, and resolves relative code URLs against the server', async () => {
    const urls: string[] = [];
    let next = 1;
    const fetch = (async (url: string) => {
      urls.push(url);
      const qty = Number(new URL(url).searchParams.get('qty'));
      const body = Array.from({ length: qty }, () => {
        const p = next++;
        return { s: 0, o: 27, b: 667 + Math.floor(p / 512), p: p % 512, url: `ncode_data/p${p}.code.gz` };
      });
      return new Response(JSON.stringify(body));
    }) as typeof globalThis.fetch;
    const r = rig({ signedIn: true, fetch, pages: 501 });
    r.deps = { ...r.deps, auth: { ...r.deps.auth, serverUrl: 'https://ink.example/api' } };
    await printBoard(r.deps, options({ paperChoice: 'plainPaper', rangeText: '1' }));
    expect(urls.map((u) => new URL(u).searchParams.get('qty'))).toEqual(['500', '1']);
    const stored = r.target.meta.get(printCodesKey('board1')) as { pages: Record<string, { url: string }> };
    expect(Object.keys(stored.pages)).toHaveLength(501);
    expect(stored.pages.p501!.url).toBe('https://ink.example/api/ncode_data/p501.code.gz');
  });

  it('cancels between pages and reports it', async () => {
    const r = rig({ pages: 4 });
    const controller = new AbortController();
    const s = states();
    r.deps = {
      ...r.deps,
      renderPage: async (n) => {
        if (n === 2) controller.abort();
        return smallRaster();
      },
    };
    const out = await printBoard(r.deps, options({ paperChoice: 'ncodeA4' }), {
      signal: controller.signal,
      onProgress: s.onProgress,
    });
    expect(out.status).toBe('cancelled');
    expect(s.seen.slice(-2)).toEqual(['waitingForCancel', 'cancelled']);
    expect(r.handed).toHaveLength(0);
  });

  it("lets a print that ended with a result (complete or cancelled) leave its worker to the next print, and ends a failed print's worker", async () => {
    const r = rig({ pages: 4 });
    const started: { terminated: boolean }[] = [];
    const start = channelWorker({ loadCodePage: () => async () => undefined });
    const kept = keptPrintWorkers(() => {
      const w = start();
      started.push(w);
      return w;
    }, 60_000);
    const controller = new AbortController();
    const deps = {
      ...r.deps,
      startWorker: kept,
      renderPage: async (n: number) => {
        if (n === 2) controller.abort();
        return smallRaster();
      },
    };
    const pre = options({ paperChoice: 'ncodeA4' });
    const cancelled = await printBoard(deps, pre, { signal: controller.signal });
    expect(cancelled.status).toBe('cancelled');
    const fresh = await printBoard({ ...r.deps, startWorker: () => start() }, pre);
    const again = await printBoard(deps, pre);
    expect(again.status).toBe('complete');
    // the same worker served both prints, and printed what a new worker prints
    expect(started).toHaveLength(1);
    expect(started[0]!.terminated).toBe(false);
    const pdfText = (b: Uint8Array) =>
      new TextDecoder('latin1').decode(b).replace(/\/CreationDate[^\n]*/g, '');
    expect(pdfText(r.handed[1]!.bytes)).toBe(pdfText(r.handed[0]!.bytes));
    expect(again.printed).toEqual(fresh.printed);
    // a failed job (no code pages) ends its worker; the next print starts a new one
    const failed = await printBoard(
      { ...deps, auth: { ...deps.auth, accessToken: async () => 'tok' }, fetch: codesFetch },
      options({ paperChoice: 'plainPaper', rangeText: '1' }),
    );
    expect(failed.failure).toMatchObject({ kind: 'job', name: 'MissingCodePageError' });
    expect(started[0]!.terminated).toBe(true);
    await printBoard(deps, pre);
    expect(started).toHaveLength(2);
  });
});
