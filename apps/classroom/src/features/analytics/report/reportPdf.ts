/**
 * Draws the pupil report PDF (issue 30 item 2) with pdf-lib: per pupil a page of facts, vector
 * bar charts and the study calendar, then the thumbnails of the pages they wrote on — the
 * textbook page embedded once per document (`embedPdf`) and reused, the ink drawn over it as
 * vector polylines. Text is set in an embedded Noto Sans of the user's language
 * (fontkit); a string the language's font cannot show (a Korean name in a Japanese report) takes
 * the first other font that can. The fonts are embedded whole: fontkit's subsets lose the
 * composite glyphs of Noto Sans CJK (Hangul syllables and digits went blank in poppler), and a
 * whole font costs ~3 MB a language once per file. The big streams (the fonts, each thumbnail's
 * ink) are compressed by the platform's own zlib (`CompressionStream`, in workers and Node), not by
 * pdf-lib's JavaScript one (pako), which took half of a class report's time. No DOM: it runs in the
 * report worker and in Node tests.
 */
import fontkit from '@pdf-lib/fontkit';
import {
  type PDFContext,
  PDFDocument,
  type PDFDocument as PDFDocumentType,
  type PDFEmbeddedPage,
  type PDFFont,
  type PDFPage,
  type PDFRef,
  type RGB,
  rgb,
} from 'pdf-lib';
import type {
  BarChart,
  PupilSheet,
  ReportCalendar,
  ReportHead,
  ReportJob,
  ReportLanguage,
  Thumbnail,
} from './reportModel';
import { PAPER_PT, ReportFailure, reportTitle } from './reportModel';

/** The embedded fonts: Noto Sans KR (Korean, English), JP, TC. */
export type FontName = 'kr' | 'jp' | 'tc';

/** The fonts tried for a language, its own first. */
export const FONT_ORDER: Readonly<Record<ReportLanguage, readonly FontName[]>> = {
  ko: ['kr', 'jp', 'tc'],
  en: ['kr', 'jp', 'tc'],
  ja: ['jp', 'kr', 'tc'],
  'zh-TW': ['tc', 'kr', 'jp'],
};

/** The ink's colour in the thumbnails (a blue no textbook prints in). */
export const INK_RGB = [0.05, 0.2, 0.85] as const;
const SERIES_RGB = [rgb(0.15, 0.45, 0.85), rgb(0.62, 0.66, 0.72)] as const;
const TEXT = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.4, 0.42, 0.46);
const LINE = rgb(0.82, 0.84, 0.87);
const STUDY = rgb(0.84, 0.91, 1);

const MARGIN_PT = 40;
const THUMB_COLUMNS = 4;
const THUMB_GAP_PT = 12;
/** Ink line width in the thumbnail, points. */
const INK_WIDTH_PT = 0.7;
/** A stroke's points closer than this (points of the thumbnail) to the last kept one are dropped. */
const INK_STEP_PT = 0.35;

export interface ReportPdfDeps {
  /** The bytes of a font (fetched once, when some text needs it). */
  readonly fontBytes: (name: FontName) => Promise<Uint8Array>;
  /** 0–1 after each pupil. */
  readonly onProgress?: (done: number, total: number) => void;
  /** True stops between pupils (the promise rejects with an AbortError). */
  readonly cancelled?: () => boolean;
}

interface LoadedFont {
  readonly font: PDFFont;
  readonly chars: ReadonlySet<number>;
}

/** `bytes` compressed as a FlateDecode stream holds them (zlib), by the platform's zlib. */
async function deflate(bytes: Uint8Array): Promise<Uint8Array> {
  const compressed = new Blob([bytes as Uint8Array<ArrayBuffer>])
    .stream()
    .pipeThrough(new CompressionStream('deflate'));
  return new Uint8Array(await new Response(compressed).arrayBuffer());
}

/**
 * The streams of a document compressed natively: a stream is placed (its reference) while the
 * document is drawn, and its compressed bytes are filled in before the document is saved. pdf-lib
 * compresses the fonts it embeds itself, at save, synchronously: bytes compressed beforehand
 * ({@link precompress}) are used for them instead.
 */
class NativeStreams {
  private readonly pending: { readonly ref: PDFRef; readonly bytes: Uint8Array }[] = [];
  private readonly compressed = new Map<Uint8Array, Promise<Uint8Array>>();
  private readonly ready = new Map<Uint8Array, Uint8Array>();

