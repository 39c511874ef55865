/**
 * Offline strokes get stable keys (issue 16, collect pens): the same stroke downloaded twice
 * from the pen's memory — an interrupted collection repeated — imports with the same key, so the
 * ink store skips it as a duplicate instead of storing it twice.
 */
import { isUuidV4 } from '@dotink/ink';
import { pageAddress } from '@dotink/ncode';
import { describe, expect, it } from 'vitest';
import { importOfflineStrokes, stableOfflineKeys } from '../src/session';
import { handwriting, seededPrng } from '../src/simulator';
import { rig } from './harness';

const NOTE = { section: 3, owner: 27, book: 1068 };

describe('offline stroke keys', () => {
  it('two downloads of the same memory import with the same keys (a repeated collection)', async () => {
    const r = rig();
    const rng = seededPrng(4);
    for (let p = 1; p <= 2; p++) r.sim.storeOffline(handwriting(pageAddress(3, 27, 1068, p), rng, 6, 20));
    await r.connect();
    const first = await r.run(r.session.downloadOfflineNote(NOTE));
    const second = await r.run(r.session.downloadOfflineNote(NOTE));
    const keysOf = (d: typeof first) =>
      importOfflineStrokes(d, stableOfflineKeys(r.session.penId), { mac: r.session.penId }).map((s) => s.key);
    const a = keysOf(first);
    expect(a).toHaveLength(12);
    expect(keysOf(second)).toEqual(a);
    expect(new Set(a).size).toBe(12);
    expect(a.every(isUuidV4)).toBe(true);
  });

  it('keys differ between pens, pages and times, and for strokes that share a start time', () => {
    const stroke = (page: number, downTimeMs: number) => ({
      page,
      downTimeMs,
      upTimeMs: downTimeMs + 10,
      penTipType: 0,
      colorArgb: 0xff000000,
      dots: [{ dtMs: 0, force: 300, x: 1, y: 1, fx: 0, fy: 0, tiltX: 0, tiltY: 0, twist: 0 }],
    });
    const data = {
      note: NOTE,
      strokes: [stroke(1, 1000), stroke(2, 1000), stroke(1, 1001), stroke(1, 1000)],
      badChecksums: 0,
      chunks: 1,
    };
    const keys = (mac: string) =>
      importOfflineStrokes(data, stableOfflineKeys(mac), { mac }).map((s) => s.key);
    const a = keys('9C:7B:D2:00:00:01');
    expect(new Set(a).size).toBe(4);
    const b = keys('9C:7B:D2:00:00:02');
    expect(a.some((k) => b.includes(k))).toBe(false);
  });
});
