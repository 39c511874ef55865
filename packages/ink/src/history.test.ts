import { memoryLogger, pageAddress, pageId } from '@dotink/ncode';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type EraserSegment, planWholeErase } from './eraser';
import { createHistory } from './history';
import { composeEdits, invertEdit } from './inkEdit';
import { createInkStore, type InkStore } from './inkStore';
import { planPartialErase } from './partialEraser';
import { counterKeySource } from './strokeKeys';
import { strokeThrough } from './testDriver';
import type { Stroke } from './types';

const pages = [pageAddress(3, 27, 168, 1), pageAddress(3, 27, 168, 2)] as const;
const ids = pages.map(pageId);

const line = (key: string, y = 0, writerId = 'w') =>
  strokeThrough(
    { key, page: pages[0], writerId },
    Array.from({ length: 11 }, (_, i) => [i, y] as const),
  );

/** A short vertical eraser segment at x, around y. */
const cross = (x: number, y = 0): EraserSegment => ({
  x0Nu: x,
  y0Nu: y - 5,
  x1Nu: x,
  y1Nu: y + 5,
  radiusNu: 0.5,
});

/** Every record of every page, in order (identity matters: undo restores the very records). */
function snapshot(store: InkStore): Stroke[][] {
  return ids.map((id) => [...store.strokesOnPage(id, { status: 'all' })]);
}

function expectSame(a: Stroke[][], b: Stroke[][]) {
  expect(a.map((p) => p.map((s) => `${s.key}:${s.status}`))).toEqual(
    b.map((p) => p.map((s) => `${s.key}:${s.status}`)),
  );
  a.forEach((p, i) => {
    p.forEach((s, j) => {
      expect(s).toBe(b[i]![j]);
    });
  });
}

