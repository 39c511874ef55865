/**
 * A PDF's structure read by byte ranges with a fixed memory ceiling (issue 17: a 100 MB upload
 * must not grow the server by 50 MB): the header, `startxref`, the cross-reference sections
 * (classic tables read row by row on demand, cross-reference streams, hybrid `/XRefStm`,
 * incremental updates along `/Prev`), objects (also inside object streams) and the page tree.
 * Everything goes through one `read(offset, length)` callback, so it is pure over any
 * random-access source (a staged upload's `range()`, a Uint8Array in tests).
 *
 * Memory: 16 KiB blocks in a small cache (1 MiB), decoded structure streams and windows are
 * counted against `ceilingBytes` (default {@link PDF_CEILING_BYTES}); a file whose structure
 * would need more is refused with {@link PdfReadError} 'tooCostly' rather than read whole.
 *
 * Damaged files: an xref entry a little off is tolerated (the object header is looked for within
 * 1 KiB). When the chain cannot be read at all (no `startxref`, a section that does not parse, no
 * catalogue through it), the bounded fallback of `pdfRebuild.ts` scans the file once in 1 MiB
 * windows for its objects (what pdf-lib's sequential parse tolerated), within the same ceiling.
 * What still does not read is {@link PdfReadError} 'damaged', which the upload route answers with
 * its 400 'The PDF file could not be read.'.
 * Encryption is ignored as before (the structure of an encrypted PDF is not encrypted; its
 * object streams are, and then it is 'damaged').
 */
import { Bytes, type Entry, isInt, MAX_OBJECT_BYTES, Memory, type ReadRange, type Section } from './pdfBytes';
import { decodeStream } from './pdfDecode';
import { scanObjects } from './pdfRebuild';

export type { ReadRange } from './pdfBytes';

import {
  damaged,
  indexOfAscii,
  Lexer,
  lastIndexOfAscii,
  PdfDict,
  PdfReadError,
  PdfRef,
  PdfStream,
  type PdfValue,
} from './pdfSyntax';

/** A file to read: its size and its ranges. */
export interface PdfSource {
  readonly size: number;
  readonly read: ReadRange;
  /** The most bytes the reader holds at once (blocks, windows, decoded streams). */
  readonly ceilingBytes?: number;
}

/** Default memory ceiling of one reader: 8 MiB. */
export const PDF_CEILING_BYTES = 8 * 1024 * 1024;
const MAX_SECTIONS = 64;

/** What reading cost: for tests and the bench. */
export interface ReadStats {
  readonly reads: number;
  readonly bytesRead: number;
  readonly largestRead: number;
  /** Most bytes held at once (counted against the ceiling). */
  readonly peakHeldBytes: number;
}

/** The pages of the page tree, in order (refs only up to the limit asked). */
export interface PageList {
  /** Leaf pages counted; past the limit, the larger of that and the root's `/Count`. */
  readonly count: number;
  readonly refs: readonly PdfRef[];
}

/** An open PDF: its catalogue, object lookup and page tree. */
export interface BoundedPdf {
  readonly catalog: PdfDict;
  /** The value itself, or the object a reference names (null when absent). */
  resolve(value: PdfValue | undefined): Promise<PdfValue | undefined>;
  /** The page tree's leaves, walking at most about `limit` pages. */
  pages(limit: number): Promise<PageList>;
  stats(): ReadStats;
}

