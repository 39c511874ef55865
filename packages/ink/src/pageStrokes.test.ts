import { pageAddress } from '@dotink/ncode';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHUNK_MAX, chunkCapacity, chunkSizes, Interner, type PageSlot, PageStrokes } from './pageStrokes';
import { withStroke } from './stroke';
import { strokeThrough } from './testDriver';

const page = pageAddress(3, 27, 168, 1);
const stroke = (key: string, writerId: string) =>
  strokeThrough({ key, page, writerId, surfaceOwnerId: 'o' }, [
    [0, 0],
    [1, 1],
  ]);
const slot = (key: string, writerId = 'w0'): PageSlot => ({
  chunk: undefined,
  index: 0,
  stroke: stroke(key, writerId),
  removed: false,
});
const ALL = { status: 'all', writers: undefined, owners: undefined } as const;

describe('chunk sizes', () => {
  it('cuts n slots into even chunks of at most chunkMax, and of at least half of it when several', () => {
    fc.assert(
      fc.property(fc.nat(5000), fc.integer({ min: 1, max: 600 }), (n, max) => {
        const sizes = chunkSizes(n, max);
        expect(sizes.reduce((a, b) => a + b, 0)).toBe(n);
        expect(Math.max(...sizes)).toBeLessThanOrEqual(max);
        if (sizes.length > 1) expect(Math.min(...sizes)).toBeGreaterThanOrEqual(Math.floor(max / 2));
        expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('gives a chunk room for its slots, never more than chunkMax unless it holds more', () => {
    expect(chunkCapacity(0)).toBe(16);
    expect(chunkCapacity(17)).toBe(32);
    expect(chunkCapacity(CHUNK_MAX)).toBe(CHUNK_MAX);
    expect(chunkCapacity(3, 4)).toBe(4);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 600 }), fc.nat(600), (max, m) => {
        const n = Math.min(m, max);
        const cap = chunkCapacity(n, max);
        expect(cap).toBeGreaterThanOrEqual(n);
        expect(cap).toBeLessThanOrEqual(Math.max(16, max));
      }),
    );
  });
});

describe('PageStrokes', () => {
  it('places slots after an anchor, or at the end, across chunk cuts', () => {
    const list = new PageStrokes(new Interner(), 2);
    const [a, b, c, d, e] = ['a', 'b', 'c', 'd', 'e'].map((k) => slot(k));
    list.insertAfter(undefined, [a!, b!]);
    list.insertAfter(a, [c!, d!]);
    list.insertAfter(undefined, [e!]);
    expect(list.list(ALL).map((s) => s.key)).toEqual(['a', 'c', 'd', 'b', 'e']);
    expect([a, b, c, d, e].map((s) => list.position(s!))).toEqual([0, 3, 1, 2, 4]);
    expect(list.at(3)).toBe(b);
    expect(list.at(5)).toBeUndefined();
    expect(list.holds(slot('x'))).toBe(false);
    expect(() => list.insertAfter(slot('x'), [slot('y')])).toThrow();
  });

  it('keeps the order, columns and positions of a plain array under any operations', () => {
    const op = fc.oneof(
      fc.record({
        kind: fc.constant('insert' as const),
        anchor: fc.option(fc.nat(200), { nil: undefined }),
        n: fc.integer({ min: 1, max: 9 }),
        writer: fc.nat(2),
      }),
      fc.record({ kind: fc.constant('remove' as const), target: fc.nat(200) }),
      fc.record({ kind: fc.constant('restore' as const), target: fc.nat(200) }),
      fc.record({ kind: fc.constant('erase' as const), target: fc.nat(200) }),
      fc.record({ kind: fc.constant('compact' as const) }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.array(op, { maxLength: 80 }), (chunkMax, ops) => {
        const interner = new Interner();
        const list = new PageStrokes<PageSlot>(interner, chunkMax);
        let model: PageSlot[] = [];
        const made: PageSlot[] = [];
        const dropped: PageSlot[] = [];
        let n = 0;
        for (const o of ops) {
          if (o.kind === 'insert') {
            const live = model;
            const anchor =
              o.anchor === undefined || live.length === 0 ? undefined : live[o.anchor % live.length];
            const added = Array.from({ length: o.n }, () => slot(`k${n++}`, `w${o.writer}`));
            made.push(...added);
            list.insertAfter(anchor, added);
            const at = anchor ? model.indexOf(anchor) + 1 : model.length;
            model.splice(at, 0, ...added);
          } else if (o.kind === 'compact') {
            list.compact((s) => dropped.push(s));
            expect(new Set(dropped)).toEqual(new Set(model.filter((s) => s.removed)));
            model = model.filter((s) => !s.removed);
            made.splice(0, made.length, ...made.filter((s) => model.includes(s)));
            dropped.length = 0;
          } else {
            if (made.length === 0) continue;
            const s = made[o.target % made.length]!;
            if (o.kind === 'remove') s.removed = true;
            else if (o.kind === 'restore') s.removed = false;
            else
              s.stroke = withStroke(s.stroke, { status: s.stroke.status === 'normal' ? 'erased' : 'normal' });
            list.update(s);
          }
        }
        expect(list.length).toBe(model.length);
        model.forEach((s, i) => {
          expect(list.position(s)).toBe(i);
          expect(list.at(i)).toBe(s);
          expect(list.holds(s)).toBe(true);
        });
        const live = model.filter((s) => !s.removed);
        expect(list.list(ALL)).toEqual(live.map((s) => s.stroke));
        for (const status of ['normal', 'erased'] as const) {
          for (const w of [['w0'], ['w1', 'w2']]) {
            const writers = interner.idSet(w);
            const expected = live.filter((s) => s.stroke.status === status && w.includes(s.stroke.writerId));
            expect(list.list({ status, writers, owners: undefined })).toEqual(expected.map((s) => s.stroke));
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
