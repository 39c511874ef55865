import { homographyFromMatrix, pageAddress, scaleHomography } from '@dotink/ncode';
import fc from 'fast-check';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { dotsFrom } from '../../dots';
import { createStroke } from '../../stroke';
import { BrushType, type Stroke } from '../../types';
import { looksLikeZip, readGridaFile, writeGridaFile } from './container';
import { GRIDA_FORMAT, GRIDA_VERSION } from './migrations';
import { encodeGridaStrokes } from './strokeRecords';
import { type GridaDocument, GridaFormatError, type GridaPage } from './types';

const pdf = strToU8('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', true);

const sample: GridaDocument = {
  board: {
    id: 'b1',
    title: '회의록 notes',
    group: 'work',
    createdMs: 1_700_000_000_000,
    updatedMs: 1_700_000_100_000,
  },
  pdfs: [{ id: 'pdf-1', fileName: 'a.pdf', fingerprint: 'f00d', bytes: pdf }],
  pages: [
    {
      id: 'page-1',
      address: pageAddress(256, 27, 1068, 1),
      source: { kind: 'pdf', pdfId: 'pdf-1', pageNo: 1 },
      sizePt: { widthPt: 595.28, heightPt: 841.89 },
      nuToPt: scaleHomography(6.72),
      rotation: 0,
      background: 'basic',
    },
    {
      id: 'page-2',
      address: pageAddress(3, 27, 168, 5),
      baseAddress: pageAddress(3, 27, 168, 5),
      source: { kind: 'ncode' },
      sizePt: { widthPt: 595.28, heightPt: 841.89 },
      nuToPt: scaleHomography(6.72, 6.72, -21, -21),
      rotation: 90,
      background: 'lined',
    },
  ],
  strokes: [
    createStroke(
      { key: 'k1', page: pageAddress(256, 27, 1068, 1), colorArgb: 0xffff0000, thickness: 0.12 },
      dotsFrom([
        { xNu: 10, yNu: 20, force: 400, timeMs: 1_700_000_000_000 },
        { xNu: 11.25, yNu: 20.5, force: 500, timeMs: 1_700_000_000_012 },
        { xNu: 12.5, yNu: 21, force: 0, timeMs: 1_700_000_000_030 },
      ]),
    ),
    createStroke({ key: 'k2', page: pageAddress(3, 27, 168, 5), status: 'erased' }, dotsFrom([])),
  ],
};

describe('.GRIDA container', () => {
  it('is a zip with a versioned manifest, the PDF stored byte for byte and a 14-byte-a-dot planes blob', () => {
    const bytes = writeGridaFile(sample);
    expect(looksLikeZip(bytes)).toBe(true);
    const entries = unzipSync(bytes);
    expect(Object.keys(entries)).toEqual(['manifest.json', 'pdf/0.pdf', 'ink/strokes.json', 'ink/dots.bin']);
    const manifest = JSON.parse(strFromU8(entries['manifest.json']!));
    expect(manifest.format).toBe(GRIDA_FORMAT);
    expect(manifest.version).toBe(GRIDA_VERSION);
    expect(manifest.pages[1].address).toBe('3.27.168.5');
    expect(manifest.pages[1].nuToPt).toEqual([6.72, 0, -21, 0, 6.72, -21, 0, 0, 1]);
    expect(entries['pdf/0.pdf']).toEqual(pdf);
    expect(manifest.dotsLayout).toBe('planes');
    expect(entries['ink/dots.bin']!.length).toBe(3 * 14);
  });

  it('reads back what it wrote', () => {
    expect(readGridaFile(writeGridaFile(sample))).toEqual(sample);
  });

  it('writes the same bytes for the same board', () => {
    expect(writeGridaFile(sample)).toEqual(writeGridaFile(sample));
  });

  it('round-trips any board losslessly (property)', () => {
    fc.assert(
      fc.property(documentArb, (doc) => {
        expect(readGridaFile(writeGridaFile(doc))).toEqual(doc);
      }),
      { numRuns: 150 },
    );
  });

  it('refuses what is not a board file', () => {
    expect(() => readGridaFile(strToU8('{"a":1}'))).toThrow(GridaFormatError);
    expect(() => readGridaFile(zipSync({ 'x.txt': strToU8('x') }))).toThrow(/no manifest/);
    const newer = zipSync({
      'manifest.json': strToU8(JSON.stringify({ format: GRIDA_FORMAT, version: 99 })),
    });
    expect(() => readGridaFile(newer)).toThrow(/newer version/);
  });

  it('a version-2 file (17-byte dots, byte offsets) opens losslessly (property)', () => {
    fc.assert(
      fc.property(documentArb, (doc) => {
        expect(readGridaFile(asVersion2(writeGridaFile(doc), doc))).toEqual(doc);
      }),
      { numRuns: 60 },
    );
  });

  it('refuses dots out of range', () => {
    const entries = unzipSync(writeGridaFile(sample));
    entries['ink/dots.bin'] = entries['ink/dots.bin']!.subarray(0, 20);
    expect(() => readGridaFile(zipSync(entries))).toThrow(/dots out of range/);
  });
});