  constructor(private readonly context: PDFContext) {
    const flate = context.flateStream.bind(context);
    context.flateStream = (contents, dict = {}) => {
      const done = contents instanceof Uint8Array ? this.ready.get(contents) : undefined;
      return done ? context.stream(done, { ...dict, Filter: 'FlateDecode' }) : flate(contents, dict);
    };
  }

  /** A content stream of `bytes`, compressed before saving. */
  place(bytes: Uint8Array): PDFRef {
    const ref = this.context.nextRef();
    this.pending.push({ ref, bytes });
    return ref;
  }

  /** Compresses `bytes` now, for pdf-lib's own compression of them at save. */
  precompress(bytes: Uint8Array): void {
    if (!this.compressed.has(bytes)) this.compressed.set(bytes, deflate(bytes));
  }

  /** Every placed stream's bytes. */
  async flush(): Promise<void> {
    for (const { ref, bytes } of this.pending.splice(0)) {
      this.context.assign(ref, this.context.stream(await deflate(bytes), { Filter: 'FlateDecode' }));
    }
  }

  /** Every placed stream's bytes, and the precompressed ones ready: call before saving. */
  async finish(): Promise<void> {
    await this.flush();
    for (const [bytes, done] of this.compressed) this.ready.set(bytes, await done);
  }
}

/** The fonts of a document: loaded and embedded when a string first needs them. */
class Fonts {
  private readonly loaded = new Map<FontName, Promise<LoadedFont>>();
  constructor(
    private readonly doc: PDFDocumentType,
    private readonly order: readonly FontName[],
    private readonly bytes: (name: FontName) => Promise<Uint8Array>,
    private readonly streams: NativeStreams,
  ) {}

  private load(name: FontName): Promise<LoadedFont> {
    let f = this.loaded.get(name);
    if (!f) {
      f = (async () => {
        let bytes: Uint8Array;
        try {
          bytes = await this.bytes(name);
        } catch (error) {
          throw new ReportFailure('font', error instanceof Error ? error.message : String(error));
        }
        this.streams.precompress(bytes);
        const font = await this.doc.embedFont(bytes, { subset: false });
        // a word's glyphs are laid out once for the document (fontkit's layout is slow, and a
        // class's sheets repeat their words); the embedder has counted its glyphs the first time
        const encode = font.encodeText.bind(font);
        const encoded = new Map<string, ReturnType<typeof encode>>();
        font.encodeText = (text) => {
          let e = encoded.get(text);
          if (!e) {
            e = encode(text);
            encoded.set(text, e);
          }
          return e;
        };
        return { font, chars: new Set(font.getCharacterSet()) };
      })();
      this.loaded.set(name, f);
    }
    return f;
  }

  /** The font each string is set in (the first in order that has all its characters). */
  async prepare(texts: Iterable<string>): Promise<(text: string) => PDFFont> {
    const primary = await this.load(this.order[0]!);
    const chosen = new Map<string, PDFFont>();
    for (const text of texts) {
      if (chosen.has(text)) continue;
      let pick = primary.font;
      for (const name of this.order) {
        const f = await this.load(name);
        if (covers(f.chars, text)) {
          pick = f.font;
          break;
        }
      }
      chosen.set(text, pick);
    }
    return (text) => chosen.get(text) ?? primary.font;
  }
}

const covers = (chars: ReadonlySet<number>, text: string): boolean => {
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (c > 0x20 && !chars.has(c)) return false;
  }
  return true;
};

/** Every string a sheet writes (to choose its fonts before drawing). */
export function sheetTexts(s: PupilSheet): string[] {
  const out = [s.title, s.name, s.calendar.title, s.calendar.empty, ...s.calendar.weekdays];
  for (const [k, v] of s.facts) out.push(k, v);
  for (const c of s.charts) {
    out.push(c.title, c.empty, ...c.series);
    for (const r of c.rows) out.push(r.label, ...r.texts);
  }
  for (const m of s.calendar.months) {
    out.push(m.label);
    for (const d of m.study) out.push(d.text);
  }
  for (let d = 1; d <= 31; d++) out.push(String(d));
  out.push(s.thumbnails.title, s.thumbnails.empty, s.thumbnails.more ?? '');
  for (const p of s.thumbnails.pages) out.push(p.label);
  return out;
}

/**
 * Sets text word by word, a plain space between (set whole, Noto Sans CJK's contextual
 * substitutions turn a space before Hangul into a wide glyph), and keeps each word's width for
 * the document: a class's sheets repeat their words, and fontkit's layout is slow.
 */