/** Opens the PDF in `source`: header, cross-reference chain, catalogue. */
export async function openBoundedPdf(source: PdfSource): Promise<BoundedPdf> {
  const memory = new Memory(source.ceilingBytes ?? PDF_CEILING_BYTES);
  const bytes = new Bytes(source.size, source.read, memory);
  const head = await bytes.with(0, 1024, (b) => indexOfAscii(b, '%PDF-'));
  if (head < 0) throw new PdfReadError('notPdf', 'no PDF header');

  const objects = new Map<number, PdfValue>();
  const objectStreams = new Map<number, { data: Uint8Array; offsets: Map<number, number>; first: number }>();
  const sections: Section[] = [];

  /** The raw data of a stream, `Length` resolved when `resolveLength`, decoded, ≤ `max` bytes. */
  const streamData = async (s: PdfStream, resolveLength: boolean): Promise<Uint8Array> => {
    let length = s.dict.get('Length');
    if (length instanceof PdfRef && resolveLength) length = await object(length.num);
    const room = memory.ceiling - memory.held;
    let n: number;
    if (isInt(length) && s.dataOffset + length <= bytes.size) n = length;
    else {
      // No usable Length: the data ends at `endstream` (looked for within the reader's room).
      const end = await bytes.with(s.dataOffset, Math.min(room / 2, MAX_OBJECT_BYTES), (b) =>
        indexOfAscii(b, 'endstream'),
      );
      if (end < 0) throw damaged('a structure stream without its end');
      n = end;
    }
    if (n > room / 2) throw new PdfReadError('tooCostly', `a structure stream of ${n} bytes`);
    return bytes.with(s.dataOffset, n, (raw) => decodeStream(s.dict, raw, Math.floor(room / 2)));
  };

  const entry = async (num: number): Promise<Entry | undefined> => {
    for (const section of sections) {
      const e = await section.entry(num);
      if (e) return e;
    }
    return undefined;
  };

  const objectAt = async (num: number, offset: number): Promise<PdfValue> => {
    const body = (lx: Lexer) => {
      const h = lx.objectHeader();
      if (h.num !== num) throw damaged(`object ${num} is not at ${offset}`);
      return lx.objectBody();
    };
    try {
      return await bytes.parse(offset, body);
    } catch (error) {
      if (!(error instanceof PdfReadError) || error.reason !== 'damaged') throw error;
      // An offset a little off (a file re-saved with other line ends): look for the header nearby.
      const from = Math.max(0, offset - 1024);
      const found = await bytes.with(from, 2048, (b) => {
        const lexNear = new RegExp(`(^|[^0-9])${num}\\s+\\d+\\s+obj`).exec(Buffer.from(b).toString('latin1'));
        return lexNear ? from + lexNear.index + lexNear[1]!.length : -1;
      });
      if (found < 0 || found === offset) throw error;
      return bytes.parse(found, body);
    }
  };

  /** The decoded object stream `streamNum` (a few kept, counted against the ceiling). */
  const objectStream = async (streamNum: number) => {
    let stream = objectStreams.get(streamNum);
    if (!stream) {
      const s = await object(streamNum);
      if (!(s instanceof PdfStream)) throw damaged(`object stream ${streamNum} is no stream`);
      const data = await streamData(s, true);
      const count = s.dict.get('N');
      const first = s.dict.get('First');
      if (!isInt(count) || !isInt(first) || first > data.length) throw damaged('object stream header');
      const offsets = new Map<number, number>();
      const lx = new Lexer(data.subarray(0, first), 0, true);
      for (let i = 0; i < count; i++) {
        const n = lx.word();
        const at = lx.word();
        if (!/^\d+$/.test(n) || !/^\d+$/.test(at)) throw damaged('object stream header');
        if (!offsets.has(Number(n))) offsets.set(Number(n), Number(at));
      }
      while (objectStreams.size >= 4) {
        const [oldest, old] = objectStreams.entries().next().value as [number, { data: Uint8Array }];
        objectStreams.delete(oldest);
        memory.give(old.data.length);
      }
      memory.take(data.length, 'an object stream');
      stream = { data, offsets, first };
      objectStreams.set(streamNum, stream);
    }
    return stream;
  };

  const inStream = async (num: number, streamNum: number): Promise<PdfValue> => {
    const stream = await objectStream(streamNum);
    const at = stream.offsets.get(num);
    if (at === undefined || stream.first + at >= stream.data.length)
      throw damaged(`object ${num} not in its stream`);
    const lx = new Lexer(stream.data.subarray(stream.first + at), 0, true);
    return lx.value(0);
  };

  const resolving = new Set<number>();
  async function object(num: number): Promise<PdfValue> {
    const cached = objects.get(num);
    if (cached !== undefined) return cached;
    if (resolving.has(num)) throw damaged(`object ${num} refers to itself`);
    resolving.add(num);
    try {
      const e = await entry(num);
      let value: PdfValue = null;
      if (e?.kind === 'at') value = await objectAt(num, e.offset);
      else if (e?.kind === 'in') value = await inStream(num, e.stream);
      if (objects.size >= 4096) objects.clear();
      objects.set(num, value);
      return value;
    } finally {
      resolving.delete(num);
    }
  }

  const catalogOf = async (root: PdfValue | undefined): Promise<PdfDict> => {
    const catalog = root instanceof PdfRef ? await object(root.num) : undefined;
    if (!(catalog instanceof PdfDict)) throw damaged('no catalogue');
    return catalog;
  };

  /** The bounded fallback (`pdfRebuild.ts`): objects found by one scan of the file. */
  const rebuild = async (): Promise<PdfDict> => {
    sections.length = 0;
    objects.clear();
    const scan = await scanObjects(bytes);
    sections.push(scan.section);
    for (const streamNum of scan.objectStreams) {
      const members = await objectStream(streamNum).catch((error: unknown) => {
        if (error instanceof PdfReadError && error.reason === 'damaged') return undefined;
        throw error;
      });
      for (const num of members?.offsets.keys() ?? []) scan.addCompressed(num, streamNum);
    }
    objects.clear();
    const roots: (() => Promise<PdfValue | undefined>)[] = [
      ...scan.trailers.map((at) => () => bytes.parse(at, (lx) => lx.value(0))),
      ...scan.xrefStreams.map((num) => () => object(num)),
    ]
      .reverse()
      .map((read) => async () => {
        const t = await read();
        const dict = t instanceof PdfStream ? t.dict : t;
        return dict instanceof PdfDict ? dict.get('Root') : undefined;
      });
    roots.push(...[...scan.catalogs].reverse().map((num) => async () => new PdfRef(num, 0)));
    for (const root of roots) {
      try {
        return await catalogOf(await root());
      } catch (error) {
        if (!(error instanceof PdfReadError) || error.reason !== 'damaged') throw error;
      }
    }
    throw damaged('no catalogue, even after a scan of the file');
  };

  let catalog: PdfDict;
  try {
    catalog = await catalogOf((await loadSections(bytes, sections, (s) => streamData(s, false))).get('Root'));
  } catch (error) {
    if (!(error instanceof PdfReadError) || error.reason !== 'damaged') throw error;
    catalog = await rebuild();
  }

  const resolve = async (v: PdfValue | undefined): Promise<PdfValue | undefined> =>
    v instanceof PdfRef ? object(v.num) : v;

  return {
    catalog,
    resolve,
    async pages(limit) {
      const rootRef = catalog.get('Pages');
      const root = await resolve(rootRef);
      if (!(root instanceof PdfDict)) throw damaged('no page tree');
      const refs: PdfRef[] = [];
      let count = 0;
      let visited = 0;
      const seen = new Set<number>();
      // Depth first, in order: a stack of kids lists still to walk.
      const stack: PdfValue[][] = [[...kidsOf(root)].reverse()];
      while (stack.length > 0 && count <= limit) {
        const top = stack[stack.length - 1]!;
        const kid = top.pop();
        if (kid === undefined) {
          stack.pop();
          continue;
        }
        if (++visited > 4 * limit + 1024)
          throw new PdfReadError('tooCostly', 'a page tree too large to walk');
        if (kid instanceof PdfRef) {
          if (seen.has(kid.num)) continue;
          seen.add(kid.num);
        }
        const node = await resolve(kid);
        if (!(node instanceof PdfDict)) continue;
        const type = node.name('Type');
        if (type === 'Pages') {
          if (stack.length > 64) throw damaged('page tree too deep');
          stack.push([...kidsOf(node)].reverse());
        } else if (type === 'Page') {
          count++;
          if (kid instanceof PdfRef && refs.length < limit) refs.push(kid);
        }
      }
      const declared = root.get('Count');
      if (count > limit && isInt(declared)) count = Math.max(count, declared);
      return { count, refs };
    },
    stats: () => ({
      reads: bytes.reads,
      bytesRead: bytes.bytesRead,
      largestRead: bytes.largestRead,
      peakHeldBytes: memory.peak,
    }),
  };
}

