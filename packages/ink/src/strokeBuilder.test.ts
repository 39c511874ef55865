import { memoryLogger, type PageAddress, pageAddress, pageId, samePage } from '@dotink/ncode';
import { describe, expect, it } from 'vitest';
import { dotList } from './dots';
import { type BrushState, DEFAULT_BRUSH, dotTypeAt, type StrokeRole, strokeRole } from './liveStroke';
import type { PenId } from './penEvents';
import { isVisibleInk } from './stroke';
import {
  createStrokeBuilder,
  type HoverPoint,
  type PageFault,
  type PageKind,
  type StrokeBuilderOptions,
} from './strokeBuilder';
import { counterKeySource } from './strokeKeys';
import { penDriver } from './testDriver';
import { BrushType, DotType, type Stroke } from './types';

const pageA = pageAddress(3, 27, 168, 1);
const pageB = pageAddress(3, 27, 168, 2);

function setup(extra: Partial<StrokeBuilderOptions> = {}) {
  const log: string[] = [];
  const completed: { stroke: Stroke; role: StrokeRole }[] = [];
  const hovers: HoverPoint[] = [];
  const faults: PageFault[] = [];
  const hoverPages: PageAddress[] = [];
  const dotCalls: { key: string; from: number; count: number }[] = [];
  const logger = memoryLogger();
  const builder = createStrokeBuilder({
    keys: counterKeySource('s'),
    logger,
    listener: {
      strokeStarted: (live) => log.push(`start ${live.key} ${live.pageId} ${live.role}`),
      strokeDots: (live, from) => dotCalls.push({ key: live.key, from, count: live.dots.count }),
      strokeCompleted: (stroke, role) => {
        log.push(`done ${stroke.key}`);
        completed.push({ stroke, role });
      },
      hover: (h) => hovers.push(h),
      hoverPage: (_pen, page) => hoverPages.push(page),
      pageFault: (f) => faults.push(f),
      strokeCancelled: (live) => log.push(`cancel ${live.key}`),
    },
    ...extra,
  });
  const pen = (penId: PenId = 'pen-1', startMs = 1000) =>
    penDriver((e) => builder.handle(e), { penId, startMs });
  return { builder, log, completed, hovers, hoverPages, faults, dotCalls, logger, pen };
}

