/**
 * Offline pen memory, driver ↔ simulator: list notes and pages, download three notes (zlib chunks
 * acknowledged one by one), import them as ink strokes, delete them on the pen.
 */

import { BrushType, dotList, seededKeySource } from '@dotink/ink';
import { pageAddress } from '@dotink/ncode';
import { describe, expect, it } from 'vitest';
import { importOfflineStrokes, type OfflineProgress } from '../src/session';
import { handwriting, lineStroke, seededPrng } from '../src/simulator';
import { rig } from './harness';

const BOOKS = [1068, 1069, 2001];

function loaded() {
  const r = rig({ sim: { behaviour: { strokesPerChunk: 4 } } });
  const rng = seededPrng(9);
  BOOKS.forEach((book, i) => {
    // Note i has i + 2 pages with 5 strokes each.
    for (let p = 1; p <= i + 2; p++) r.sim.storeOffline(handwriting(pageAddress(3, 27, book, p), rng, 5, 30));
  });
  return r;
}

describe('offline memory', () => {
  it('lists the stored notes and their pages', async () => {
    const r = loaded();
    await r.connect();
    const notes = await r.run(r.session.listOfflineNotes());
    expect(notes.map((n) => n.book).sort()).toEqual(BOOKS);
    const pages = await r.run(r.session.listOfflinePages({ section: 3, owner: 27, book: 2001 }));
    expect(pages.sort()).toEqual([1, 2, 3, 4]);
  });

  it('downloads 3 notes in acknowledged zlib chunks and imports them as strokes', async () => {
    const r = loaded();
    await r.connect();
    const notes = await r.run(r.session.listOfflineNotes());
    const keys = seededKeySource(5);
    const all = [];
    for (const note of notes) {
      const progress: OfflineProgress[] = [];
      const data = await r.run(r.session.downloadOfflineNote(note, { onProgress: (p) => progress.push(p) }));
      const pagesInNote = BOOKS.indexOf(note.book) + 2;
      expect(data.strokes).toHaveLength(5 * pagesInNote);
      expect(data.badChecksums).toBe(0);
      expect(data.chunks).toBe(Math.ceil((5 * pagesInNote) / 4));
      expect(progress.at(-1)!.receivedBytes).toBe(progress.at(-1)!.totalBytes);
      const strokes = importOfflineStrokes(data, keys, { mac: r.session.penId, writerId: 'me' });
      expect(strokes).toHaveLength(5 * pagesInNote);
      expect(new Set(strokes.map((s) => s.page.page)).size).toBe(pagesInNote);
      expect(strokes.every((s) => s.page.book === note.book && s.dots.count === 30)).toBe(true);
      expect(
        strokes.every((s) => s.writerId === 'me' && s.inputType === 'pen' && s.brushType === BrushType.pen),
      ).toBe(true);
      all.push(...strokes);
    }
    expect(all).toHaveLength(5 * (2 + 3 + 4));
    // Compressed chunks were asked for, and every non-final chunk was acknowledged.
    const acks = r.sim.received.filter((q) => q.kind === 'offlineChunkAck');
    expect(acks).toHaveLength(3 + 4 + 5); // one per chunk; the last of each note says stop
    expect(acks.filter((a) => a.kind === 'offlineChunkAck' && !a.continue)).toHaveLength(3);
    expect(
      r.sim.received
        .filter((q) => q.kind === 'offlineDataRequest')
        .every((q) => q.kind === 'offlineDataRequest' && q.compress),
    ).toBe(true);
    // Offline data stays on the pen unless asked.
    expect(r.sim.inspect().offlineStrokes).toBe(45);
  });

  it('imports positions, times and the eraser tip faithfully', async () => {
    const r = rig();
    const page = pageAddress(3, 27, 1068, 7);
    r.sim.storeOffline(
      [
        lineStroke(page, { xNu: 30.25, yNu: 40.5 }, { xNu: 32.05, yNu: 41 }, 3),
        lineStroke(page, { xNu: 1, yNu: 1 }, { xNu: 2, yNu: 2 }, 3, { penTipType: 1, gapBeforeMs: 100 }),
      ],
      1_700_000_000_000,
    );
    await r.connect();
    const data = await r.run(r.session.downloadOfflineNote({ section: 3, owner: 27, book: 1068 }));
    const [ink, eraser] = importOfflineStrokes(data, seededKeySource(1), { mac: 'm' });
    const expected = [
      [30.25, 40.5],
      [31.15, 40.75],
      [32.05, 41],
    ];
    dotList(ink!.dots).forEach((d, i) => {
      expect(d.xNu).toBeCloseTo(expected[i]![0]!, 4);
      expect(d.yNu).toBeCloseTo(expected[i]![1]!, 4);
    });
    expect(ink!.dots.timeMs[0]).toBeGreaterThanOrEqual(1_700_000_000_000);
    expect(ink!.startTimeMs).toBe(data.strokes[0]!.downTimeMs);
    expect(eraser).toMatchObject({ brushType: BrushType.eraser, status: 'erased', penTipMode: 1 });
  });

  it('deletes notes on the pen, or lets the download delete them', async () => {
    const r = loaded();
    await r.connect();
    const deleted = await r.run(r.session.deleteOfflineNotes(3, 27, [1068]));
    expect(deleted).toEqual([1068]);
    expect(r.sim.inspect().offlineStrokes).toBe(45 - 10);
    await r.run(r.session.downloadOfflineNote({ section: 3, owner: 27, book: 1069 }, { deleteAfter: true }));
    expect(r.sim.inspect().offlineStrokes).toBe(20);
    const notes = await r.run(r.session.listOfflineNotes());
    expect(notes.map((n) => n.book)).toEqual([2001]);
  });

  it('a note with nothing stored downloads as empty', async () => {
    const r = rig();
    await r.connect();
    const data = await r.run(r.session.downloadOfflineNote({ section: 3, owner: 27, book: 5 }));
    expect(data.strokes).toEqual([]);
  });
});
