import { createInkStore, dotList, strokeThrough } from '@dotink/ink';
import { applyHomography, pageAddress, pageId, scaleHomography } from '@dotink/ncode';
import { describe, expect, it } from 'vitest';
import { inkMoves, moveInk } from './inkMove';
import { boardPages } from './testPages';

describe('moving a page ink to its new Ncode page', () => {
  it('moves only pages whose address changed, keeping each dot at the same place on the page', () => {
    const before = boardPages(2);
    const code = pageAddress(3, 27, 1068, 9);
    const h = scaleHomography(7, 7, -14, -21);
    const after = [before[0]!, { ...before[1]!, address: code, nuToPt: h }];
    const moves = inkMoves(before, after);
    expect(moves.map((m) => [pageId(m.from), pageId(m.to)])).toEqual([
      [pageId(before[1]!.address), pageId(code)],
    ]);

    const store = createInkStore();
    const erased = strokeThrough({ key: 'b', page: before[1]!.address, status: 'erased' }, [
      [5, 5],
      [6, 6],
    ]);
    store.add(
      strokeThrough({ key: 'a', page: before[1]!.address }, [
        [10, 10],
        [20, 30],
      ]),
    );
    store.add(erased);
    store.add(
      strokeThrough({ key: 'c', page: before[0]!.address }, [
        [1, 1],
        [2, 2],
      ]),
    );
    expect(moveInk(store, moves)).toBe(2);
    expect(store.strokesOnPage(pageId(code), { status: 'all' }).map((s) => [s.key, s.status])).toEqual([
      ['a', 'normal'],
      ['b', 'erased'],
    ]);
    expect(store.strokesOnPage(pageId(before[0]!.address)).map((s) => s.key)).toEqual(['c']);
    const a = dotList(store.get('a')!.dots);
    expect(applyHomography(h, { x: a[1]!.xNu, y: a[1]!.yNu }).x).toBeCloseTo(20 * 6.72, 3);
    expect(applyHomography(h, { x: a[1]!.xNu, y: a[1]!.yNu }).y).toBeCloseTo(30 * 6.72, 3);
    expect(inkMoves(before, before)).toEqual([]);
  });
});