class Typesetter {
  private readonly widths = new Map<PDFFont, Map<string, number>>();

  private wordWidth(font: PDFFont, word: string, sizePt: number): number {
    let byWord = this.widths.get(font);
    if (!byWord) {
      byWord = new Map();
      this.widths.set(font, byWord);
    }
    let w = byWord.get(word);
    if (w === undefined) {
      w = font.widthOfTextAtSize(word, 1);
      byWord.set(word, w);
    }
    return w * sizePt;
  }

  /** The width of a text as {@link draw} sets it. */
  width(font: PDFFont, text: string, sizePt: number): number {
    const words = text.split(' ');
    const space = this.wordWidth(font, ' ', sizePt);
    return (
      words.reduce((w, word) => w + (word === '' ? 0 : this.wordWidth(font, word, sizePt)), 0) +
      space * (words.length - 1)
    );
  }

  /** The text cut to a width (with '…'). */
  fit(font: PDFFont, text: string, sizePt: number, widthPt: number): string {
    if (this.width(font, text, sizePt) <= widthPt) return text;
    const chars = [...text];
    while (chars.length > 1 && this.width(font, `${chars.join('')}…`, sizePt) > widthPt) chars.pop();
    return `${chars.join('')}…`;
  }

  draw(page: PDFPage, font: PDFFont, text: string, x: number, y: number, sizePt: number, color: RGB): void {
    const space = this.wordWidth(font, ' ', sizePt);
    let at = x;
    for (const word of text.split(' ')) {
      if (word !== '') {
        page.drawText(word, { x: at, y, size: sizePt, font, color });
        at += this.wordWidth(font, word, sizePt);
      }
      at += space;
    }
  }
}

/** Draws on pages of one pupil, top to bottom, starting a page when the next part does not fit. */
class Flow {
  page!: PDFPage;
  /** The next line's top, points from the bottom. */
  y = 0;
  constructor(
    readonly doc: PDFDocumentType,
    readonly widthPt: number,
    readonly heightPt: number,
    readonly font: (text: string) => PDFFont,
    private readonly type: Typesetter,
  ) {
    this.newPage();
  }

  newPage(): void {
    this.page = this.doc.addPage([this.widthPt, this.heightPt]);
    this.y = this.heightPt - MARGIN_PT;
  }

  /** Starts a page unless `heightPt` fits below. */
  need(heightPt: number): void {
    if (this.y - heightPt < MARGIN_PT) this.newPage();
  }

  get innerWidthPt(): number {
    return this.widthPt - 2 * MARGIN_PT;
  }

  text(text: string, x: number, yBaseline: number, sizePt: number, color = TEXT, widthPt?: number): void {
    if (text === '') return;
    const font = this.font(text);
    const shown = widthPt === undefined ? text : this.type.fit(font, text, sizePt, widthPt);
    this.type.draw(this.page, font, shown, x, yBaseline, sizePt, color);
  }

  textWidth(text: string, sizePt: number): number {
    return this.type.width(this.font(text), text, sizePt);
  }
}

function drawHeader(f: Flow, s: PupilSheet): void {
  f.text(s.title, MARGIN_PT, f.y - 12, 12, MUTED);
  f.text(s.name, MARGIN_PT, f.y - 36, 20, TEXT, f.innerWidthPt);
  f.y -= 48;
  const labelW = Math.max(...s.facts.map(([k]) => f.textWidth(k, 10)), 0) + 12;
  for (const [k, v] of s.facts) {
    f.text(k, MARGIN_PT, f.y - 11, 10, MUTED);
    f.text(v, MARGIN_PT + labelW, f.y - 11, 10, TEXT, f.innerWidthPt - labelW);
    f.y -= 15;
  }
  f.y -= 8;
}