describe('StrokeBuilder', () => {
  it('drops a cancelled ink stroke (a touch that became a pinch): nothing completes', () => {
    const t = setup();
    const pen = t.pen();
    pen.penDown().page(pageA).penMove(1, 1).penMove(2, 2);
    t.builder.handle({ kind: 'cancel', penId: 'pen-1', timeMs: 2000 });
    // a later up of that pen is an up without a down
    pen.penUp();
    expect(t.log).toEqual(['start s1 3.27.168.1 ink', 'cancel s1']);
    expect(t.completed).toEqual([]);
    // the next stroke is a stroke again
    pen.stroke(pageA, [
      [4, 4],
      [5, 5],
    ]);
    expect(t.completed.map((c) => c.stroke.key)).toEqual(['s2']);
  });

  it('completes a cancelled eraser stroke: what it erased on the way is one step', () => {
    const t = setup({ brushFor: () => ({ ...DEFAULT_BRUSH, brushType: BrushType.eraser }) });
    t.pen().penDown().page(pageA).penMove(1, 1).penMove(2, 2);
    t.builder.handle({ kind: 'cancel', penId: 'pen-1', timeMs: 2000 });
    expect(t.completed.map((c) => c.role)).toEqual(['eraser']);
    expect(t.log).not.toContain('cancel s1');
  });

  it('builds one stroke from down, page, moves, up; the last dot is the pen-up dot', () => {
    const t = setup();
    t.pen().stroke(pageA, [
      [1, 1],
      [2, 2],
      [3, 4],
    ]);
    expect(t.log).toEqual(['start s1 3.27.168.1 ink', 'done s1']);
    expect(t.completed).toHaveLength(1);
    const s = t.completed[0]!.stroke;
    expect(s.key).toBe('s1');
    expect(samePage(s.page, pageA)).toBe(true);
    expect(dotList(s.dots).map((d) => [d.xNu, d.yNu])).toEqual([
      [1, 1],
      [2, 2],
      [3, 4],
    ]);
    expect(s.multiPage).toBe(false);
    expect(s.status).toBe('normal');
    expect(s.mac).toBe('pen-1');
    expect(dotTypeAt(0, 3)).toBe(DotType.down);
    expect(dotTypeAt(1, 3)).toBe(DotType.move);
    expect(dotTypeAt(2, 3)).toBe(DotType.up);
    // strokeDots reports each new dot once, so a view draws only the newest segment.
    expect(t.dotCalls.map((c) => c.from)).toEqual([0, 1, 2]);
    expect(t.dotCalls.map((c) => c.count)).toEqual([1, 2, 3]);
  });

  it('keeps each pen separate when two pens write at once', () => {
    const brushes: Record<string, BrushState> = {
      a: { ...DEFAULT_BRUSH, writerId: 'alice', colorArgb: 0xffff0000 },
      b: { ...DEFAULT_BRUSH, writerId: 'bob', colorArgb: 0xff0000ff, thickness: 0.08 },
    };
    const t = setup({ brushFor: (id) => brushes[id]! });
    const a = t.pen('a');
    const b = t.pen('b', 1003);
    a.penDown().page(pageA);
    b.penDown().page(pageB);
    a.penMove(1, 1);
    b.penMove(10, 10);
    a.penMove(2, 2);
    b.penMove(11, 11);
    b.penUp();
    a.penMove(3, 3).penUp();
    expect(t.completed.map((c) => c.stroke.writerId)).toEqual(['bob', 'alice']);
    const [sb, sa] = t.completed.map((c) => c.stroke);
    expect(dotList(sa!.dots).map((d) => d.xNu)).toEqual([1, 2, 3]);
    expect(dotList(sb!.dots).map((d) => d.xNu)).toEqual([10, 11]);
    expect(pageId(sa!.page)).toBe('3.27.168.1');
    expect(pageId(sb!.page)).toBe('3.27.168.2');
    expect(sa!.colorArgb).toBe(0xffff0000);
    expect(sb!.thickness).toBe(0.08);
    expect(sb!.mac).toBe('b');
  });

  it('splits a stroke at a page change into two multi-page strokes', () => {
    const t = setup();
    t.pen().penDown().page(pageA).penMove(1, 1).penMove(2, 2).page(pageB).penMove(5, 5).penMove(6, 6).penUp();
    expect(t.log).toEqual(['start s1 3.27.168.1 ink', 'done s1', 'start s2 3.27.168.2 ink', 'done s2']);
    const [first, second] = t.completed.map((c) => c.stroke);
    expect(dotList(first!.dots).map((d) => d.xNu)).toEqual([1, 2]);
    expect(dotList(second!.dots).map((d) => d.xNu)).toEqual([5, 6]);
    expect(first!.multiPage).toBe(true);
    expect(second!.multiPage).toBe(true);
    expect(second!.key).not.toBe(first!.key);
  });

  it('moves a stroke without splitting when the page changes before its first dot', () => {
    const t = setup();
    t.pen().penDown().page(pageA).page(pageB).penMove(1, 1).penUp();
    expect(t.completed).toHaveLength(1);
    expect(pageId(t.completed[0]!.stroke.page)).toBe('3.27.168.2');
    expect(t.completed[0]!.stroke.multiPage).toBe(false);
  });

  it('ignores a repeated page info for the same page', () => {
    const t = setup();
    t.pen().penDown().page(pageA).penMove(1, 1).page(pageA).penMove(2, 2).penUp();
    expect(t.completed).toHaveLength(1);
    expect(t.completed[0]!.stroke.dots.count).toBe(2);
  });

  it('closes the open stroke on disconnect so nothing written is lost', () => {
    const t = setup();
    const pen = t.pen();
    pen.penDown().page(pageA).penMove(1, 1).penMove(2, 2).disconnect();
    expect(t.completed).toHaveLength(1);
    expect(t.completed[0]!.stroke.dots.count).toBe(2);
    expect(t.builder.liveStrokes()).toEqual([]);
    // The pen may reconnect and write again.
    pen.stroke(pageA, [[4, 4]]);
    expect(t.completed).toHaveLength(2);
  });

  it('closes an open stroke when a new pen down arrives without pen up', () => {
    const t = setup();
    t.pen().penDown().page(pageA).penMove(1, 1).penDown().page(pageA).penMove(2, 2).penUp();
    expect(t.completed.map((c) => c.stroke.key)).toEqual(['s1', 's2']);
  });

  it('reports hover moves with the hover page, never as ink', () => {
    const t = setup();
    const pen = t.pen();
    pen.hover(1, 1).page(pageB).hover(2, 3);
    expect(t.hovers.map((h) => [h.xNu, h.yNu, h.page && pageId(h.page)])).toEqual([
      [1, 1, undefined],
      [2, 3, '3.27.168.2'],
    ]);
    expect(t.hoverPages).toEqual([pageB]);
    expect(t.completed).toEqual([]);
    expect(t.log).toEqual([]);
    expect(t.builder.hoverPageOf('pen-1')).toEqual(pageB);
    // Page info of a stroke is not a hover page.
    pen.stroke(pageA, [[1, 1]]);
    expect(t.hoverPages).toEqual([pageB]);
  });

  it('holds moves that arrive before page info and delivers them when it arrives', () => {
    const t = setup();
    const pen = t.pen();
    pen.penDown().penMove(1, 1).penMove(2, 2);
    expect(t.log).toEqual([]);
    pen.page(pageA);
    expect(t.log).toEqual(['start s1 3.27.168.1 ink']);
    expect(t.dotCalls).toEqual([{ key: 's1', from: 0, count: 2 }]);
    pen.penMove(3, 3).penUp();
    expect(dotList(t.completed[0]!.stroke.dots).map((d) => d.xNu)).toEqual([1, 2, 3]);
  });

  it('counts a pen up without page info as a page fault, calling back up to the maximum', () => {
    const t = setup();
    const pen = t.pen();
    pen.penDown().penMove(1, 1).penUp();
    pen.penDown().penUp();
    expect(t.completed).toEqual([]);
    expect(t.faults).toHaveLength(1);
    expect(t.faults[0]).toMatchObject({ pageId: '-1.-1.-1.-1', count: 1, droppedDots: 1 });
    expect(t.builder.pageFaultCount('-1.-1.-1.-1' as never)).toBe(2);
    // Counted per page: the pen's last known page.
    pen.page(pageA).penDown().penUp();
    expect(t.faults.map((f) => f.pageId)).toEqual(['-1.-1.-1.-1', '3.27.168.1']);
  });

  it('calls back on every page fault when unlimited', () => {
    const t = setup({ pageFaultMax: 'unlimited' });
    const pen = t.pen();
    for (let i = 0; i < 4; i++) pen.penDown().penUp();
    expect(t.faults.map((f) => f.count)).toEqual([1, 2, 3, 4]);
  });

  it('emits eraser strokes (eraser tip or eraser brush) as erased eraser strokes', () => {
    const t = setup({
      brushFor: (id) => (id === 'e' ? { ...DEFAULT_BRUSH, brushType: BrushType.eraser } : DEFAULT_BRUSH),
    });
    t.pen('p').penDown({ penTipMode: 1 }).page(pageA).penMove(1, 1).penMove(2, 2).penUp();
    t.pen('e').stroke(pageA, [
      [1, 1],
      [3, 3],
    ]);
    expect(t.completed.map((c) => c.role)).toEqual(['eraser', 'eraser']);
    for (const { stroke } of t.completed) {
      expect(stroke.brushType).toBe(BrushType.eraser);
      expect(stroke.status).toBe('erased');
      expect(isVisibleInk(stroke)).toBe(false);
      expect(strokeRole(stroke)).toBe('eraser');
    }
    expect(t.completed[0]!.stroke.penTipMode).toBe(1);
    expect(t.log[0]).toBe('start s1 3.27.168.1 eraser');
  });

  it('marks strokes on control pages as pui and drops dropped pages', () => {
    const kinds: Record<string, PageKind> = { '3.27.168.1': 'pui', '3.27.168.2': 'dropped' };
    const t = setup({ classifyPage: (p) => kinds[pageId(p)] ?? 'ink' });
    t.pen().stroke(pageA, [[1, 1]]);
    t.pen().stroke(pageB, [[1, 1]]);
    expect(t.completed).toHaveLength(1);
    expect(t.completed[0]!.role).toBe('pui');
    expect(t.completed[0]!.stroke.brushType).toBe(BrushType.pui);
    expect(isVisibleInk(t.completed[0]!.stroke)).toBe(false);
  });

  it('uses the colour the pen reported when the brush has none', () => {
    const t = setup({ brushFor: () => ({ ...DEFAULT_BRUSH, colorArgb: undefined }) });
    t.pen().penDown({ colorArgb: 0xff00ff00 }).page(pageA).penMove(1, 1).penUp();
    expect(t.completed[0]!.stroke.colorArgb).toBe(0xff00ff00);
  });

  it('builds remote strokes by key and logs an unknown key', () => {
    const t = setup();
    t.builder.openRemote({ key: 'r1', page: pageA, brush: { ...DEFAULT_BRUSH, writerId: 'remote' } });
    t.builder.appendRemote('r1', [
      { xNu: 1, yNu: 1, force: 1, timeMs: 5 },
      { xNu: 2, yNu: 2, force: 1, timeMs: 6 },
    ]);
    expect(t.builder.liveStrokes().map((l) => l.key)).toEqual(['r1']);
    t.builder.closeRemote('r1', 7);
    expect(t.completed[0]!.stroke.key).toBe('r1');
    expect(t.completed[0]!.stroke.writerId).toBe('remote');
    t.builder.appendRemote('nope', [{ xNu: 1, yNu: 1, force: 1, timeMs: 5 }]);
    t.builder.closeRemote('nope', 8);
    expect(t.logger.lines.filter((l) => l.message === 'stroke was not initiated')).toHaveLength(2);
  });
});
