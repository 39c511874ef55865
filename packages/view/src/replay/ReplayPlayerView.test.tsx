// @vitest-environment jsdom
import 'vitest-canvas-mock';
import { manualScheduler, type ReplaySnapshot } from '@dotink/ink';
import { type PageAddress, pageId } from '@dotink/ncode';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { LayerDrawInfo } from '../components/viewStats';
import { line, makeStroke, PAGE_A, PAGE_B } from '../testing/fixtures';
import { ReplayPlayerView } from './ReplayPlayerView';

afterEach(cleanup);

const T0 = 1_800_000_000_000;
// page A from 0 to ~1.4 s, page B from 2 s to ~2.4 s (5 dots 100 ms apart each)
const strokes = [
  makeStroke(PAGE_A, line(1, 1, 5), { startMs: T0, stepMs: 100 }),
  makeStroke(PAGE_A, line(5, 5, 5), { startMs: T0 + 1000, stepMs: 100 }),
  makeStroke(PAGE_B, line(9, 9, 5), { startMs: T0 + 2000, stepMs: 100 }),
];

function setup() {
  const scheduler = manualScheduler();
  const snaps: ReplaySnapshot[] = [];
  const pages: (PageAddress | undefined)[] = [];
  const draws: LayerDrawInfo[] = [];
  render(
    <ReplayPlayerView
      strokes={strokes}
      scheduler={scheduler}
      onSnapshot={(s) => snaps.push(s)}
      onPageChange={(p) => pages.push(p)}
      view={{ width: 640, height: 480, onLayerDraw: (d) => draws.push(d) }}
    />,
  );
  const state = () => screen.getByTestId('replay-controls').dataset.state;
  const time = () => screen.getByTestId('replay-time').textContent;
  const shownPage = () => screen.getByTestId('page-view').dataset.page;
  const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
  const advance = (ms: number) =>
    act(() => {
      scheduler.advance(ms);
    });
  return { scheduler, snaps, pages, draws, state, time, shownPage, click, advance };
}

describe('ReplayPlayerView', () => {
  it('starts live, showing the last page with everything', () => {
    const r = setup();
    expect(r.state()).toBe('live');
    expect(r.shownPage()).toBe(pageId(PAGE_B));
    expect(r.time()).toBe('0:02 / 0:02');
  });

  it('plays on the scheduler, following the page chunk, and pauses at the end', () => {
    const r = setup();
    r.click('Play');
    expect(r.state()).toBe('play');
    expect(r.shownPage()).toBe(pageId(PAGE_A));
    expect(screen.getByRole('button', { name: 'Pause' })).toBeTruthy();
    r.advance(1000);
    expect(r.snaps.at(-1)!.timeMs).toBe(1000);
    expect(r.shownPage()).toBe(pageId(PAGE_A));
    r.advance(1200);
    expect(r.shownPage()).toBe(pageId(PAGE_B));
    expect(r.pages.map((p) => (p ? pageId(p) : '-'))).toEqual([
      pageId(PAGE_B),
      pageId(PAGE_A),
      pageId(PAGE_B),
    ]);
    r.advance(5000);
    expect(r.state()).toBe('pause');
    expect(r.scheduler.activeCount()).toBe(0);
  });

  it('pauses (stop state) and resumes where it was', () => {
    const r = setup();
    r.click('Play');
    r.advance(400);
    r.click('Pause');
    expect(r.state()).toBe('stop');
    r.advance(1000);
    expect(r.snaps.at(-1)!.timeMs).toBe(400);
    r.click('Play');
    r.advance(100);
    expect(r.snaps.at(-1)!.timeMs).toBe(500);
  });

  it('cycles speeds and plays faster', () => {
    const r = setup();
    const speed = () => screen.getByTestId('replay-speed');
    expect(speed().textContent).toBe('x 1');
    fireEvent.click(speed());
    expect(speed().textContent).toBe('x 2');
    r.click('Play');
    r.advance(100);
    expect(r.snaps.at(-1)!.timeMs).toBe(200);
  });

  it('rewinds to the start and stops back to live', () => {
    const r = setup();
    r.click('Play');
    r.advance(600);
    r.click('Rewind');
    expect(r.state()).toBe('rewind');
    expect(r.snaps.at(-1)!.timeMs).toBe(0);
    r.click('Stop');
    expect(r.state()).toBe('live');
    expect(r.shownPage()).toBe(pageId(PAGE_B));
  });

  it('seeks with the slider and with the page chunks strip', () => {
    const r = setup();
    fireEvent.change(screen.getByRole('slider', { name: 'Replay position' }), { target: { value: '1200' } });
    expect(r.state()).toBe('stop');
    expect(r.snaps.at(-1)!.timeMs).toBe(1200);
    expect(r.shownPage()).toBe(pageId(PAGE_A));
    const chunks = screen.getByRole('navigation', { name: 'Pages' }).querySelectorAll('button');
    expect(chunks).toHaveLength(2);
    expect(chunks[0]!.getAttribute('aria-current')).toBe('true');
    fireEvent.click(chunks[1]!);
    expect(r.snaps.at(-1)!.timeMs).toBe(2000);
    expect(r.shownPage()).toBe(pageId(PAGE_B));
  });

  it('redraws completed strokes only when one completes, partial ones on the live layer', () => {
    const r = setup();
    r.click('Play');
    const completed = () => r.draws.filter((d) => d.layer === 'completed').length;
    r.advance(200);
    const before = completed();
    r.advance(200); // still inside the first stroke: nothing completes
    expect(completed()).toBe(before);
    expect(r.draws.filter((d) => d.layer === 'live').at(-1)).toEqual({ layer: 'live', count: 1, full: true });
    r.advance(400); // the first stroke is complete
    expect(completed()).toBe(before + 1);
    expect(r.draws.filter((d) => d.layer === 'completed').at(-1)!.count).toBe(1);
  });
});