function drawChart(f: Flow, c: BarChart): void {
  const barH = 9;
  const rowH = c.series.length * barH + 8;
  const head = 34;
  f.need(head + Math.max(1, Math.min(c.rows.length, 4)) * rowH + 16);
  f.text(c.title, MARGIN_PT, f.y - 12, 12, TEXT, f.innerWidthPt);
  // legend
  let lx = MARGIN_PT;
  for (const [i, name] of c.series.entries()) {
    f.page.drawRectangle({ x: lx, y: f.y - 27, width: 8, height: 8, color: SERIES_RGB[i % 2]! });
    f.text(name, lx + 11, f.y - 26, 8, MUTED);
    lx += 11 + f.textWidth(name, 8) + 14;
  }
  f.y -= head;
  if (c.rows.length === 0) {
    f.text(c.empty, MARGIN_PT, f.y - 10, 9, MUTED);
    f.y -= 24;
    return;
  }
  const labelW = Math.min(150, f.innerWidthPt * 0.3);
  const valueW = 40;
  const x0 = MARGIN_PT + labelW + 6;
  const barW = f.innerWidthPt - labelW - 6 - valueW;
  const axisMax = c.axisMax > 0 ? c.axisMax : 1;
  for (const r of c.rows) {
    f.need(rowH);
    const top = f.y;
    f.text(r.label, MARGIN_PT, top - (rowH - 8) / 2 - 3, 8.5, TEXT, labelW);
    for (const [i, v] of r.values.entries()) {
      const w = Math.max(0, Math.min(1, v / axisMax)) * barW;
      const yb = top - (i + 1) * barH;
      f.page.drawRectangle({
        x: x0,
        y: yb + 1,
        width: Math.max(w, 0.5),
        height: barH - 2,
        color: SERIES_RGB[i % 2]!,
      });
      f.text(r.texts[i] ?? '', x0 + w + 3, yb + 2, 7.5, TEXT);
    }
    f.page.drawLine({
      start: { x: x0, y: top },
      end: { x: x0, y: top - rowH + 6 },
      thickness: 0.5,
      color: LINE,
    });
    f.y -= rowH;
  }
  f.y -= 12;
}

function drawCalendar(f: Flow, c: ReportCalendar): void {
  const perRow = 3;
  const gap = 14;
  const monthW = (f.innerWidthPt - gap * (perRow - 1)) / perRow;
  const cellW = monthW / 7;
  const cellH = 17;
  f.need(40 + (c.months.length > 0 ? 18 + 13 + 6 * cellH : 14));
  f.text(c.title, MARGIN_PT, f.y - 12, 12, TEXT, f.innerWidthPt);
  f.y -= 22;
  if (c.months.length === 0) {
    f.text(c.empty, MARGIN_PT, f.y - 10, 9, MUTED);
    f.y -= 24;
    return;
  }
  for (let i = 0; i < c.months.length; i += perRow) {
    const row = c.months.slice(i, i + perRow);
    const weeks = Math.max(...row.map((m) => Math.ceil((m.firstWeekday + m.daysInMonth) / 7)));
    const h = 16 + 12 + weeks * cellH + 10;
    f.need(h);
    for (const [j, m] of row.entries()) {
      const x = MARGIN_PT + j * (monthW + gap);
      let y = f.y;
      f.text(m.label, x, y - 11, 10, TEXT, monthW);
      y -= 16;
      for (const [d, name] of c.weekdays.entries())
        f.text(name, x + d * cellW + 2, y - 8, 7, MUTED, cellW - 3);
      y -= 12;
      const studied = new Map(m.study.map((s) => [s.day, s.text]));
      for (let day = 1; day <= m.daysInMonth; day++) {
        const k = m.firstWeekday + day - 1;
        const cx = x + (k % 7) * cellW;
        const cy = y - Math.floor(k / 7) * cellH;
        const text = studied.get(day);
        f.page.drawRectangle({
          x: cx,
          y: cy - cellH,
          width: cellW,
          height: cellH,
          borderColor: LINE,
          borderWidth: 0.4,
          ...(text !== undefined ? { color: STUDY } : {}),
        });
        f.text(String(day), cx + 1.5, cy - 6.5, 5.5, MUTED);
        if (text !== undefined) f.text(text, cx + 1.5, cy - cellH + 2.5, 6.5, TEXT, cellW - 2);
      }
    }
    f.y -= h;
  }
  f.y -= 6;
}

/** A number of a content stream: one decimal, no trailing zero. */
const num = (v: number): string => {
  const r = Math.round(v * 10) / 10;
  return Number.isInteger(r) ? String(r) : r.toFixed(1);
};

/** Ink coordinates are written as whole numbers of this fraction of a page point. */
const INK_UNITS_PER_PT = 4;

/** ASCII bytes written into a growing buffer: a content stream without a string per number. */
class AsciiWriter {
  private bytes = new Uint8Array(1 << 14);
  private at = 0;

