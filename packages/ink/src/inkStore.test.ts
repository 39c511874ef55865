import { memoryLogger, pageAddress, pageId } from '@dotink/ncode';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createInkStore, type PageChange } from './inkStore';
import { DEFAULT_BRUSH, LiveStrokeBuffer } from './liveStroke';
import { withStroke } from './stroke';
import { strokeThrough } from './testDriver';
import type { StrokeKey } from './types';

const pageA = pageAddress(3, 27, 168, 1);
const pageB = pageAddress(3, 27, 168, 2);
const A = pageId(pageA);
const B = pageId(pageB);

const mk = (key: string, page = pageA, writerId = 'w1', surfaceOwnerId = 'o1', x = 0) =>
  strokeThrough({ key, page, writerId, surfaceOwnerId }, [
    [x, 0],
    [x + 1, 1],
    [x + 2, 1],
  ]);

const keys = (list: readonly { key: string }[]) => list.map((s) => s.key);

describe('InkStore', () => {
  it('indexes strokes per page in insertion order and gets them by key', () => {
    const store = createInkStore();
    store.add(mk('a1'));
    store.add(mk('b1', pageB));
    store.add(mk('a2'));
    expect(keys(store.strokesOnPage(A))).toEqual(['a1', 'a2']);
    expect(keys(store.strokesOnPage(B))).toEqual(['b1']);
    expect(store.strokesOnPage(pageId(pageAddress(0, 0, 0, 0)))).toEqual([]);
    expect(store.get('b1')?.key).toBe('b1');
    expect(store.size).toBe(3);
    expect(store.pageIds().sort()).toEqual([A, B]);
    expect(store.add(mk('a1'))).toBe(false);
  });

  it('filters by visible writers, owners and status', () => {
    const store = createInkStore();
    store.add(mk('x', pageA, 'alice', 'doc1'));
    store.add(mk('y', pageA, 'bob', 'doc1'));
    store.add(mk('z', pageA, 'bob', 'doc2'));
    store.replaceStroke(withStroke(store.get('x')!, { status: 'erased' }));
    expect(keys(store.strokesOnPage(A))).toEqual(['y', 'z']);
    expect(keys(store.strokesOnPage(A, { writers: ['bob'] }))).toEqual(['y', 'z']);
    expect(keys(store.strokesOnPage(A, { owners: ['doc2'] }))).toEqual(['z']);
    expect(keys(store.strokesOnPage(A, { writers: [] }))).toEqual([]);
    expect(keys(store.strokesOnPage(A, { status: 'erased' }))).toEqual(['x']);
    expect(
      keys(store.strokesOnPage(A, { status: 'all', writers: ['alice', 'bob'], owners: ['doc1'] })),
    ).toEqual(['x', 'y']);
  });

  it('caches the page list until the page changes, and counts versions per page', () => {
    const store = createInkStore();
    store.add(mk('a1'));
    const first = store.strokesOnPage(A);
    expect(store.strokesOnPage(A)).toBe(first);
    const vA = store.version(A);
    store.add(mk('b1', pageB));
    expect(store.version(A)).toBe(vA);
    expect(store.strokesOnPage(A)).toBe(first);
    store.add(mk('a2'));
    expect(store.version(A)).toBeGreaterThan(vA);
    expect(store.strokesOnPage(A)).not.toBe(first);
  });

  it('notifies only the subscribers of the changed page, once per batch', () => {
    const store = createInkStore();
    const heardA: PageChange[] = [];
    const heardB: PageChange[] = [];
    const all: PageChange[] = [];
    store.subscribePage(A, (c) => heardA.push(c));
    const offB = store.subscribePage(B, (c) => heardB.push(c));
    store.subscribe((c) => all.push(c));
    store.add(mk('a1'));
    expect(heardA.map((c) => c.added)).toEqual([['a1']]);
    expect(heardB).toEqual([]);
    store.batch(() => {
      store.add(mk('a2'));
      store.replaceStroke(withStroke(store.get('a1')!, { status: 'erased' }));
      store.add(mk('a3'));
      store.remove('a3');
      store.add(mk('b1', pageB));
    });
    expect(heardA).toHaveLength(2);
    expect(heardA[1]).toMatchObject({ pageId: A, added: ['a2'], changed: ['a1'], removed: [] });
    expect(heardA[1]!.version).toBe(store.version(A));
    expect(heardB.map((c) => c.added)).toEqual([['b1']]);
    expect(all).toHaveLength(3);
    offB();
    store.add(mk('b2', pageB));
    expect(heardB).toHaveLength(1);
  });

  it('keeps tombstones: a removed stroke comes back in its old place', () => {
    const store = createInkStore();
    for (const k of ['a', 'b', 'c']) store.add(mk(k));
    const b = store.get('b')!;
    expect(store.remove('b')).toBe(true);
    expect(store.remove('b')).toBe(false);
    expect(store.get('b')).toBeUndefined();
    expect(store.tombstone('b')).toBe(b);
    expect(keys(store.strokesOnPage(A))).toEqual(['a', 'c']);
    store.add(b);
    expect(keys(store.strokesOnPage(A))).toEqual(['a', 'b', 'c']);
    store.remove('b');
    store.compact();
    expect(store.tombstone('b')).toBeUndefined();
    store.add(b);
    expect(keys(store.strokesOnPage(A))).toEqual(['a', 'c', 'b']);
  });

  it('places a stroke after another one (or its tombstone)', () => {
    const store = createInkStore();
    for (const k of ['a', 'b', 'c']) store.add(mk(k));
    store.remove('b');
    store.add(mk('b1'), 'b');
    store.add(mk('b2'), 'b1');
    store.add(mk('z'), 'nowhere');
    expect(keys(store.strokesOnPage(A))).toEqual(['a', 'b1', 'b2', 'c', 'z']);
  });

  it('replaces records in place and refuses to move them between pages', () => {
    const store = createInkStore();
    store.add(mk('a'));
    const moved = strokeThrough({ key: 'a', page: pageA }, [
      [50, 50],
      [51, 51],
    ]);
    expect(store.replaceStroke(moved)).toBe(true);
    expect(store.strokesInBox(A, { left: 0, top: 0, right: 3, bottom: 3 })).toEqual([]);
    expect(keys(store.strokesInBox(A, { left: 49, top: 49, right: 52, bottom: 52 }))).toEqual(['a']);
    expect(() => store.replaceStroke(mk('a', pageB))).toThrow();
    expect(store.replaceStroke(mk('nope'))).toBe(false);
  });

  it('finds strokes near a box through the spatial index', () => {
    const store = createInkStore();
    for (let i = 0; i < 50; i++) store.add(mk(`s${i}`, pageA, 'w', 'o', i * 10));
    const near = store.strokesInBox(A, { left: 91, top: 0, right: 105, bottom: 1 });
    expect(keys(near).sort()).toEqual(['s10', 's9']);
  });

  it('applies edits atomically and only when they fit the current records', () => {
    const store = createInkStore();
    store.add(mk('a'));
    store.add(mk('b'));
    const a = store.get('a')!;
    const heard: PageChange[] = [];
    store.subscribePage(A, (c) => heard.push(c));
    const edit = {
      added: [mk('c')],
      removed: [store.get('b')!],
      replaced: [{ before: a, after: withStroke(a, { status: 'erased' as const }) }],
    };
    expect(store.canApply(edit)).toBe(true);
    store.applyEdit(edit);
    expect(heard).toHaveLength(1);
    expect(heard[0]).toMatchObject({ added: ['c'], changed: ['a'], removed: ['b'] });
    // Applying again does not fit: b is gone and a is no longer that record.
    expect(store.canApply(edit)).toBe(false);
    expect(() => store.applyEdit(edit)).toThrow('ink edit does not apply to the current strokes');
    expect(keys(store.strokesOnPage(A, { status: 'all' }))).toEqual(['a', 'c']);
  });

  it('tracks realtime strokes until they complete', () => {
    const store = createInkStore();
    const live = new LiveStrokeBuffer(
      'r1' as StrokeKey,
      'pen',
      pageA,
      'ink',
      0,
      false,
      DEFAULT_BRUSH,
      undefined,
    );
    const heard: PageChange[] = [];
    store.subscribePage(A, (c) => heard.push(c));
    store.beginRealtime(live);
    expect(store.realtimeOnPage(A)).toEqual([live]);
    live.push(1, 1, 1, 1);
    live.push(2, 2, 1, 2);
    store.add(live.complete(3, false));
    expect(store.realtimeOnPage(A)).toEqual([]);
    expect(keys(store.strokesOnPage(A))).toEqual(['r1']);
    expect(heard.map((c) => [c.realtime, c.added])).toEqual([
      [['r1'], []],
      [['r1'], ['r1']],
    ]);
  });

  it('reports a failing listener through the logger and keeps going', () => {
    const logger = memoryLogger();
    const store = createInkStore({ logger });
    const heard: string[] = [];
    store.subscribePage(A, () => {
      throw new Error('boom');
    });
    store.subscribePage(A, (c) => heard.push(...c.added));
    store.add(mk('a'));
    expect(heard).toEqual(['a']);
    expect(logger.lines.map((l) => l.message)).toEqual(['ink store listener failed']);
  });

  it.each([
    ['one chunk', undefined],
    ['chunks of 3 strokes', 3],
    ['chunks of 1 stroke', 1],
  ])('lists what a naive model of pages and tombstones lists, under any operations (%s)', (_, chunkSlots) => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('add' as const), page: fc.nat(1), writer: fc.nat(2), owner: fc.nat(1) }),
      fc.record({ kind: fc.constant('addAfter' as const), page: fc.nat(1), anchor: fc.nat(40) }),
      fc.record({
        kind: fc.constant('chain' as const),
        page: fc.nat(1),
        anchor: fc.nat(40),
        n: fc.integer({ min: 1, max: 3 }),
      }),
      fc.record({ kind: fc.constant('remove' as const), target: fc.nat(40) }),
      fc.record({ kind: fc.constant('restore' as const), target: fc.nat(40) }),
      fc.record({ kind: fc.constant('erase' as const), target: fc.nat(40) }),
      fc.record({ kind: fc.constant('compact' as const) }),
    );
    const filters = [
      undefined,
      { writers: ['w0'] },
      { owners: ['o1'], status: 'all' as const },
      { writers: ['w1', 'w2'], status: 'erased' as const },
      { writers: ['nobody'] },
    ];
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        const store = createInkStore({ chunkSlots });
        const model: { key: string; page: number; removed: boolean; s: ReturnType<typeof mk> }[][] = [[], []];
        const made: ReturnType<typeof mk>[] = [];
        const find = (key: string) => model.flat().find((m) => m.key === key);
        let n = 0;
        for (const o of ops) {
          if (o.kind === 'add' || o.kind === 'addAfter') {
            const s = mk(`k${n++}`, [pageA, pageB][o.page], `w${n % 3}`, `o${n % 2}`);
            made.push(s);
            const anchor = o.kind === 'addAfter' ? made[o.anchor % made.length] : undefined;
            store.add(s, anchor?.key);
            const list = model[o.page]!;
            const at = anchor ? list.findIndex((m) => m.key === anchor.key) : -1;
            list.splice(at >= 0 ? at + 1 : list.length, 0, { key: s.key, page: o.page, removed: false, s });
          } else if (o.kind === 'chain') {
            const anchor = made.length > 0 ? made[o.anchor % made.length] : undefined;
            const chain = Array.from({ length: o.n }, () => {
              const s = mk(`k${n++}`, [pageA, pageB][o.page], `w${n % 3}`, `o${n % 2}`);
              made.push(s);
              return s;
            });
            const placeAfter = new Map<string, StrokeKey>();
            chain.forEach((s, i) => {
              const prev = i === 0 ? anchor?.key : chain[i - 1]!.key;
              if (prev !== undefined) placeAfter.set(s.key, prev);
            });
            store.applyEdit({ added: chain, removed: [], replaced: [], placeAfter });
            const list = model[o.page]!;
            const at = anchor ? list.findIndex((m) => m.key === anchor.key) : -1;
            list.splice(
              at >= 0 ? at + 1 : list.length,
              0,
              ...chain.map((s) => ({ key: s.key, page: o.page, removed: false, s })),
            );
          } else if (o.kind === 'compact') {
            store.compact();
            for (let i = 0; i < 2; i++) model[i] = model[i]!.filter((m) => !m.removed);
          } else {
            if (made.length === 0) continue;
            const target = made[o.target % made.length]!;
            const m = find(target.key);
            if (o.kind === 'remove') {
              expect(store.remove(target.key)).toBe(!!m && !m.removed);
              if (m) m.removed = true;
            } else if (o.kind === 'restore') {
              if (m?.removed) {
                store.add(m.s);
                m.removed = false;
              }
            } else if (m && !m.removed) {
              const erased = withStroke(m.s, { status: m.s.status === 'normal' ? 'erased' : 'normal' });
              store.replaceStroke(erased);
              m.s = erased;
            }
          }
        }
        for (const [i, id] of [A, B].entries()) {
          for (const f of filters) {
            const expected = model[i]!.filter(
              (m) =>
                !m.removed &&
                ((f?.status ?? 'normal') === 'all' || m.s.status === (f?.status ?? 'normal')) &&
                (!f?.writers || f.writers.includes(m.s.writerId)) &&
                (!f?.owners || f.owners.includes(m.s.surfaceOwnerId)),
            );
            expect(store.strokesOnPage(id, f)).toEqual(expected.map((m) => m.s));
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});
