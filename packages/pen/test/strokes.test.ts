/**
 * Real-time strokes, driver ↔ simulator ↔ ink stroke builder: whole strokes, a page change in the
 * middle of a stroke, a link loss in the middle of a stroke, and notification splits and garbage.
 */

import { dotList } from '@dotink/ink';
import { pageAddress } from '@dotink/ncode';
import { describe, expect, it } from 'vitest';
import { dot, handwriting, lineStroke, seededPrng } from '../src/simulator';
import { rig, T0 } from './harness';

const P1 = pageAddress(3, 27, 1068, 1);
const P2 = pageAddress(3, 27, 1068, 2);

describe('real-time strokes', () => {
  it('a scripted stroke arrives as one completed stroke with every dot, in nu, with pen time', async () => {
    const r = rig();
    await r.connect();
    await r.play([lineStroke(P1, { xNu: 10, yNu: 20 }, { xNu: 29, yNu: 20 }, 20)]);
    expect(r.completed).toHaveLength(1);
    const { stroke, role } = r.completed[0]!;
    expect(role).toBe('ink');
    expect(stroke.page).toEqual(P1);
    expect(stroke.mac).toBe(r.session.penId);
    expect(stroke.dots.count).toBe(20);
    const dots = dotList(stroke.dots);
    expect(dots[0]!.xNu).toBeCloseTo(10, 2);
    expect(dots[19]!.xNu).toBeCloseTo(29, 2);
    expect(dots.every((d) => d.yNu === 20)).toBe(true);
    // Times rise with the pen's dt and start after the connection time.
    for (let i = 1; i < dots.length; i++) expect(dots[i]!.timeMs).toBeGreaterThan(dots[i - 1]!.timeMs);
    expect(dots[0]!.timeMs).toBeGreaterThanOrEqual(T0);
    expect(r.notices.filter((n) => n.kind === 'anomaly')).toEqual([]);
  });

  it('a page change mid-stroke gives two strokes, both multi-page, nothing lost', async () => {
    const r = rig();
    await r.connect();
    await r.play([
      {
        kind: 'stroke',
        page: P1,
        samples: [dot(10, 10), dot(11, 10), dot(12, 10), { kind: 'page', page: P2 }, dot(1, 5), dot(2, 5)],
      },
    ]);
    expect(r.completed.map((c) => [c.stroke.page.page, c.stroke.dots.count, c.stroke.multiPage])).toEqual([
      [1, 3, true],
      [2, 2, true],
    ]);
    expect(r.completed[0]!.stroke.key).not.toBe(r.completed[1]!.stroke.key);
  });

  it('a link loss mid-stroke closes the open stroke; earlier strokes are kept', async () => {
    const r = rig();
    await r.connect();
    const counts: number[] = [];
    r.manager.onCountChange((n) => counts.push(n));
    await r.play([
      lineStroke(P1, { xNu: 1, yNu: 1 }, { xNu: 5, yNu: 1 }, 10),
      lineStroke(P1, { xNu: 1, yNu: 3 }, { xNu: 9, yNu: 3 }, 30, { dropLinkAfterDots: 12 }),
    ]);
    expect(r.session.state).toBe('disconnected');
    expect(r.completed.map((c) => c.stroke.dots.count)).toEqual([10, 12]);
    expect(r.events.at(-1)?.kind).toBe('disconnect');
    expect(r.events.filter((e) => e.kind === 'up')).toHaveLength(2);
    expect(counts).toEqual([0]);
    expect(r.manager.get(r.session.penId)).toBeUndefined();
  });

  it('random notification splits, splits after escapes and garbage between frames lose nothing', async () => {
    const reference = rig();
    const noisy = rig({
      sim: {
        notify: { size: 20, split: 'random', splitAfterEscape: true, garbageProbability: 0.3 },
        seed: 42,
      },
    });
    const script = handwriting(P1, seededPrng(3), 12, 40);
    for (const r of [reference, noisy]) {
      await r.connect();
      await r.play(script);
    }
    expect(noisy.sim.inspect().outbound.garbageBytes).toBeGreaterThan(0);
    expect(noisy.session.frameStats.garbageBytes).toBeGreaterThan(0);
    const shape = (r: typeof noisy) =>
      r.completed.map((c) => dotList(c.stroke.dots).map((d) => [d.xNu, d.yNu, d.force]));
    expect(shape(noisy)).toEqual(shape(reference));
    expect(noisy.completed).toHaveLength(12);
    expect(noisy.completed.every((c) => c.stroke.dots.count === 40)).toBe(true);
  });

  it('the pen colour and eraser tip reach the strokes; brush state comes from the manager', async () => {
    const r = rig();
    await r.connect();
    r.manager.setBrushStyle(r.session.penId, 0, { thickness: 0.08 });
    await r.play([
      lineStroke(P1, { xNu: 1, yNu: 1 }, { xNu: 5, yNu: 1 }, 5),
      lineStroke(P1, { xNu: 1, yNu: 1 }, { xNu: 5, yNu: 1 }, 5, { penTipType: 1 }),
    ]);
    expect(r.completed.map((c) => c.role)).toEqual(['ink', 'eraser']);
    expect(r.completed[0]!.stroke.thickness).toBe(0.08);
  });
});