  private room(n: number): void {
    if (this.at + n <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.at + n));
    grown.set(this.bytes.subarray(0, this.at));
    this.bytes = grown;
  }

  text(s: string): this {
    this.room(s.length);
    for (let i = 0; i < s.length; i++) this.bytes[this.at++] = s.charCodeAt(i);
    return this;
  }

  /** A whole number and a space. */
  int(n: number): this {
    this.room(12);
    let v = n;
    if (v < 0) {
      this.bytes[this.at++] = 45; // '-'
      v = -v;
    }
    const start = this.at;
    do {
      this.bytes[this.at++] = 48 + (v % 10);
      v = Math.floor(v / 10);
    } while (v > 0);
    this.bytes.subarray(start, this.at).reverse();
    this.bytes[this.at++] = 32;
    return this;
  }

  done(): Uint8Array {
    return this.bytes.slice(0, this.at);
  }
}

/**
 * The ink of a thumbnail as a content stream: in a graphics state of its own, the page's points
 * (y down) mapped onto the thumbnail at (`x`, `top`) by `scale`, each stroke a polyline of whole
 * quarter points of the page (a twentieth of a point on a thumbnail; points closer than
 * {@link INK_STEP_PT} on the thumbnail dropped, a lone dot a zero-length segment drawn by the
 * round cap). Written as bytes, not as pdf-lib operator objects or strings: a class's thumbnails
 * hold about a million points.
 */
export function inkContent(t: Thumbnail, scale: number, x: number, top: number): Uint8Array {
  const unit = scale / INK_UNITS_PER_PT;
  const out = new AsciiWriter()
    .text(`q\n${unit.toFixed(6)} 0 0 ${(-unit).toFixed(6)} ${num(x)} ${num(top)} cm\n`)
    .text(`${INK_RGB.join(' ')} RG\n${num(INK_WIDTH_PT / unit)} w 1 J 1 j\n`);
  const step = (INK_STEP_PT / scale) * INK_UNITS_PER_PT;
  for (const xy of t.strokes) {
    if (xy.length < 2) continue;
    let lx = Math.round(xy[0]! * INK_UNITS_PER_PT);
    let ly = Math.round(xy[1]! * INK_UNITS_PER_PT);
    out.int(lx).int(ly).text('m\n');
    let drawn = 0;
    for (let i = 2; i < xy.length; i += 2) {
      const px = Math.round(xy[i]! * INK_UNITS_PER_PT);
      const py = Math.round(xy[i + 1]! * INK_UNITS_PER_PT);
      const last = i + 2 >= xy.length;
      if (!last && Math.abs(px - lx) < step && Math.abs(py - ly) < step) continue;
      out.int(px).int(py).text('l\n');
      lx = px;
      ly = py;
      drawn++;
    }
    if (drawn === 0) out.int(lx).int(ly).text('l\n');
    out.text('S\n');
  }
  return out.text('Q').done();
}

function drawThumbnails(
  f: Flow,
  s: PupilSheet,
  background: (pdfPage: number) => PDFEmbeddedPage | undefined,
  streams: NativeStreams,
): void {
  const th = s.thumbnails;
  f.newPage();
  f.text(th.title, MARGIN_PT, f.y - 12, 12, TEXT, f.innerWidthPt);
  f.text(s.name, MARGIN_PT + f.textWidth(th.title, 12) + 10, f.y - 12, 10, MUTED);
  f.y -= 24;
  if (th.pages.length === 0) {
    f.text(th.empty, MARGIN_PT, f.y - 10, 9, MUTED);
    f.y -= 24;
    return;
  }
  const w = (f.innerWidthPt - THUMB_GAP_PT * (THUMB_COLUMNS - 1)) / THUMB_COLUMNS;
  const sizeOf = (t: Thumbnail) => {
    const bg = t.pdfPage === undefined ? undefined : background(t.pdfPage);
    return bg
      ? { widthPt: bg.width, heightPt: bg.height, bg }
      : { widthPt: t.widthPt, heightPt: t.heightPt, bg };
  };
  const aspect = Math.max(...th.pages.map((p) => sizeOf(p).heightPt / sizeOf(p).widthPt));
  const boxH = w * aspect;
  for (let i = 0; i < th.pages.length; i += THUMB_COLUMNS) {
    f.need(boxH + 16);
    for (const [j, t] of th.pages.slice(i, i + THUMB_COLUMNS).entries()) {
      const { widthPt, heightPt, bg } = sizeOf(t);
      const scale = Math.min(w / widthPt, boxH / heightPt);
      const x = MARGIN_PT + j * (w + THUMB_GAP_PT);
      const top = f.y;
      const pw = widthPt * scale;
      const ph = heightPt * scale;
      f.page.drawRectangle({ x, y: top - ph, width: pw, height: ph, color: rgb(1, 1, 1) });
      if (bg) f.page.drawPage(bg, { x, y: top - ph, xScale: pw / bg.width, yScale: ph / bg.height });
      // the ink: a stream of its own after the page's (which holds the textbook page and frame)
      f.page.node.addContentStream(streams.place(inkContent(t, scale, x, top)));
      f.page.drawRectangle({ x, y: top - ph, width: pw, height: ph, borderColor: LINE, borderWidth: 0.6 });
      f.text(t.label, x, top - ph - 10, 8, MUTED, w);
    }
    f.y -= boxH + 16;
  }
  if (th.more) f.text(th.more, MARGIN_PT, f.y - 10, 8.5, MUTED, f.innerWidthPt);
}

