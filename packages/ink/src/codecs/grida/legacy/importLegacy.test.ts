/**
 * GridaBoard legacy .grida import, with the fixture of ncode-paper.md §10 built here: a JSON
 * whose rawData is `undefined` + a small PDF holding bytes ≥ 0x80 and < 0x20, written the way
 * GridaBoard writes it (JSON.stringify, then UTF-8).
 */
import { applyHomography, pageAddress, pageId } from '@dotink/ncode';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dotList } from '../../../dots';
import { counterKeySource } from '../../../strokeKeys';
import { BrushType } from '../../../types';
import { boardFileKind } from '../readBoardFile';
import { GridaFormatError } from '../types';
import { LEGACY_DEFAULT_TRANSFORM, legacyToDocument, parseLegacyGrida } from './importLegacy';
import { legacyBrushType, legacyColorArgb } from './legacyStroke';
import { decodeRawData, encodeRawData } from './rawData';

/** A small PDF with every byte value in a binary stream (so 0x00–0x1f and 0x80–0xff occur). */
function smallPdf(): Uint8Array {
  const head = '%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n1 0 obj\n<< /Length 256 >>\nstream\n';
  const tail = '\nendstream\nendobj\ntrailer\n<< >>\n%%EOF\n';
  const bytes: number[] = [];
  for (const c of head) bytes.push(c.charCodeAt(0));
  for (let b = 0; b < 256; b++) bytes.push(b);
  for (const c of tail) bytes.push(c.charCodeAt(0));
  return Uint8Array.from(bytes);
}

const P1 = { section: 3, owner: 27, book: 1068, page: 1 };
const P2 = { section: 3, owner: 27, book: 1068, page: 2 };
const B1 = { section: 256, owner: 27, book: 1068, page: 1 };
const B2 = { section: 256, owner: 27, book: 1068, page: 2 };
const H_PRINT = {
  type: 'homography',
  a: 7.27536,
  b: 0,
  c: 0,
  d: 0,
  e: 7.27619,
  f: -10.2344,
  g: 0,
  h: 0,
  i: 1,
  tx: 0,
  ty: -10.2344,
};
const H_SCALE = {
  type: 'homography',
  a: 6.72,
  b: 0,
  c: 0,
  d: 0,
  e: 6.72,
  f: 0,
  g: 0,
  h: 0,
  i: 1,
  tx: 0,
  ty: 0,
};

function neoStroke(page: typeof P1, extra: Record<string, unknown> = {}) {
  return {
    ...page,
    key: `uuid-${pageId(pageAddress(page.section, page.owner, page.book, page.page))}-${Object.keys(extra).length}`,
    mac: '9c:7b:d2:00:00:01',
    startTime: 1_600_000_000_000,
    brushType: 0,
    thickness: 0.12,
    color: 'rgb(255,0,0)',
    status: 0,
    h: H_SCALE,
    h_origin: H_SCALE,
    dotCount: 3,
    opened: false,
    penTipMode: 0,
    isPlate: false,
    dotArray: [
      {
        dotType: 2,
        deltaTime: 0,
        time: 1_600_000_000_000,
        f: 400,
        x: 40,
        y: 60,
        point: { x: 1, y: 1, f: 400 },
      },
      {
        dotType: 2,
        deltaTime: 12,
        time: 1_600_000_000_012,
        f: 420,
        x: 41.5,
        y: 60.25,
        point: { x: 1, y: 1, f: 420 },
      },
      {
        dotType: 2,
        deltaTime: 14,
        time: 1_600_000_000_026,
        f: 380,
        x: 43,
        y: 61,
        point: { x: 1, y: 1, f: 380 },
      },
    ],
    unknownFutureKey: { anything: true },
    ...extra,
  };
}

function legacyFile(options: { mapper?: unknown; strokes?: unknown[][] } = {}): Uint8Array {
  const json: Record<string, unknown> = {
    pdf: { pdfInfo: { pageInfos: [P1, P2], basePageInfos: [B1, B2], rawData: encodeRawData(smallPdf()) } },
    stroke: options.strokes ?? [],
    gridaInfo: { gridaDate: '2021-06-06T10:00:00.000Z', id: 'asdf', pwd: 'qwer' },
  };
  if (options.mapper !== undefined) json.mapper = options.mapper;
  return new TextEncoder().encode(JSON.stringify(json));
}

const board = { id: 'b', title: 'old', group: '', createdMs: 0, updatedMs: 0 };
const A4 = { widthPt: 595.28, heightPt: 841.89 };
const toDoc = (bytes: Uint8Array) =>
  legacyToDocument(parseLegacyGrida(bytes), {
    board,
    pdfPageSizesPt: [A4, A4],
    ncodePageSizePt: () => A4,
    pdfFileName: 'old.pdf',
    pdfFingerprint: 'fp',
    keys: counterKeySource('new'),
  });