function kidsOf(node: PdfDict): PdfValue[] {
  const kids = node.get('Kids');
  return Array.isArray(kids) ? kids : [];
}

/** Reads the cross-reference chain into `sections` (newest first) and answers the merged trailer. */
async function loadSections(
  bytes: Bytes,
  sections: Section[],
  streamData: (s: PdfStream) => Promise<Uint8Array>,
): Promise<PdfDict> {
  const tailFrom = Math.max(0, bytes.size - 1024);
  const start = await bytes.with(tailFrom, 1024, (b) => {
    const at = lastIndexOfAscii(b, 'startxref');
    if (at < 0) return undefined;
    const n = Number(new Lexer(b.subarray(at + 9), 0, true).word());
    return Number.isInteger(n) ? n : undefined;
  });
  if (start === undefined) throw damaged('no startxref');
  const trailers: PdfDict[] = [];
  const seen = new Set<number>();
  let next: number | undefined = start;
  while (next !== undefined && !seen.has(next)) {
    if (sections.length >= MAX_SECTIONS) throw new PdfReadError('tooCostly', 'too many incremental updates');
    seen.add(next);
    const isTable = await bytes.parse(next, (lx) => lx.word() === 'xref');
    let trailer: PdfDict;
    if (isTable) {
      const table = await classicSection(bytes, next);
      sections.push(table.section);
      trailer = table.trailer;
      const hybrid = trailer.get('XRefStm');
      if (isInt(hybrid)) sections.push((await streamSection(bytes, hybrid, streamData)).section);
    } else {
      const stream = await streamSection(bytes, next, streamData);
      sections.push(stream.section);
      trailer = stream.trailer;
    }
    trailers.push(trailer);
    const prev = trailer.get('Prev');
    next = isInt(prev) ? prev : undefined;
  }
  const root = trailers.find((t) => t.get('Root') !== undefined);
  if (!root) throw damaged('no trailer with a catalogue');
  return root;
}

