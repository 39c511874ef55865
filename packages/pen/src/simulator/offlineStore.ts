/**
 * The simulated pen's offline memory (pen-protocol.md §8.6, §8.7, §13): strokes kept per note,
 * listed by note and page, sent as 0x24 chunks holding whole strokes (a configurable count per
 * chunk), zlib-compressed when the host asks, every dot with its checksum.
 */
import type { OfflineChunk } from '../protocol/deviceMessages';
import {
  deflateChunkData,
  encodeOfflineStrokes,
  OFFLINE_DOT_BYTES,
  OFFLINE_STROKE_HEADER_BYTES,
  type OfflineStroke,
} from '../protocol/offlineData';

/** A note (book) address. */
export interface SimNote {
  readonly section: number;
  readonly owner: number;
  readonly book: number;
}

const keyOf = (n: SimNote) => `${n.section}.${n.owner}.${n.book}`;

/** Largest chunk data: the size fields are `u16`. */
export const MAX_CHUNK_BYTES = 0xffff;

/** Strokes stored per note, in writing order. */
export class OfflineStore {
  private readonly byNote = new Map<string, { note: SimNote; strokes: OfflineStroke[] }>();

  /** Stores a stroke (its `page` is the page number within the note). */
  add(note: SimNote, stroke: OfflineStroke): void {
    if (OFFLINE_STROKE_HEADER_BYTES + OFFLINE_DOT_BYTES * stroke.dots.length > MAX_CHUNK_BYTES) {
      throw new RangeError('an offline stroke must fit one chunk (at most 4094 dots)');
    }
    const k = keyOf(note);
    let e = this.byNote.get(k);
    if (!e) {
      e = { note: { section: note.section, owner: note.owner, book: note.book }, strokes: [] };
      this.byNote.set(k, e);
    }
    e.strokes.push(stroke);
  }

  /** Total strokes stored. */
  get strokeCount(): number {
    let n = 0;
    for (const e of this.byNote.values()) n += e.strokes.length;
    return n;
  }

  /** Notes with data, of one section/owner or all. */
  notes(from: 'all' | { section: number; owner: number }): SimNote[] {
    return [...this.byNote.values()]
      .filter((e) => e.strokes.length > 0)
      .map((e) => e.note)
      .filter((n) => from === 'all' || (n.section === from.section && n.owner === from.owner));
  }

  /** Pages of a note that hold strokes, ascending. */
  pages(note: SimNote): number[] {
    const e = this.byNote.get(keyOf(note));
    return e ? [...new Set(e.strokes.map((s) => s.page))].sort((a, b) => a - b) : [];
  }

  /** Strokes of a note on some pages (every page when `pages` is empty). */
  strokes(note: SimNote, pages: readonly number[] = []): OfflineStroke[] {
    const e = this.byNote.get(keyOf(note));
    if (!e) return [];
    if (pages.length === 0) return [...e.strokes];
    const want = new Set(pages);
    return e.strokes.filter((s) => want.has(s.page));
  }

  /** Removes these exact strokes (after a send-and-delete transfer). */
  remove(note: SimNote, strokes: readonly OfflineStroke[]): void {
    const e = this.byNote.get(keyOf(note));
    if (!e) return;
    const gone = new Set(strokes);
    e.strokes = e.strokes.filter((s) => !gone.has(s));
  }

  /** Deletes whole notes; returns the books that had data. */
  deleteNotes(section: number, owner: number, books: readonly number[]): number[] {
    const out: number[] = [];
    for (const book of books) {
      const k = keyOf({ section, owner, book });
      const e = this.byNote.get(k);
      if (e && e.strokes.length > 0) out.push(book);
      this.byNote.delete(k);
    }
    return out;
  }

  /** Deletes pages of a note; returns the pages that had data. */
  deletePages(note: SimNote, pages: readonly number[]): number[] {
    const e = this.byNote.get(keyOf(note));
    if (!e) return [];
    const had = new Set(e.strokes.map((s) => s.page));
    const drop = new Set(pages);
    e.strokes = e.strokes.filter((s) => !drop.has(s.page));
    return pages.filter((p) => had.has(p));
  }

  /** Erases everything (disk init, password wipe). */
  clear(): void {
    this.byNote.clear();
  }
}

/** How chunks are cut. */
export interface ChunkOptions {
  readonly compress: boolean;
  /** Whole strokes per chunk. */
  readonly strokesPerChunk: number;
  readonly compressionLevel?: 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
}

/**
 * The 0x24 chunks for some strokes of a note: whole strokes, at most `strokesPerChunk` and
 * 65 535 raw bytes each; positions 0 first, 1 middle, 2 last ([CHOICE] a single chunk is 2).
 */
export function buildChunks(
  note: SimNote,
  strokes: readonly OfflineStroke[],
  o: ChunkOptions,
): OfflineChunk[] {
  const groups: OfflineStroke[][] = [];
  let cur: OfflineStroke[] = [];
  let curBytes = 0;
  for (const s of strokes) {
    const size = OFFLINE_STROKE_HEADER_BYTES + OFFLINE_DOT_BYTES * s.dots.length;
    if (cur.length > 0 && (cur.length >= o.strokesPerChunk || curBytes + size > MAX_CHUNK_BYTES)) {
      groups.push(cur);
      cur = [];
      curBytes = 0;
    }
    cur.push(s);
    curBytes += size;
  }
  if (cur.length > 0) groups.push(cur);
  return groups.map((g, i) => {
    const raw = encodeOfflineStrokes(g);
    const data = o.compress ? deflateChunkData(raw, o.compressionLevel ?? 9) : raw;
    const position = i === groups.length - 1 ? 2 : i === 0 ? 0 : 1;
    return {
      kind: 'offlineChunk',
      packetId: i & 0xffff,
      compressed: o.compress,
      sizeBefore: raw.length,
      sizeAfter: o.compress ? data.length : 0,
      position,
      section: note.section,
      owner: note.owner,
      book: note.book,
      strokeCount: g.length,
      data,
      strokes: g,
      badChecksums: 0,
    };
  });
}