/** The same board as a version-2 file would hold it: 17-byte dots, no layout in the manifest. */
function asVersion2(file: Uint8Array, doc: GridaDocument): Uint8Array {
  const entries = unzipSync(file);
  const m = JSON.parse(strFromU8(entries['manifest.json']!));
  m.version = 2;
  delete m.dotsLayout;
  const ink = encodeGridaStrokes(doc.strokes, 'server17');
  entries['manifest.json'] = strToU8(JSON.stringify(m));
  entries['ink/strokes.json'] = strToU8(JSON.stringify(ink.records));
  entries['ink/dots.bin'] = new Uint8Array(ink.dots);
  return zipSync(entries);
}

// Arbitraries of board documents.

/** A finite double that is never -0 (JSON has no -0). */
const finite = (min = -1e9, max = 1e9) =>
  fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).map((x) => (x === 0 ? 0 : x));

const address = fc
  .tuple(
    fc.integer({ min: 0, max: 4095 }),
    fc.integer({ min: 0, max: 1023 }),
    fc.integer({ min: 0, max: 16383 }),
    fc.integer({ min: 0, max: 4095 }),
  )
  .map(([s, o, b, p]) => pageAddress(s, o, b, p));

const f32 = fc.float({ noNaN: true, noDefaultInfinity: true });

/** Dot times: mostly whole ms with small gaps, sometimes fractional, long or backwards. */
const times = (n: number) =>
  fc
    .tuple(
      fc.integer({ min: 1_600_000_000_000, max: 1_900_000_000_000 }),
      fc.array(
        fc.oneof(
          { weight: 8, arbitrary: fc.integer({ min: 0, max: 200 }) },
          { weight: 1, arbitrary: fc.integer({ min: 65_536, max: 200_000 }) },
          { weight: 1, arbitrary: fc.double({ min: -50, max: 50, noNaN: true }) },
        ),
        { minLength: n, maxLength: n },
      ),
    )
    .map(([start, deltas]) => {
      let t = start;
      return { start, list: deltas.map((d) => (t += d)) };
    });

/** A stroke on one of `pages`, with 0 to `maxDots` dots. */
function strokeArb(pages: fc.Arbitrary<ReturnType<typeof pageAddress>>, maxDots = 40): fc.Arbitrary<Stroke> {
  return fc.integer({ min: 0, max: maxDots }).chain((n) =>
    fc
      .record({
        key: fc.uuid(),
        page: pages,
        brushType: fc.constantFrom(...Object.values(BrushType)),
        thickness: finite(0, 1),
        colorArgb: fc.integer({ min: 0, max: 0xffffffff }),
        status: fc.constantFrom('normal' as const, 'erased' as const),
        penTipMode: fc.constantFrom(0 as const, 1 as const),
        mac: fc.string(),
        writerId: fc.string(),
        multiPage: fc.boolean(),
        xs: fc.array(f32, { minLength: n, maxLength: n }),
        ys: fc.array(f32, { minLength: n, maxLength: n }),
        fs: fc.array(f32, { minLength: n, maxLength: n }),
        t: times(n),
        startOffset: fc.oneof(fc.constant(0), fc.integer({ min: -5, max: 5 })),
      })
      .map((r) =>
        createStroke(
          {
            key: r.key,
            page: r.page,
            brushType: r.brushType,
            thickness: r.thickness,
            colorArgb: r.colorArgb,
            status: r.status,
            penTipMode: r.penTipMode,
            mac: r.mac,
            writerId: r.writerId,
            multiPage: r.multiPage,
            startTimeMs: (n > 0 ? r.t.list[0]! : r.t.start) + r.startOffset,
          },
          {
            count: n,
            xNu: Float32Array.from(r.xs),
            yNu: Float32Array.from(r.ys),
            force: Float32Array.from(r.fs),
            timeMs: Float64Array.from(r.t.list),
          },
        ),
      ),
  );
}

const page = (id: string): fc.Arbitrary<GridaPage> =>
  fc.record({
    id: fc.constant(id),
    address,
    source: fc.oneof(
      fc.record({
        kind: fc.constant('pdf' as const),
        pdfId: fc.constantFrom('a', 'b'),
        pageNo: fc.integer({ min: 1, max: 999 }),
      }),
      fc.constant({ kind: 'ncode' as const }),
    ),
    sizePt: fc.record({ widthPt: finite(1, 5000), heightPt: finite(1, 5000) }),
    nuToPt: fc
      .array(finite(-100, 100), { minLength: 8, maxLength: 8 })
      .map((m) => homographyFromMatrix([...m, 1])),
    rotation: fc.constantFrom(0 as const, 90 as const, 180 as const, 270 as const),
    background: fc.constantFrom('basic' as const, 'lined' as const),
  });

/** A whole board document. */
const documentArb: fc.Arbitrary<GridaDocument> = fc
  .record({
    board: fc.record({
      id: fc.string(),
      title: fc.string(),
      group: fc.string(),
      createdMs: finite(0, 4e12),
      updatedMs: finite(0, 4e12),
    }),
    pdfs: fc.array(
      fc.record({
        id: fc.string(),
        fileName: fc.string(),
        fingerprint: fc.string(),
        bytes: fc.uint8Array({ maxLength: 300 }),
      }),
      { maxLength: 2 },
    ),
    pages: fc.array(fc.nat(), { maxLength: 4 }).chain((ids) => fc.tuple(...ids.map((_, i) => page(`p${i}`)))),
  })
  .chain((d) =>
    fc
      .array(strokeArb(d.pages.length > 0 ? fc.constantFrom(...d.pages.map((p) => p.address)) : address), {
        maxLength: 6,
      })
      .map((strokes) => ({ ...d, strokes })),
  );
