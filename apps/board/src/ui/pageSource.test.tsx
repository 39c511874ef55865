// @vitest-environment jsdom
import type { GridaPage } from '@dotink/ink';
import { pageAddress, scaleHomography } from '@dotink/ncode';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { BoardApp } from '../app/boardApp';
import type { BoardSession } from '../model/boardSession';
import { usePageSource } from './pageSource';

afterEach(cleanup);

const pdfPage = (pageNo: number): GridaPage => ({
  id: `p${pageNo}`,
  address: pageAddress(256, 27, 1068, pageNo),
  source: { kind: 'pdf', pdfId: 'd', pageNo },
  sizePt: { widthPt: 100, heightPt: 200 },
  nuToPt: scaleHomography(6.72),
  rotation: 0,
  background: 'basic',
});

/** An app whose PDF hands out pages that count their `cleanup()` calls. */
function fakeApp() {
  const cleaned: number[] = [];
  const app = {
    pdfs: {
      get: async () => ({
        page: async (n: number) => ({
          getViewport: () => ({ width: 100, height: 200 }),
          render: () => ({ promise: Promise.resolve() }),
          cleanup: () => cleaned.push(n),
        }),
      }),
    },
  } as unknown as BoardApp;
  const session = { pdfs: [{ id: 'd', fileName: 'd.pdf', fingerprint: '', bytes: new Uint8Array() }] };
  return { app, session: session as unknown as BoardSession, cleaned };
}

describe('usePageSource', () => {
  it('frees the pdf.js page it stops showing (page change and unmount)', async () => {
    const { app, session, cleaned } = fakeApp();
    const { result, rerender, unmount } = renderHook(({ page }) => usePageSource(app, session, page), {
      initialProps: { page: pdfPage(1) },
    });
    await waitFor(() => expect(result.current?.key).toBe('d:1'));
    expect(cleaned).toEqual([]);
    rerender({ page: pdfPage(2) });
    await waitFor(() => expect(result.current?.key).toBe('d:2'));
    expect(cleaned).toEqual([1]);
    unmount();
    expect(cleaned).toEqual([1, 2]);
  });

  it('frees a page that arrives after the view moved on', async () => {
    const { app, session, cleaned } = fakeApp();
    const { result, rerender } = renderHook(({ page }) => usePageSource(app, session, page), {
      initialProps: { page: pdfPage(1) },
    });
    rerender({ page: pdfPage(2) });
    await waitFor(() => expect(result.current?.key).toBe('d:2'));
    expect(cleaned).toEqual([1]);
  });
});
