import { pageAddress, pageId } from '@dotink/ncode';
import { describe, expect, it } from 'vitest';
import type { EraseEvent } from './eraser';
import { createHistory } from './history';
import { createInkStore } from './inkStore';
import { LiveEraser } from './liveEraser';
import { DEFAULT_BRUSH } from './liveStroke';
import { createStrokeBuilder } from './strokeBuilder';
import { counterKeySource } from './strokeKeys';
import { penDriver } from './testDriver';
import { BrushType } from './types';

const paper = pageAddress(3, 27, 168, 1);
const P = pageId(paper);
const row = (y: number) => Array.from({ length: 11 }, (_, i) => [i, y] as const);

function setup(mode: 'whole' | 'partial') {
  const store = createInkStore();
  const history = createHistory(store);
  const keys = counterKeySource('k');
  const events: EraseEvent[] = [];
  const eraser = new LiveEraser({
    store,
    mode,
    radiusNu: 0.5,
    keys,
    record: (edit) => history.record(edit),
    onErase: (e) => events.push(e),
  });
  const builder = createStrokeBuilder({
    keys,
    brushFor: (pen) => (pen === 'eraser' ? { ...DEFAULT_BRUSH, brushType: BrushType.eraser } : DEFAULT_BRUSH),
    listener: {
      strokeStarted: (live) => {
        if (live.role === 'ink') store.beginRealtime(live);
      },
      strokeDots: (live, from) => eraser.dots(live, from),
      strokeCompleted: (stroke, role) => {
        if (role === 'ink') history.addStrokes([stroke]);
        else eraser.completed(stroke);
      },
    },
  });
  const pen = penDriver((e) => builder.handle(e), { penId: 'pen' });
  const rubber = penDriver((e) => builder.handle(e), { penId: 'eraser' });
  return { store, history, events, pen, rubber };
}

describe('LiveEraser', () => {
  it('erases whole strokes while the eraser moves; one undo undoes the eraser stroke', () => {
    const t = setup('whole');
    t.pen.stroke(paper, row(0));
    t.pen.stroke(paper, row(10));
    t.pen.stroke(paper, row(20));
    t.rubber.penDown().page(paper).penMove(5, -2).penMove(5, 2);
    expect(t.store.strokesOnPage(P)).toHaveLength(2);
    t.rubber.penMove(5, 12).penUp();
    expect(t.store.strokesOnPage(P)).toHaveLength(1);
    expect(t.events.map((e) => e.keys.length)).toEqual([1, 1]);
    expect(t.events[0]).toMatchObject({ pageId: P, mode: 'whole' });
    t.history.undo();
    expect(t.store.strokesOnPage(P)).toHaveLength(3);
    t.history.undo();
    expect(t.store.strokesOnPage(P)).toHaveLength(2);
  });

  it('cuts strokes with the partial eraser, and a tap erases at its dot', () => {
    const t = setup('partial');
    t.pen.stroke(paper, row(0));
    t.rubber.stroke(paper, [
      [5, -2],
      [5, 2],
    ]);
    expect(t.store.strokesOnPage(P).map((s) => s.dots.count)).toEqual([5, 5]);
    t.rubber.stroke(paper, [[2, 0]]);
    expect(t.store.strokesOnPage(P).map((s) => s.dots.count)).toEqual([2, 2, 5]);
    t.history.undo();
    t.history.undo();
    expect(t.store.strokesOnPage(P).map((s) => s.dots.count)).toEqual([11]);
  });
});
