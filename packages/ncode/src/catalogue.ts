/**
 * The NeoLAB paper catalogue (`nbs.json.gz`, fact sheet §2) as a typed, frozen index keyed by
 * book id `"s.o.b"`.
 *
 * The caller reads and gunzips the file (the product from its configured vendor-data directory)
 * and passes the parsed JSON to {@link loadPaperCatalogue}. The loader never throws on entry
 * content: it keeps what it can use and lists every problem in `diagnostics`.
 *
 * Unknown books fall back to {@link DUMMY_PAPER} (engine spec §3: id 3.0.0, 65536 pages, A4).
 * Decision on its margins: the dummy spans exactly A4 from the code origin, (0, 0)–(210 mm,
 * 297 mm) = (0, 0)–(88.5827, 125.2812) nu, so its page is exactly 595.2756 × 841.8898 pt like
 * {@link PAPER_SIZES}.A4. GRIDA's default surface 3.27.0 uses the rounded (0, 0)–(88.56, 125.24)
 * nu; both start at the origin, so the page transform is the same pure scale 6.72 and a point
 * maps to the same pt either way — only the page box differs, by < 0.03 nu (0.06 mm).
 */
import { type BookAddress, type BookId, bookId, parseBookId } from './address';
import { type Homography, homographyFromMatrix, type Point2 } from './homography';
import { PAPER_SIZES, type SizePt } from './paperSizes';
import { convert, NU_TO_PT } from './units';

/** A rectangle of one page in Ncode units (the trimmed page's corners). */
export interface MarginNu {
  readonly xMinNu: number;
  readonly yMinNu: number;
  readonly xMaxNu: number;
  readonly yMaxNu: number;
}

/** A box in points: `x1, y1` top-left, `x2, y2` bottom-right. */
export interface BoxPt {
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
}

/** Page geometry kept for books whose pages differ (`pages[]` items; all values in pt). */
export interface CataloguePage {
  /** 1-based; -1 in a few books. */
  readonly pageNo: number;
  /** The crop margins `m_x1, m_y1, m_x2, m_y2` as `x1, y1, x2, y2`. */
  readonly marginPt: BoxPt;
  readonly sizeWithCropMarkPt: BoxPt;
}

/** One paper (book) of the catalogue. Optional fields are absent when the catalogue lacks them. */
export interface PaperEntry {
  readonly id: BookId;
  readonly section: number;
  readonly owner: number;
  readonly book: number;
  readonly title?: string;
  /** Xmin, Ymin, Xmax, Ymax of the catalogue. */
  readonly margin: MarginNu;
  readonly pdfName?: string;
  readonly nprojFile?: string;
  readonly pdfPageCount?: number;
  readonly ncodeStartPage?: number;
  readonly ncodeEndPage?: number;
  readonly pages?: readonly CataloguePage[];
}

/** A problem with one catalogue entry. `error`: the entry was left out; `warning`: a field was. */
export interface CatalogueDiagnostic {
  readonly key: string;
  readonly severity: 'error' | 'warning';
  readonly message: string;
}

/** The loaded catalogue. */
export interface PaperCatalogue {
  /** The usable entries by book id (read-only; entries are frozen). */
  readonly entries: ReadonlyMap<BookId, PaperEntry>;
  /** The catalogue's `updated` value, when it is a string. */
  readonly updated?: string;
  /** Top-level keys of the JSON object (entries, `updated` and anything skipped). */
  readonly keyCount: number;
  readonly diagnostics: readonly CatalogueDiagnostic[];
}

/** The id of the dummy paper used for unknown books. */
export const DUMMY_PAPER_ID = '3.0.0' as BookId;
/** Pages of the dummy paper. */
export const DUMMY_PAPER_PAGES = 65536;

/** The paper of any unknown book: A4 from the code origin, 65536 pages (see the module doc). */
export const DUMMY_PAPER: PaperEntry = Object.freeze({
  id: DUMMY_PAPER_ID,
  section: 3,
  owner: 0,
  book: 0,
  title: 'A4 (dummy)',
  margin: Object.freeze({
    xMinNu: 0,
    yMinNu: 0,
    xMaxNu: convert(PAPER_SIZES.A4.widthMm, 'mm', 'nu'),
    yMaxNu: convert(PAPER_SIZES.A4.heightMm, 'mm', 'nu'),
  }),
  pdfPageCount: DUMMY_PAPER_PAGES,
  ncodeStartPage: 1,
  ncodeEndPage: DUMMY_PAPER_PAGES,
});

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isIndex = (v: unknown): v is number => isNum(v) && Number.isInteger(v) && v >= 0;

