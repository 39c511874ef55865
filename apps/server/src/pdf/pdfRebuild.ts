/**
 * The bounded fallback of the PDF reader for a damaged cross-reference (no `startxref`, a section
 * that does not parse, a catalogue the chain does not find): the file is scanned once, front to
 * back, in windows of 1 MiB (or a quarter of a smaller ceiling) for object headers (`n g obj`, the last definition of a number wins),
 * `trailer` keywords and the objects typed `/Catalog`, `/XRef` or `/ObjStm`. Memory stays bounded:
 * one window at a time plus a table of offsets by object number (a `Uint32Array`, at most 4 MiB
 * for 2^20 objects) and the object streams' members, all counted against the reader's ceiling;
 * a file with more objects is 'tooCostly'. This is what pdf-lib's sequential parse tolerated,
 * without holding the file.
 */
import type { Bytes, Entry, Section } from './pdfBytes';
import { PdfReadError } from './pdfSyntax';

const WINDOW = 1024 * 1024;
const OVERLAP = 64;
const MAX_OBJECT_NUMBER = 1 << 20;
const MAX_COMPRESSED = 1 << 16;
/** What a member entry is counted as (a Map entry). */
const ENTRY_BYTES = 48;
/** Most `trailer` keywords / typed objects remembered (the last ones). */
const KEEP = 16;

/** What the scan found: a section answering every object found, and where to look for a root. */
export interface ScannedFile {
  readonly section: Section;
  /** Offsets just after each `trailer` keyword (last ones, in file order). */
  readonly trailers: readonly number[];
  /** Numbers of objects typed `/XRef` (their dictionaries name the root), in file order. */
  readonly xrefStreams: readonly number[];
  /** Numbers of objects typed `/Catalog`, in file order. */
  readonly catalogs: readonly number[];
  /** Numbers of the object streams, in file order. */
  readonly objectStreams: readonly number[];
  /** Records that `num` is a member of object stream `stream` (unless defined at top level). */
  addCompressed(num: number, stream: number): void;
}

const PATTERN =
  /(?<![0-9])(\d{1,7})[ \t\r\n\f\0]+(\d{1,5})[ \t\r\n\f\0]+obj(?![A-Za-z])|(?<![A-Za-z])trailer(?![A-Za-z])|\/Type[ \t\r\n\f\0]*\/(Catalog|XRef|ObjStm)(?![A-Za-z])/g;

const keepLast = (list: number[], value: number) => {
  list.push(value);
  if (list.length > KEEP) list.shift();
};

/** Scans the whole file once (see the module comment). */
export async function scanObjects(bytes: Bytes): Promise<ScannedFile> {
  const memory = bytes.memory;
  let offsets = new Uint32Array(0);
  const grow = (num: number) => {
    if (num >= MAX_OBJECT_NUMBER) throw new PdfReadError('tooCostly', `object number ${num} in a rebuild`);
    if (num < offsets.length) return;
    const size = Math.min(MAX_OBJECT_NUMBER, Math.max(4096, 2 ** Math.ceil(Math.log2(num + 1))));
    memory.take((size - offsets.length) * 4, 'a rebuilt cross-reference');
    const next = new Uint32Array(size);
    next.set(offsets);
    offsets = next;
  };
  const trailers: number[] = [];
  const xrefStreams: number[] = [];
  const catalogs: number[] = [];
  const objectStreams: number[] = [];
  let lastHeader = -1;
  // A window and its string take twice its size: a quarter of the ceiling each at most.
  const window = Math.max(4096, Math.min(WINDOW, Math.floor(memory.ceiling / 4) - OVERLAP));
  for (let at = 0; at < bytes.size; at += window) {
    const last = at + window >= bytes.size;
    await bytes.with(at, window + OVERLAP, (b) => {
      // The window as a one-byte string, counted for its life here.
      memory.take(b.length, 'a scan window');
      try {
        const text = Buffer.from(b.buffer, b.byteOffset, b.length).toString('latin1');
        for (const m of text.matchAll(PATTERN)) {
          if (!last && m.index >= window) break;
          const where = at + m.index;
          if (m[1] !== undefined) {
            const num = Number(m[1]);
            grow(num);
            offsets[num] = where + 1;
            lastHeader = num;
          } else if (m[3] === undefined) keepLast(trailers, where + m[0].length);
          else if (lastHeader >= 0) {
            const list = m[3] === 'Catalog' ? catalogs : m[3] === 'XRef' ? xrefStreams : objectStreams;
            if (m[3] !== 'ObjStm') keepLast(list, lastHeader);
            else if (list.length < 4096 && list[list.length - 1] !== lastHeader) list.push(lastHeader);
          }
        }
      } finally {
        memory.give(b.length);
      }
    });
  }
  const compressed = new Map<number, number>();
  return {
    trailers,
    xrefStreams,
    catalogs,
    objectStreams,
    addCompressed(num, stream) {
      if ((offsets[num] ?? 0) > 0 || compressed.has(num)) return;
      if (compressed.size >= MAX_COMPRESSED)
        throw new PdfReadError('tooCostly', 'too many objects in a rebuild');
      memory.take(ENTRY_BYTES, 'a rebuilt object stream member');
      compressed.set(num, stream);
    },
    section: {
      async entry(num): Promise<Entry | undefined> {
        const offset = offsets[num] ?? 0;
        if (offset > 0) return { kind: 'at', offset: offset - 1 };
        const stream = compressed.get(num);
        return stream === undefined ? undefined : { kind: 'in', stream, index: 0 };
      },
    },
  };
}