describe('legacy rawData', () => {
  it('is written as UTF-8 JSON with 2-byte sequences for 0x80–0xff and escapes below 0x20', () => {
    const file = legacyFile();
    const text = new TextDecoder().decode(file);
    expect(text).toContain('"rawData":"undefined%PDF-1.4');
    expect(text).toContain('\\u0000');
    // 0x80 → C2 80, 0xff → C3 BF in the file
    const hex = Buffer.from(file).toString('hex');
    expect(hex).toContain('c280');
    expect(hex).toContain('c3bf');
  });

  it('imports to a byte-identical PDF (the undefined prefix dropped)', () => {
    expect(parseLegacyGrida(legacyFile()).pdfBytes).toEqual(smallPdf());
  });

  it('round-trips any bytes after a PDF header (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2000 }), (tail) => {
        const pdf = Uint8Array.from([...new TextEncoder().encode('%PDF-'), ...tail]);
        const json = JSON.stringify({ rawData: encodeRawData(pdf) });
        const back = JSON.parse(new TextDecoder().decode(new TextEncoder().encode(json))).rawData;
        expect(decodeRawData(back)).toEqual(pdf);
      }),
    );
  });

  it('refuses data without a PDF header or with characters above 255', () => {
    expect(() => decodeRawData('undefinedhello')).toThrow(GridaFormatError);
    expect(() => decodeRawData('%PDF-\u0100')).toThrow(/above 255/);
  });
});