function readBox(v: unknown, names: readonly [string, string, string, string]): BoxPt | undefined {
  if (!isObject(v)) return undefined;
  const [a, b, c, d] = names.map((n) => v[n]);
  if (!isNum(a) || !isNum(b) || !isNum(c) || !isNum(d)) return undefined;
  return Object.freeze({ x1: a, y1: b, x2: c, y2: d });
}

function readPages(
  key: string,
  v: unknown,
  out: CatalogueDiagnostic[],
): readonly CataloguePage[] | undefined {
  if (!Array.isArray(v)) {
    out.push({ key, severity: 'warning', message: `${key}: "pages" is not a list; ignored` });
    return undefined;
  }
  const pages: CataloguePage[] = [];
  let bad = 0;
  for (const item of v) {
    const marginPt = isObject(item) ? readBox(item.margin_pt, ['m_x1', 'm_y1', 'm_x2', 'm_y2']) : undefined;
    const sizePt = isObject(item) ? readBox(item.sizeWithCropMark_pt, ['x1', 'y1', 'x2', 'y2']) : undefined;
    if (!isObject(item) || !Number.isInteger(item.pageNo) || !marginPt || !sizePt) {
      bad++;
      continue;
    }
    pages.push(Object.freeze({ pageNo: item.pageNo as number, marginPt, sizeWithCropMarkPt: sizePt }));
  }
  if (bad > 0) {
    out.push({ key, severity: 'warning', message: `${key}: ${bad} malformed "pages" item(s) ignored` });
  }
  return Object.freeze(pages);
}

const OPTIONAL_STRINGS = [
  ['title', 'title'],
  ['pdf_name', 'pdfName'],
  ['nproj_file', 'nprojFile'],
] as const;
const OPTIONAL_COUNTS = [
  ['pdf_page_count', 'pdfPageCount'],
  ['ncode_start_page', 'ncodeStartPage'],
  ['ncode_end_page', 'ncodeEndPage'],
] as const;

/** Reads one entry; returns `undefined` (with an error diagnostic) when it cannot be used. */
function readEntry(key: string, v: Json, out: CatalogueDiagnostic[]): PaperEntry | undefined {
  const fail = (why: string) => {
    out.push({ key, severity: 'error', message: `${key} invalid: ${why}; entry skipped` });
    return undefined;
  };
  const keyed = parseBookId(key);
  const fields = { section: v.section, owner: v.owner, book: v.book };
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined && !isIndex(value))
      return fail(`${name} is not a non-negative integer (${JSON.stringify(value)})`);
  }
  if (!keyed && (fields.section === undefined || fields.owner === undefined || fields.book === undefined)) {
    return fail('key is not "section.owner.book" and the entry does not name its book');
  }
  const address = {
    section: (fields.section as number | undefined) ?? keyed!.section,
    owner: (fields.owner as number | undefined) ?? keyed!.owner,
    book: (fields.book as number | undefined) ?? keyed!.book,
  };
  const id = bookId(address);
  if (id !== key) return fail(`key does not match section.owner.book (${id})`);
  if (!isNum(v.Xmin) || !isNum(v.Ymin) || !isNum(v.Xmax) || !isNum(v.Ymax)) {
    const bad = ['Xmin', 'Ymin', 'Xmax', 'Ymax'].filter((n) => !isNum(v[n]));
    return fail(`${bad.join(', ')} missing or not a number`);
  }
  if (v.Xmax <= v.Xmin) return fail(`Xmax ≤ Xmin (${v.Xmax} ≤ ${v.Xmin})`);
  if (v.Ymax <= v.Ymin) return fail(`Ymax ≤ Ymin (${v.Ymax} ≤ ${v.Ymin})`);

  const entry: Record<string, unknown> = {
    id,
    ...address,
    margin: Object.freeze({ xMinNu: v.Xmin, yMinNu: v.Ymin, xMaxNu: v.Xmax, yMaxNu: v.Ymax }),
  };
  for (const [from, to] of OPTIONAL_STRINGS) {
    if (v[from] === undefined) continue;
    if (typeof v[from] === 'string') entry[to] = v[from];
    else out.push({ key, severity: 'warning', message: `${key}: ${from} is not a string; ignored` });
  }
  for (const [from, to] of OPTIONAL_COUNTS) {
    if (v[from] === undefined) continue;
    if (isIndex(v[from])) entry[to] = v[from];
    else
      out.push({
        key,
        severity: 'warning',
        message: `${key}: ${from} is not a non-negative integer; ignored`,
      });
  }
  if (v.pages !== undefined) {
    const pages = readPages(key, v.pages, out);
    if (pages) entry.pages = pages;
  }
  return Object.freeze(entry as unknown as PaperEntry);
}

