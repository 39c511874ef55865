import { type PageAddress, pageAddress, pageId } from '@dotink/ncode';
import { describe, expect, it } from 'vitest';
import { createInkStore } from './inkStore';
import { createPuiStrokes, type PuiCommand, type PuiHitTester, withPuiStrokes } from './puiStrokes';
import { createStrokeBuilder } from './strokeBuilder';
import { counterKeySource } from './strokeKeys';
import { penDriver } from './testDriver';

const controller = pageAddress(3, 1013, 1116, 1);
const dropped = pageAddress(3, 1013, 1, 15);
const paper = pageAddress(3, 27, 168, 1);

/** A fake registry: one button `pen` at 10–20 × 10–20 nu and one `red` at 30–40 × 10–20 nu on the controller. */
const tester: PuiHitTester = {
  isControlPage: (p) => p.owner === 1013,
  isDroppedPage: (p) => pageId(p) === '3.1013.1.15',
  commandAt: (p: PageAddress, x, y) => {
    if (pageId(p) !== pageId(controller) || y <= 10 || y >= 20) return undefined;
    if (x > 10 && x < 20) return 'pen';
    if (x > 30 && x < 40) return 'red';
    return undefined;
  },
};

function setup() {
  const commands: PuiCommand[] = [];
  const pui = createPuiStrokes(tester, (c) => commands.push(c));
  const store = createInkStore();
  const drawn: string[] = [];
  const builder = createStrokeBuilder({
    keys: counterKeySource('s'),
    classifyPage: pui.classifyPage,
    listener: withPuiStrokes(pui, {
      strokeStarted: (live) => drawn.push(live.key),
      strokeCompleted: (s) => store.add(s),
    }),
  });
  const pen = penDriver((e) => builder.handle(e));
  return { commands, store, drawn, pen };
}

describe('PUI strokes', () => {
  it('classifies pages: dropped before control before ink', () => {
    const pui = createPuiStrokes(tester, () => {});
    expect(pui.classifyPage(dropped)).toBe('dropped');
    expect(pui.classifyPage(controller)).toBe('pui');
    expect(pui.classifyPage(paper)).toBe('ink');
  });

  it('dispatches the command under the first dot on pen up, and never draws or stores the stroke', () => {
    const t = setup();
    t.pen.penDown().page(controller).penMove(15, 15).penMove(35, 15);
    expect(t.commands).toEqual([]);
    t.pen.penUp();
    expect(t.commands.map((c) => c.command)).toEqual(['pen']);
    expect(t.commands[0]).toMatchObject({ xNu: 15, yNu: 15, strokeKey: 's1' });
    expect(t.drawn).toEqual([]);
    expect(t.store.size).toBe(0);
  });

  it('dispatches nothing when the first dot misses every symbol', () => {
    const t = setup();
    t.pen.stroke(controller, [
      [50, 50],
      [15, 15],
    ]);
    expect(t.commands).toEqual([]);
  });

  it('drops strokes on dropped pages and keeps ordinary ink', () => {
    const t = setup();
    t.pen.stroke(dropped, [[15, 15]]);
    t.pen.stroke(paper, [
      [15, 15],
      [16, 16],
    ]);
    expect(t.commands).toEqual([]);
    expect(t.drawn).toEqual(['s2']);
    expect(t.store.strokesOnPage(pageId(paper)).map((s) => s.key)).toEqual(['s2']);
  });
});
