import { pageId } from '@dotink/ncode';
import { describe, expect, it } from 'vitest';
import { inkRig, PAGE_A, PAGE_B } from '../testing/fixtures';

describe('live ink feed', () => {
  it("delivers a page's new dots to that page's subscribers only", () => {
    const rig = inkRig();
    const a: string[] = [];
    const b: string[] = [];
    rig.feed.subscribePage(pageId(PAGE_A), { dots: (l, from) => a.push(`${l.key}:${from}/${l.dots.count}`) });
    rig.feed.subscribePage(pageId(PAGE_B), { dots: (l, from) => b.push(`${l.key}:${from}/${l.dots.count}`) });
    rig.pen().penDown().page(PAGE_A).penMove(1, 1).penMove(2, 2).penMove(3, 3);
    expect(a).toEqual(['k1:0/1', 'k1:1/2', 'k1:2/3']);
    expect(b).toEqual([]);
  });

  it('ends a live stroke when it completes, after which the store has it', () => {
    const rig = inkRig();
    const ended: string[] = [];
    rig.feed.subscribePage(pageId(PAGE_A), { ended: (k) => ended.push(k) });
    const pen = rig.pen().penDown().page(PAGE_A).penMove(1, 1).penMove(2, 2);
    expect(rig.feed.liveOnPage(pageId(PAGE_A))).toHaveLength(1);
    pen.penUp();
    expect(ended).toEqual(['k1']);
    expect(rig.feed.liveOnPage(pageId(PAGE_A))).toEqual([]);
    expect(rig.store.strokesOnPage(pageId(PAGE_A))).toHaveLength(1);
  });

  it('tells every-page listeners where strokes start, and routes hover by page', () => {
    const rig = inkRig();
    const started: string[] = [];
    const hovers: string[] = [];
    rig.feed.subscribeAll({ started: (l) => started.push(l.pageId) });
    rig.feed.subscribePage(pageId(PAGE_B), { hover: (p) => hovers.push(`${p.xNu},${p.yNu}`) });
    rig.pen().stroke(PAGE_B, [
      [1, 1],
      [2, 2],
    ]);
    rig.pen().page(PAGE_B).hover(5, 6);
    expect(started).toEqual([pageId(PAGE_B)]);
    expect(hovers).toEqual(['5,6']);
  });

  it('unsubscribes', () => {
    const rig = inkRig();
    const a: number[] = [];
    const off = rig.feed.subscribePage(pageId(PAGE_A), { dots: () => a.push(1) });
    off();
    rig.pen().stroke(PAGE_A, [[1, 1]]);
    expect(a).toEqual([]);
  });
});