describe('legacy .grida import', () => {
  it('is told apart from our container', () => {
    expect(boardFileKind(legacyFile())).toBe('legacy-grida');
    expect(boardFileKind(new Uint8Array([1, 2, 3]))).toBe('unknown');
  });

  it('accepts a file without mapper: pages at pageInfos, PDF pages in order, default transform', () => {
    const doc = toDoc(legacyFile());
    expect(doc.pdfs).toHaveLength(1);
    expect(doc.pdfs[0]!.bytes).toEqual(smallPdf());
    expect(
      doc.pages.map((p) => [pageId(p.address), p.baseAddress && pageId(p.baseAddress), p.source]),
    ).toEqual([
      ['3.27.1068.1', '256.27.1068.1', { kind: 'pdf', pdfId: 'pdf-1', pageNo: 1 }],
      ['3.27.1068.2', '256.27.1068.2', { kind: 'pdf', pdfId: 'pdf-1', pageNo: 2 }],
    ]);
    expect(doc.pages[0]!.nuToPt).toEqual(LEGACY_DEFAULT_TRANSFORM);
    expect(doc.pages[0]!.sizePt).toEqual(A4);
    expect(doc.strokes).toEqual([]);
  });

  it('accepts npageArea as an object with keys "0"–"3" and uses the mapper transform', () => {
    const area = {
      0: { x: 0, y: 1.40656 },
      1: { x: 81.82143, y: 1.40656 },
      2: { x: 81.82143, y: 117.1113 },
      3: { x: 0, y: 117.1113 },
    };
    const mapper = {
      url: 'file://a.pdf',
      filename: 'a.pdf',
      fingerprint: 'fp',
      pagesPerSheet: 1,
      id: 'fp/1',
      numPages: 2,
      printPageInfo: P1,
      basePageInfo: B1,
      params: [
        { pageInfo: P1, basePageInfo: B1, pdfPageNo: 1, npageArea: area, pdfDesc: {}, h: H_PRINT, h_rev: {} },
      ],
    };
    const legacy = parseLegacyGrida(legacyFile({ mapper }));
    expect(legacy.pages[0]!.npageArea).toEqual([area[0], area[1], area[2], area[3]]);
    const doc = toDoc(legacyFile({ mapper }));
    const p = applyHomography(doc.pages[0]!.nuToPt, { x: 40, y: 60 });
    expect(p.x).toBeCloseTo(291.01, 2);
    expect(p.y).toBeCloseTo(426.34, 2);
    expect(doc.pages[1]!.nuToPt).toEqual(LEGACY_DEFAULT_TRANSFORM);
  });

  it('skips an empty inner stroke array and reads the others', () => {
    const doc = toDoc(legacyFile({ strokes: [[], [neoStroke(P2)], []] }));
    expect(doc.strokes).toHaveLength(1);
    const s = doc.strokes[0]!;
    expect(pageId(s.page)).toBe('3.27.1068.2');
    expect(s.colorArgb).toBe(0xffff0000);
    expect(s.thickness).toBe(0.12);
    expect(s.brushType).toBe(BrushType.pen);
    expect(s.mac).toBe('9c:7b:d2:00:00:01');
    expect(dotList(s.dots)).toEqual([
      { xNu: 40, yNu: 60, force: 400, timeMs: 1_600_000_000_000 },
      { xNu: 41.5, yNu: 60.25, force: 420, timeMs: 1_600_000_000_012 },
      { xNu: 43, yNu: 61, force: 380, timeMs: 1_600_000_000_026 },
    ]);
    expect(parseLegacyGrida(legacyFile({ strokes: [[], [neoStroke(P2)]] })).notes[0]).toMatch(/empty/);
  });

  it('maps the legacy brush numbering, status and colours', () => {
    expect([0, 1, 2, 3, 4, 5, 7].map(legacyBrushType)).toEqual([
      BrushType.pen,
      BrushType.marker,
      BrushType.pencil,
      BrushType.eraser,
      BrushType.brush,
      BrushType.fountainPen,
      BrushType.pen,
    ]);
    expect(legacyColorArgb('rgb(1,2,3)')).toBe(0xff010203);
    expect(legacyColorArgb('rgba(255, 255, 0, 0.3)')).toBe(0xffffff00);
    expect(legacyColorArgb('#00ff00')).toBe(0xff00ff00);
    const doc = toDoc(legacyFile({ strokes: [[neoStroke(P1, { brushType: 1, status: 1 })]] }));
    expect(doc.strokes[0]!.brushType).toBe(BrushType.marker);
    expect(doc.strokes[0]!.status).toBe('erased');
  });

  it('places strokes by their h_origin, in the page transform of the first stroke', () => {
    const first = neoStroke(P1, { h_origin: H_PRINT });
    const second = neoStroke(P1, { key: 'other', h_origin: H_SCALE });
    const doc = toDoc(legacyFile({ strokes: [[first, second]] }));
    const page = doc.pages[0]!;
    expect(page.nuToPt.a).toBeCloseTo(7.27536, 6);
    // The first stroke keeps its nu; the second is re-expressed so it lands where it was drawn.
    expect(doc.strokes[0]!.dots.xNu[0]).toBe(40);
    const at = applyHomography(page.nuToPt, {
      x: doc.strokes[1]!.dots.xNu[0]!,
      y: doc.strokes[1]!.dots.yNu[0]!,
    });
    expect(at.x).toBeCloseTo(40 * 6.72, 3);
    expect(at.y).toBeCloseTo(60 * 6.72, 3);
  });

  it('matches strokes by base code, and gives strokes of unknown pages a new Ncode page', () => {
    const onBase = neoStroke(B2);
    const elsewhere = neoStroke({ section: 3, owner: 27, book: 168, page: 9 });
    const doc = toDoc(legacyFile({ strokes: [[onBase], [elsewhere]] }));
    expect(doc.pages).toHaveLength(3);
    expect(pageId(doc.strokes[0]!.page)).toBe('3.27.1068.2');
    expect(doc.pages[2]!.source).toEqual({ kind: 'ncode' });
    expect(pageId(doc.strokes[1]!.page)).toBe('3.27.168.9');
  });

  it('drops strokes with an unknown page (-1) and gives repeated keys new ones', () => {
    const a = neoStroke(P1, { key: 'same' });
    const b = neoStroke(P1, { key: 'same' });
    const lost = neoStroke({ section: -1, owner: -1, book: -1, page: -1 });
    const doc = toDoc(legacyFile({ strokes: [[a, b, lost]] }));
    expect(doc.strokes.map((s) => [s.key, s.originalKey])).toEqual([
      ['same', 'same'],
      ['new1', 'same'],
    ]);
  });

  it('uses plate strokes’ cached point positions', () => {
    const plate = neoStroke(P1, {
      isPlate: true,
      dotArray: [
        { time: 1, f: 1, x: 0, y: 0, point: { x: 67.2, y: 134.4 } },
        { time: 2, f: 1, x: 0, y: 0, point: { x: 134.4, y: 134.4 } },
      ],
    });
    const doc = toDoc(legacyFile({ strokes: [[plate]] }));
    expect(doc.strokes[0]!.dots.xNu[0]).toBeCloseTo(10, 5);
    expect(doc.strokes[0]!.dots.yNu[1]).toBeCloseTo(20, 5);
  });

  it('refuses what is not a legacy board', () => {
    expect(() => parseLegacyGrida('not json')).toThrow(GridaFormatError);
    expect(() => parseLegacyGrida('{"a":1}')).toThrow(GridaFormatError);
  });
});
