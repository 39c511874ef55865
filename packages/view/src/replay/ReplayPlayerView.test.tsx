// @vitest-environment jsdom
import 'vitest-canvas-mock';
import { manualScheduler, type ReplaySnapshot } from '@dotink/ink';
import { type PageAddress, pageId } from '@dotink/ncode';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { LayerDrawInfo } from '../components/viewStats';
import type { Viewport } from '../pipeline/viewTransform';
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
    fireEvent.change(screen.getByRole('slider', { name: 'Replay position' }), { target: { value: '1.2' } });
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

  it('steps the slider by 0.05 s over the replay time (classroom.md §9)', () => {
    const r = setup();
    const slider = screen.getByRole('slider', { name: 'Replay position' });
    expect(slider.getAttribute('step')).toBe('0.05');
    // the last stroke ends at 2.4 s plus the 10 ms dot tail: the slider reaches 2.45 s
    expect(slider.getAttribute('max')).toBe('2.45');
    fireEvent.change(slider, { target: { value: '0.75' } });
    expect(r.snaps.at(-1)!.timeMs).toBe(750);
    expect((slider as HTMLInputElement).value).toBe('0.75');
  });

  it('zooms by 1.2 a step up to 3, which makes the fit free; the fit buttons fit again', () => {
    const viewports: Viewport[] = [];
    render(
      <ReplayPlayerView
        strokes={strokes}
        scheduler={manualScheduler()}
        view={{ width: 640, height: 480, onViewportChange: (v) => viewports.push(v) }}
      />,
    );
    const fitRadio = (name: string) => screen.getByRole('radio', { name });
    expect((fitRadio('Full page') as HTMLInputElement).checked).toBe(true);
    const start = viewports.at(-1)!.scale;
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(viewports.at(-1)!.scale).toBeCloseTo(start * 1.2);
    expect((fitRadio('Free') as HTMLInputElement).checked).toBe(true);
    for (let i = 0; i < 20; i++) fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(viewports.at(-1)!.scale).toBe(3);
    fireEvent.click(fitRadio('Fit width'));
    expect((fitRadio('Fit width') as HTMLInputElement).checked).toBe(true);
    expect(viewports.at(-1)!.scale).toBeLessThan(3);
  });

  it('shows the 1,500,000 ms activity window and the speed cycle', () => {
    setup();
    const graph = screen.getByTestId('replay-graph');
    expect(graph.dataset.fromMs).toBe('0');
    expect(graph.dataset.toMs).toBe('1500000');
    const speed = screen.getByTestId('replay-speed');
    const seen = [speed.textContent];
    for (let i = 0; i < 9; i++) {
      fireEvent.click(speed);
      seen.push(speed.textContent);
    }
    expect(seen).toEqual(['x 1', 'x 2', 'x 4', 'x 6', 'x 8', 'x 12', 'x 16', 'x 20', 'x 32', 'x 1']);
  });

  it('draws extra strokes over the page shown and gives the aside the player', () => {
    const draws: LayerDrawInfo[] = [];
    const extra = [
      makeStroke(PAGE_B, line(20, 20, 5), { startMs: T0 + 9000, writerId: 'teacher' }),
      makeStroke(PAGE_A, line(20, 20, 5), { startMs: T0 + 9000, writerId: 'teacher' }),
    ];
    render(
      <ReplayPlayerView
        strokes={strokes}
        scheduler={manualScheduler()}
        controls="top"
        extraStrokes={extra}
        barExtra={<button type="button">Annotate</button>}
        aside={({ player, model }) => (
          <button type="button" onClick={() => player.seek(model.pageChunks[0]!.startDeltaMs)}>
            First page
          </button>
        )}
        view={{ width: 640, height: 480, onLayerDraw: (d) => draws.push(d) }}
      />,
    );
    // live on page B: its one replayed stroke and the extra one of page B
    expect(draws.filter((d) => d.layer === 'completed').at(-1)!.count).toBe(2);
    expect(screen.getByRole('button', { name: 'Annotate' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'First page' }));
    expect(screen.getByTestId('page-view').dataset.page).toBe(pageId(PAGE_A));
  });

  it('shows the first page while live when asked, and any page picked whole', () => {
    const draws: LayerDrawInfo[] = [];
    render(
      <ReplayPlayerView
        strokes={strokes}
        scheduler={manualScheduler()}
        livePage="first"
        aside={({ showPage }) => (
          <button type="button" onClick={() => showPage(PAGE_B)}>
            Page B
          </button>
        )}
        view={{ width: 640, height: 480, onLayerDraw: (d) => draws.push(d) }}
      />,
    );
    const shown = () => screen.getByTestId('page-view').dataset.page;
    expect(shown()).toBe(pageId(PAGE_A));
    expect(draws.filter((d) => d.layer === 'completed').at(-1)!.count).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: 'Page B' }));
    expect(shown()).toBe(pageId(PAGE_B));
    expect(screen.getByTestId('replay-controls').dataset.state).toBe('live');
    // while playing, picking a page seeks to its first chunk
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(shown()).toBe(pageId(PAGE_A));
    fireEvent.click(screen.getByRole('button', { name: 'Page B' }));
    expect(shown()).toBe(pageId(PAGE_B));
  });
});
