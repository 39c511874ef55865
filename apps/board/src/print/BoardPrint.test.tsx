// @vitest-environment jsdom
import { type PageAddress, type Point2, pageAddress } from '@dotink/ncode';
import type { FromWorker, PortLike, ToWorker } from '@dotink/print-web';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BoardPrint } from './BoardPrint';
import type { PrintFlowDeps } from './printFlow';
import type { PenTap, TapSource } from './registrationFlow';
import { boardPages } from './testPages';
import { channelWorker, memoryTarget, smallRaster } from './testTarget';

afterEach(cleanup);

/** Taps delivered by the test; `listening` tells whether a registration dialog listens. */
function testTaps(): TapSource & { send(page: PageAddress, at: Point2): void; listening: boolean } {
  let listener: ((t: PenTap) => void) | undefined;
  const taps = {
    listening: false,
    listen(onTap: (t: PenTap) => void) {
      listener = onTap;
      taps.listening = true;
      return () => {
        listener = undefined;
        taps.listening = false;
      };
    },
    send(page: PageAddress, at: Point2) {
      act(() =>
        listener?.({
          page,
          dots: [
            { x: at.x - 0.2, y: at.y },
            { x: at.x + 0.2, y: at.y + 0.1 },
          ],
        }),
      );
    },
  };
  return taps;
}

function deps(overrides: Partial<PrintFlowDeps> = {}) {
  const target = memoryTarget(boardPages(3));
  const d: PrintFlowDeps = {
    target,
    auth: { serverUrl: '', accessToken: async () => undefined },
    renderPage: async () => smallRaster(),
    startWorker: channelWorker(),
    handOff: async () => {},
    nowMs: () => 1_700_000_000_000,
    ...overrides,
  };
  return { d, target };
}

const ncode = (p: number) => pageAddress(3, 27, 168, p);

