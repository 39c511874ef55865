/**
 * Offline strokes get stable keys (issue 16, collect pens): the same stroke downloaded twice
 * from the pen's memory — an interrupted collection repeated — imports with the same key, so the
 * ink store skips it as a duplicate instead of storing it twice.
 */
import { isUuidV4 } from '@dotink/ink';
import { pageAddress } from '@dotink/ncode';
import { describe, expect, it } from 'vitest';
import { importOfflineStrokes, OfflineDownloadError, PenSession, stableOfflineKeys } from '../src/session';
import { handwriting, seededPrng } from '../src/simulator';
import { inProcessTransport } from '../src/transports';
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

  it('a download cut off by the link keeps the memory; the repeat gives the same keys to the same strokes', async () => {
    const r = rig({ sim: { behaviour: { strokesPerChunk: 3 } } });
    r.sim.storeOffline(handwriting(pageAddress(3, 27, 1068, 1), seededPrng(8), 9, 20));
    await r.connect();
    let chunks = 0;
    const cut = await r
      .run(
        r.session.downloadOfflineNote(NOTE, {
          onProgress: () => {
            if (++chunks === 2) r.sim.dropLink();
          },
        }),
      )
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(cut).toBeInstanceOf(OfflineDownloadError);
    const partial = (cut as OfflineDownloadError).received;
    expect(partial.strokes.length).toBeGreaterThan(0);
    expect(partial.strokes.length).toBeLessThan(9);
    expect(r.sim.inspect().offlineStrokes).toBe(9);

    // the pen comes back: a new session over the same pen
    const again = new PenSession({
      transport: inProcessTransport(r.sim, { id: 'sim-device', name: 'pen' }),
      scheduler: r.scheduler,
      logger: r.logger,
    });
    expect(await r.run(again.connect())).toBe(true);
    const full = await r.run(again.downloadOfflineNote(NOTE));
    const keys = stableOfflineKeys(r.session.penId);
    const before = importOfflineStrokes(partial, keys, { mac: r.session.penId }).map((s) => s.key);
    const after = importOfflineStrokes(full, keys, { mac: r.session.penId }).map((s) => s.key);
    expect(after).toHaveLength(9);
    expect(after.slice(0, before.length)).toEqual(before);
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