/** A classic `xref` table at `offset`: its subsections (rows read on demand) and trailer. */
async function classicSection(bytes: Bytes, offset: number): Promise<{ section: Section; trailer: PdfDict }> {
  const subs: { start: number; count: number; rowsAt: number; width: number }[] = [];
  let at = await bytes.parse(offset, (lx) => {
    lx.word();
    return lx.base + lx.pos;
  });
  for (;;) {
    const step = await bytes.parse(at, (lx) => {
      const w = lx.word();
      if (w === 'trailer') return { trailer: lx.value(0) };
      const start = Number(w);
      const count = Number(lx.word());
      if (!Number.isInteger(start) || !Number.isInteger(count) || start < 0 || count < 0)
        throw damaged('bad xref subsection');
      lx.skipSpace();
      return { start, count, rowsAt: lx.base + lx.pos };
    });
    if ('trailer' in step) {
      if (!(step.trailer instanceof PdfDict)) throw damaged('trailer is no dictionary');
      const trailer = step.trailer;
      return {
        trailer,
        section: {
          async entry(num) {
            const sub = subs.find((s) => num >= s.start && num < s.start + s.count);
            if (!sub) return undefined;
            const row = await bytes.with(sub.rowsAt + (num - sub.start) * sub.width, 20, (b) =>
              /^\s*(\d+)\s+(\d+)\s+([nf])/.exec(Buffer.from(b).toString('latin1')),
            );
            if (!row) throw damaged(`xref row of object ${num}`);
            return row[3] === 'n' ? { kind: 'at', offset: Number(row[1]) } : { kind: 'free' };
          },
        },
      };
    }
    if (subs.length > 100_000) throw new PdfReadError('tooCostly', 'too many xref subsections');
    // Rows are 20 bytes; some writers make them 19 or 21: the width after which the next token reads.
    let width = 0;
    for (const w of step.count === 0 ? [20] : [20, 19, 21]) {
      const ok = await bytes
        .with(step.rowsAt + step.count * w, 16, (b) =>
          /^\s*(\d|trailer)/.test(Buffer.from(b).toString('latin1')),
        )
        .catch(() => false);
      if (ok) {
        width = w;
        break;
      }
    }
    if (width === 0) throw damaged('xref rows of an unknown width');
    subs.push({ ...step, width });
    at = step.rowsAt + step.count * width;
  }
}

/** A cross-reference stream at `offset`: its decoded rows (held) and its dictionary. */
async function streamSection(
  bytes: Bytes,
  offset: number,
  streamData: (s: PdfStream) => Promise<Uint8Array>,
): Promise<{ section: Section; trailer: PdfDict }> {
  const stream = await bytes.parse(offset, (lx) => {
    lx.objectHeader();
    return lx.objectBody();
  });
  if (!(stream instanceof PdfStream) || stream.dict.name('Type') !== 'XRef')
    throw damaged('no xref at startxref');
  const dict = stream.dict;
  const w = dict.get('W');
  if (!Array.isArray(w) || w.length < 3 || !w.every((x) => isInt(x) && x <= 8))
    throw damaged('xref stream /W');
  const widths = w.slice(0, 3) as number[];
  const rowBytes = widths[0]! + widths[1]! + widths[2]!;
  const size = dict.get('Size');
  const index = dict.get('Index') ?? (isInt(size) ? [0, size] : undefined);
  if (!Array.isArray(index) || index.length % 2 !== 0 || !index.every(isInt) || rowBytes === 0)
    throw damaged('xref stream /Index');
  const data = await streamData(stream);
  // The decoded rows stay held for the reader's life: counted against its ceiling.
  bytes.memory.take(data.length, 'a cross-reference stream');
  const subs: { start: number; count: number; row: number }[] = [];
  let row = 0;
  for (let i = 0; i < index.length; i += 2) {
    subs.push({ start: index[i] as number, count: index[i + 1] as number, row });
    row += index[i + 1] as number;
  }
  const field = (at: number, n: number, fallback: number) => {
    if (n === 0) return fallback;
    let v = 0;
    for (let i = 0; i < n; i++) v = v * 256 + data[at + i]!;
    return v;
  };
  return {
    trailer: dict,
    section: {
      async entry(num) {
        const sub = subs.find((s) => num >= s.start && num < s.start + s.count);
        if (!sub) return undefined;
        const at = (sub.row + num - sub.start) * rowBytes;
        if (at + rowBytes > data.length) return undefined;
        const type = field(at, widths[0]!, 1);
        const a = field(at + widths[0]!, widths[1]!, 0);
        const b = field(at + widths[0]! + widths[1]!, widths[2]!, 0);
        if (type === 1) return { kind: 'at', offset: a };
        if (type === 2) return { kind: 'in', stream: a, index: b };
        return { kind: 'free' };
      },
    },
  };
}