describe('BoardPrint', () => {
  it('prints on Ncode A4 paper, then registers the page order with pen taps and closes by itself', async () => {
    const { d, target } = deps();
    const taps = testTaps();
    const onClose = vi.fn();
    render(<BoardPrint deps={d} taps={taps} deliver={() => {}} onClose={onClose} />);
    fireEvent.click(await screen.findByTestId('print-paper-ncodeA4'));
    fireEvent.change(screen.getByTestId('print-range'), { target: { value: '1, 3' } });
    fireEvent.click(screen.getByTestId('print-submit'));

    // one dialog per printed page; page 1: top-left, then bottom-right
    const dialog = await screen.findByTestId('registration-dialog', {}, { timeout: 10_000 });
    expect(dialog.querySelector('h2')!.textContent).toBe('Page-order registration: page 1 of 2');
    expect(screen.getByTestId('registration-mark-top-left').getAttribute('data-active')).toBe('true');
    // the dialog subscribes to pen taps in an effect after it renders
    await waitFor(() => expect(taps.listening).toBe(true));
    taps.send(ncode(10), { x: 12, y: 15 });
    expect(screen.getByTestId('registration-instruction').textContent).toBe(
      'Now tap the mark at the bottom right of the same page.',
    );
    taps.send(ncode(11), { x: 80, y: 110 });
    expect(screen.getByTestId('registration-alert').textContent).toBe(
      'Not the same page: the same PDF page must correspond to one Ncode paper.',
    );
    taps.send(ncode(10), { x: 80, y: 110 });
    expect(screen.getByTestId('registration-dialog').querySelector('h2')!.textContent).toBe(
      'Page-order registration: page 2 of 2',
    );
    expect(screen.queryByTestId('registration-alert')).toBeNull();
    taps.send(ncode(10), { x: 40, y: 40 });
    expect(screen.getByTestId('registration-alert').textContent).toBe(
      'Overlap with registered page: this page overlaps the previously registered page. Please check the printed paper.',
    );
    // board page 2 (not printed) shows a temporary code: tapping that is an overlap too
    taps.send(target.current[1]!.address, { x: 40, y: 40 });
    expect(screen.getByTestId('registration-alert').getAttribute('data-alert')).toBe('overlap');
    taps.send(ncode(12), { x: 40, y: 40 });

    await waitFor(() => expect(onClose).toHaveBeenCalled(), { timeout: 10_000 });
    await waitFor(() => expect(taps.listening).toBe(false));
    expect(target.current.map((p) => p.address)).toEqual([ncode(10), boardPages(3)[1]!.address, ncode(12)]);
    expect(target.current[0]!.nuToPt.a).toBeGreaterThan(6);
    expect(target.meta.get('print.mapping.board1')).toMatchObject({
      source: 'registration',
      id: 'board-board1/1',
    });
  });

  it('shows "Please wait a little longer" when cancelling is slow, then the cancelled end', async () => {
    // a worker that reports progress and finishes the cancel only when told
    let post: ((m: FromWorker) => void) | undefined;
    const fakeWorker = () => {
      const listeners = new Set<(e: MessageEvent) => void>();
      const port: PortLike = {
        postMessage(message: unknown) {
          const m = message as ToWorker;
          const send = (r: FromWorker) => {
            for (const l of listeners) l({ data: r } as MessageEvent);
          };
          post = send;
          if (m.type === 'start') {
            send({ type: 'progress', progress: { state: 'processing', pagesDone: 0, pagesTotal: 3 } });
          }
          if (m.type === 'cancel') {
            send({ type: 'progress', progress: { state: 'waitingForCancel', pagesDone: 1, pagesTotal: 3 } });
          }
        },
        addEventListener: (_t, l) => listeners.add(l),
        removeEventListener: (_t, l) => listeners.delete(l),
      };
      return { port, terminate() {} };
    };
    const { d } = deps({ startWorker: fakeWorker });
    render(
      <BoardPrint deps={d} taps={testTaps()} deliver={() => {}} onClose={() => {}} slowAfterMs={1000} />,
    );
    fireEvent.click(await screen.findByTestId('print-paper-ncodeA4'));
    fireEvent.click(screen.getByTestId('print-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('print-status').textContent).toBe('Processing page 1 of 3'),
    );
    fireEvent.click(screen.getByTestId('print-progress-cancel'));
    await waitFor(() =>
      expect(screen.getByTestId('print-status').textContent).toBe('The program is running'),
    );
    expect(screen.queryByTestId('print-wait-longer')).toBeNull();
    expect(await screen.findByTestId('print-wait-longer', {}, { timeout: 5000 })).toBeTruthy();
    act(() =>
      post!({
        type: 'done',
        result: {
          status: 'cancelled',
          mapping: {
            id: 'x/1',
            fingerprint: 'x',
            numPages: 3,
            pagesPerSheet: 1,
            paperChoice: 'ncodeA4',
            density: 'normal',
            pages: [],
          },
          pageMappings: [],
          bytesWritten: 0,
          pageCount: 1,
        },
      }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('print-status').textContent).toBe('Printing was cancelled.'),
    );
    expect(screen.queryByTestId('print-wait-longer')).toBeNull();
  });

  it('says printing with the pattern is not set up when the code pages are missing', async () => {
    const fetch = (async (url: string) => {
      const qty = Number(new URL(url, 'https://x').searchParams.get('qty'));
      return new Response(
        JSON.stringify(Array.from({ length: qty }, (_, i) => ({ s: 0, o: 27, b: 667, p: i + 1, url: '' }))),
      );
    }) as typeof globalThis.fetch;
    const { d } = deps({
      auth: { serverUrl: 'https://ink.example', accessToken: async () => 'tok' },
      fetch,
      startWorker: channelWorker({ loadCodePage: () => async () => undefined }),
    });
    render(<BoardPrint deps={d} taps={testTaps()} deliver={() => {}} onClose={() => {}} />);
    fireEvent.click(await screen.findByTestId('print-submit'));
    const failure = await screen.findByTestId('print-failure', {}, { timeout: 10_000 });
    // the user is told in their language, without the server's file path
    expect(failure.textContent).toBe('Printing with the Ncode pattern is not set up on this server.');
  });
});