/**
 * A report PDF made pupil by pupil (the report worker draws each sheet as soon as the page has
 * read it): {@link ReportDocument.open}, {@link ReportDocument.add} each sheet in order, then
 * {@link ReportDocument.save}. Each textbook page is embedded once, when a thumbnail first needs
 * it, and reused by every pupil's thumbnail of it.
 */
export class ReportDocument {
  private readonly type = new Typesetter();
  private readonly embedded = new Map<number, PDFEmbeddedPage | undefined>();
  private source: Promise<PDFDocumentType> | undefined;

  private constructor(
    private readonly doc: PDFDocumentType,
    private readonly head: ReportHead,
    private readonly fonts: Fonts,
    private readonly streams: NativeStreams,
  ) {}

  static async open(head: ReportHead, deps: Pick<ReportPdfDeps, 'fontBytes'>): Promise<ReportDocument> {
    const doc = await PDFDocument.create();
    doc.registerFontkit(fontkit);
    doc.setLanguage(head.language);
    doc.setCreator('dotink classroom');
    doc.setProducer('dotink classroom (pdf-lib)');
    const streams = new NativeStreams(doc.context);
    return new ReportDocument(
      doc,
      head,
      new Fonts(doc, FONT_ORDER[head.language], deps.fontBytes, streams),
      streams,
    );
  }

  /** The textbook's pages the sheet's thumbnails show, embedded (those the PDF has). */
  private async background(sheet: PupilSheet): Promise<(pdfPage: number) => PDFEmbeddedPage | undefined> {
    const wanted = [
      ...new Set(sheet.thumbnails.pages.flatMap((p) => (p.pdfPage === undefined ? [] : [p.pdfPage]))),
    ].filter((n) => !this.embedded.has(n));
    const bytes = this.head.textbookPdf;
    if (bytes && wanted.length > 0) {
      this.source ??= PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false }).catch(
        (error: unknown) => {
          throw new ReportFailure('textbook', error instanceof Error ? error.message : String(error));
        },
      );
      const source = await this.source;
      const inRange = wanted.filter((n) => n < source.getPageCount()).sort((a, b) => a - b);
      const pages = await this.doc.embedPdf(source, inRange);
      for (const [i, n] of inRange.entries()) this.embedded.set(n, pages[i]);
    }
    return (n) => this.embedded.get(n);
  }

  /** Draws the next pupil's sheet (a page or two). */
  async add(sheet: PupilSheet): Promise<void> {
    const pick = await this.fonts.prepare(sheetTexts(sheet));
    const background = await this.background(sheet);
    const { widthPt, heightPt } = PAPER_PT[this.head.paper];
    const f = new Flow(this.doc, widthPt, heightPt, pick, this.type);
    drawHeader(f, sheet);
    for (const c of sheet.charts) drawChart(f, c);
    drawCalendar(f, sheet.calendar);
    drawThumbnails(f, sheet, background, this.streams);
    await this.streams.flush();
  }

  /** The PDF's bytes, with its title (see {@link reportTitle}). */
  async save(title: string): Promise<Uint8Array> {
    this.doc.setTitle(title);
    await this.streams.finish();
    return this.doc.save({ useObjectStreams: true });
  }
}

/** The report's PDF bytes, all its sheets at once. */
export async function reportPdf(job: ReportJob, deps: ReportPdfDeps): Promise<Uint8Array> {
  const report = await ReportDocument.open(
    { paper: job.paper, language: job.language, textbookPdf: job.textbookPdf },
    deps,
  );
  for (const [i, sheet] of job.sheets.entries()) {
    if (deps.cancelled?.()) throw new DOMException('cancelled', 'AbortError');
    await report.add(sheet);
    deps.onProgress?.(i + 1, job.sheets.length);
  }
  return report.save(reportTitle(job.sheets));
}