describe('InkHistory', () => {
  it('undoes and redoes an add, an erase and a split', () => {
    const store = createInkStore();
    const history = createHistory(store);
    const keys = counterKeySource('p');
    history.addStrokes([line('a'), line('b', 20)]);
    const erase = planWholeErase(store, ids[0]!, cross(5), { byWriter: 'w', timeMs: 1 })!;
    history.apply(erase.edit);
    expect(store.get('a')!.status).toBe('erased');
    history.addStrokes([line('c', 40)]);
    const split = planPartialErase(store, ids[0]!, cross(5, 40), { byWriter: 'w', timeMs: 2, keys })!;
    history.apply(split.edit);
    expect(store.strokesOnPage(ids[0]!).map((s) => s.key)).toEqual(['b', 'p1', 'p2']);

    expect(history.undo()).toBe(split.edit);
    expect(store.strokesOnPage(ids[0]!).map((s) => s.key)).toEqual(['b', 'c']);
    history.undo();
    history.undo();
    expect(store.strokesOnPage(ids[0]!).map((s) => s.key)).toEqual(['a', 'b']);
    history.undo();
    expect(store.size).toBe(0);
    expect(history.undo()).toBeUndefined();
    expect(history.canUndo()).toBe(false);
    expect(history.redoDepth()).toBe(4);

    history.redo();
    history.redo();
    expect(store.strokesOnPage(ids[0]!).map((s) => s.key)).toEqual(['b']);
    expect(store.get('a')!.status).toBe('erased');
    // A new step clears what could be redone.
    history.addStrokes([line('d', 60)]);
    expect(history.canRedo()).toBe(false);
    expect(history.redo()).toBeUndefined();
  });

  it('keeps at most maxDepth steps', () => {
    const store = createInkStore();
    const history = createHistory(store, { maxDepth: 3 });
    for (let i = 0; i < 5; i++) history.addStrokes([line(`s${i}`, i * 10)]);
    expect(history.undoDepth()).toBe(3);
    while (history.undo()) {}
    expect(store.strokesOnPage(ids[0]!).map((s) => s.key)).toEqual(['s0', 's1']);
  });

  it('keeps per-writer scopes apart and skips steps others have changed since', () => {
    const logger = memoryLogger();
    const store = createInkStore();
    const history = createHistory(store, { logger });
    history.addStrokes([line('alice1', 0, 'alice')], 'alice');
    history.addStrokes([line('bob1', 20, 'bob')], 'bob');
    history.addStrokes([line('alice2', 40, 'alice')], 'alice');
    history.undo('bob');
    expect(store.strokesOnPage(ids[0]!).map((s) => s.key)).toEqual(['alice1', 'alice2']);
    // Bob erases alice2; alice's undo of adding it no longer applies and is skipped.
    const erase = planWholeErase(store, ids[0]!, cross(5, 40), { byWriter: 'bob', timeMs: 1 })!;
    history.apply(erase.edit, 'bob');
    expect(history.undo('alice')?.added[0]?.key).toBe('alice1');
    expect(logger.lines.map((l) => l.level)).toEqual(['warn']);
    expect(store.strokesOnPage(ids[0]!, { status: 'all' }).map((s) => `${s.key}:${s.status}`)).toEqual([
      'alice2:erased',
    ]);
  });

  it('undoes a random sequence of operations back to the start and redoes it to the end', () => {
    const coord = fc.integer({ min: 0, max: 10 });
    const point = fc.tuple(coord, coord);
    const page = fc.constantFrom(0, 1);
    const segment = fc.record({
      x0Nu: coord,
      y0Nu: coord,
      x1Nu: coord,
      y1Nu: coord,
      radiusNu: fc.constantFrom(0.5, 1, 3),
    });
    const op = fc.oneof(
      fc.record({
        kind: fc.constant('add' as const),
        page,
        points: fc.array(point, { minLength: 1, maxLength: 6 }),
      }),
      fc.record({ kind: fc.constant('whole' as const), page, seg: segment }),
      fc.record({ kind: fc.constant('partial' as const), page, seg: segment }),
      fc.record({ kind: fc.constant('undo' as const) }),
      fc.record({ kind: fc.constant('redo' as const) }),
    );
    const initial = fc.array(fc.tuple(page, fc.array(point, { minLength: 1, maxLength: 6 })), {
      maxLength: 6,
    });
    fc.assert(
      fc.property(initial, fc.array(op, { maxLength: 30 }), (init, ops) => {
        const store = createInkStore();
        const keys = counterKeySource('k');
        for (const [p, pts] of init) store.add(strokeThrough({ key: keys.nextKey(), page: pages[p]! }, pts));
        const start = snapshot(store);
        const history = createHistory(store, { maxDepth: 1000 });
        for (const o of ops) {
          if (o.kind === 'undo') history.undo();
          else if (o.kind === 'redo') history.redo();
          else if (o.kind === 'add') {
            history.addStrokes([strokeThrough({ key: keys.nextKey(), page: pages[o.page]! }, o.points)]);
          } else {
            const options = { byWriter: 'w', timeMs: 1, keys };
            const plan =
              o.kind === 'whole'
                ? planWholeErase(store, ids[o.page]!, o.seg, options)
                : planPartialErase(store, ids[o.page]!, o.seg, options);
            if (plan) history.apply(plan.edit);
          }
        }
        const end = snapshot(store);
        const steps = history.undoDepth();
        let undone = 0;
        while (history.undo()) undone++;
        expect(undone).toBe(steps);
        expectSame(snapshot(store), start);
        for (let i = 0; i < steps; i++) expect(history.redo()).toBeDefined();
        expectSame(snapshot(store), end);
      }),
      { numRuns: 200 },
    );
  });
});

describe('ink edits', () => {
  it('composes edits: added then removed vanishes, replaced twice is replaced once', () => {
    const a = line('a');
    const a2 = { ...a, status: 'erased' as const };
    const b = line('b', 20);
    const c = line('c', 40);
    const composed = composeEdits([
      { added: [c], removed: [], replaced: [{ before: a, after: a2 }] },
      { added: [], removed: [c, b], replaced: [] },
    ]);
    expect(composed.added).toEqual([]);
    expect(composed.removed).toEqual([b]);
    expect(composed.replaced).toEqual([{ before: a, after: a2 }]);
    expect(invertEdit(composed)).toEqual({ added: [b], removed: [], replaced: [{ before: a2, after: a }] });
  });
});