/**
 * Builds the catalogue index from the parsed `nbs.json` (the JSON object whose keys are
 * `"s.o.b"`). Non-object values are skipped (`updated` is kept as {@link PaperCatalogue.updated});
 * an entry is left out, with an `error` diagnostic, when its key does not match its
 * section.owner.book, a book field or margin is missing or not numeric, or Xmax ≤ Xmin / Ymax ≤
 * Ymin (3.27.532). Missing optional fields are tolerated; ill-typed ones are dropped with a
 * `warning`. A non-object input gives an empty catalogue with one error.
 */
export function loadPaperCatalogue(json: unknown): PaperCatalogue {
  const diagnostics: CatalogueDiagnostic[] = [];
  const entries = new Map<BookId, PaperEntry>();
  let updated: string | undefined;
  let keyCount = 0;
  if (!isObject(json)) {
    diagnostics.push({ key: '', severity: 'error', message: 'the catalogue is not a JSON object' });
  } else {
    for (const [key, value] of Object.entries(json)) {
      keyCount++;
      if (key === 'updated' && typeof value === 'string') {
        updated = value;
        continue;
      }
      if (!isObject(value)) {
        diagnostics.push({ key, severity: 'warning', message: `${key}: not an object; skipped` });
        continue;
      }
      const entry = readEntry(key, value, diagnostics);
      if (entry) entries.set(entry.id, entry);
    }
  }
  const catalogue: PaperCatalogue = {
    entries,
    keyCount,
    diagnostics: Object.freeze(diagnostics.map((d) => Object.freeze(d))),
    ...(updated === undefined ? {} : { updated }),
  };
  return Object.freeze(catalogue);
}

function toBookId(book: BookAddress | string): BookId {
  return (typeof book === 'string' ? book : bookId(book)) as BookId;
}

/** The catalogue entry of a book, or `undefined` when the catalogue does not know it. */
export function findPaper(catalogue: PaperCatalogue, book: BookAddress | string): PaperEntry | undefined {
  return catalogue.entries.get(toBookId(book));
}

/** The catalogue entry of a book; an unknown book gives {@link DUMMY_PAPER}. */
export function lookupPaper(catalogue: PaperCatalogue, book: BookAddress | string): PaperEntry {
  return findPaper(catalogue, book) ?? DUMMY_PAPER;
}

/** True for the dummy paper that stands for unknown books. */
export function isDummyPaper(entry: PaperEntry): boolean {
  return entry.id === DUMMY_PAPER_ID;
}

/** The trimmed page size in pt: `(Xmax − Xmin)·6.72 × (Ymax − Ymin)·6.72`. */
export function paperPageSizePt(entry: PaperEntry): SizePt {
  const m = entry.margin;
  return { widthPt: (m.xMaxNu - m.xMinNu) * NU_TO_PT, heightPt: (m.yMaxNu - m.yMinNu) * NU_TO_PT };
}

/** The page transform nu → pt of a catalogue paper: a = e = 6.72, c = −6.72·Xmin, f = −6.72·Ymin. */
export function paperTransform(entry: PaperEntry): Homography {
  const m = entry.margin;
  return homographyFromMatrix([
    NU_TO_PT,
    0,
    -NU_TO_PT * m.xMinNu,
    0,
    NU_TO_PT,
    -NU_TO_PT * m.yMinNu,
    0,
    0,
    1,
  ]);
}

/** The corners of the trimmed page in nu: top-left, top-right, bottom-right, bottom-left. */
export function paperAreaNu(entry: PaperEntry): readonly [Point2, Point2, Point2, Point2] {
  const { xMinNu: x0, yMinNu: y0, xMaxNu: x1, yMaxNu: y1 } = entry.margin;
  return [
    { x: x0, y: y0 },
    { x: x1, y: y0 },
    { x: x1, y: y1 },
    { x: x0, y: y1 },
  ];
}

/** A book's code pages: `first … last` inclusive. */
export interface PaperPageRange {
  readonly first: number;
  readonly last: number;
  readonly count: number;
}

/**
 * The code pages of a book: `ncode_start_page … ncode_end_page` when both are given and in
 * order, else `1 … pdf_page_count` when that is given, else `undefined`.
 */
export function paperPageRange(entry: PaperEntry): PaperPageRange | undefined {
  const { ncodeStartPage: s, ncodeEndPage: e, pdfPageCount: n } = entry;
  if (s !== undefined && e !== undefined && e >= s) return { first: s, last: e, count: e - s + 1 };
  if (n !== undefined && n > 0) return { first: 1, last: n, count: n };
  return undefined;
}

/** The per-page geometry of a page of the book (`pages[]` item with that `pageNo`), if any. */
export function paperPageGeometry(entry: PaperEntry, pageNo: number): CataloguePage | undefined {
  return entry.pages?.find((p) => p.pageNo === pageNo);
}
