/**
 * Composing one printed page: the document content as a CMY-only image, the Ncode dots as a
 * pure-K 1-bit image mask at exactly 600 dpi, and optional outline and calibration crosses.
 *
 * Page = the real paper on the 600-dpi grid ({@link printedPageSize}). Drawing order:
 * 1. the content raster (caller-rendered, ~300 dpi RGBA) converted per pixel by the no-toner rule
 *    and written as a `/DeviceCMYK` image with K = 0, deflated, scaled to fit and centred;
 * 2. the page outline (off by default) and the calibration crosses, vector, in CMY colours;
 * 3. the dots: an `/ImageMask` of the whole page (1 sample = 1 px600, `/Decode [1 0]`), placed
 *    at the page origin with size `pixels × 0.12 pt`, painted with `0 g` (DeviceGray black:
 *    the K plate only on a CMYK path, and RGB 0 0 0 — printed with K — on an RGB path, where CMYK
 *    `0 0 0 1 k` would become a composite grey the pen cannot read).
 * Vectors come before the dots so that they never knock dots out.
 */
import type { PageAddress, PaperName } from '@dotink/ncode';
import type { CodePage } from './codeFile';
import { DEFAULT_LUMINANCE_RATIO, rgbaToNoTonerCmykInPlace } from './colour';
import { type Deflater, defaultDeflater } from './deflate';
import { encodeJpeg } from './jpeg';
import { type ContentPlacement, placeContent } from './layout';
import { chooseLandscape, type Orientation, type PrintedPageSize, printedPageSize } from './paper';
import { DEFAULT_DENSITY, type NcodeDensity, renderPattern } from './pattern';
import { ascii, pdfNumber } from './pdfSyntax';
import type { PdfImage, PreparedPage } from './pdfWriter';

/**
 * The three print dialog paper choices: (a) plain paper with the pattern, (b) pre-printed Ncode
 * A4 paper (content only, crosses for page-order registration), (c) a PDF saved for reprinting
 * (as (a)).
 */
export type PaperChoice = 'plainPaper' | 'ncodeA4' | 'savePdf';

/** What the user must do with a PDF saved for reprinting (board spec §1, verbatim). */
export const REPRINT_INSTRUCTION = 'A reprint PDF must be printed at original size with no scaling.';

/** True when the choice prints the Ncode pattern (and so needs code pages). */
export function choicePrintsPattern(choice: PaperChoice): boolean {
  return choice !== 'ncodeA4';
}

/** A rendered document page (pdf.js in the browser). */
export interface ContentRaster {
  /** RGBA, rows top-down, `widthPx × heightPx × 4` bytes. **Overwritten** with CMYK bytes. */
  readonly rgba: Uint8Array | Uint8ClampedArray;
  readonly widthPx: number;
  readonly heightPx: number;
  /** Size of the document page the raster shows (rotation applied), in pt. */
  readonly pageWidthPt: number;
  readonly pageHeightPt: number;
}

/** Print settings shared by every page of a job. */
export interface PrintSettings {
  readonly paperChoice: PaperChoice;
  /** Ignored for `ncodeA4` (always A4). Default A4. */
  readonly paperSize?: PaperName;
  /** Default `normal`. */
  readonly density?: NcodeDensity;
  /** Page outline around the document page. Default off. */
  readonly outline?: boolean;
  /** Calibration crosses. Default: on for `ncodeA4`, off otherwise. */
  readonly crosses?: boolean;
  /** Default `auto` (landscape content → landscape page). */
  readonly orientation?: Orientation;
  /** Blank margin kept around the document page, in mm. Default 0. */
  readonly marginMm?: number;
  /** Luminance ratio of the colour rule. Default 0.6 (engine.md §9). */
  readonly luminanceRatio?: number;
  /**
   * How the content image is compressed: `auto` (default) uses DCT (JPEG) for continuous-tone
   * pages (photos, scans) and lossless Flate for the rest (text, drawings, white pages).
   */
  readonly contentCompression?: 'auto' | 'lossless' | 'dct';
  /** JPEG quality of DCT content, 1–100. Default {@link DEFAULT_JPEG_QUALITY}. */
  readonly jpegQuality?: number;
}

/** JPEG quality of DCT-compressed content. */
export const DEFAULT_JPEG_QUALITY = 80;

/**
 * Encodes the C, M, Y channels of a CMYK raster (4 bytes a pixel) as a 3-component JPEG. The
 * default is the package's own encoder; a browser worker may pass a native one.
 */
export type ContentJpegEncoder = (
  cmyk: Uint8Array,
  widthPx: number,
  heightPx: number,
  quality: number,
) => Promise<Uint8Array>;

/** The package's pure JavaScript encoder. */
export const pureJpegEncoder: ContentJpegEncoder = (cmyk, width, height, quality) =>
  Promise.resolve(encodeJpeg({ data: cmyk, width, height, bytesPerPixel: 4, channels: [0, 1, 2], quality }));

/** Share of sampled pixels that differ from their left neighbour above which a page is continuous tone. */
const CONTINUOUS_TONE_SHARE = 0.3;

/**
 * True when a CMYK raster looks like a photo or scan: on every 8th row, most pixels differ from
 * their left neighbour. Text, line art and flat colour have long runs of equal pixels.
 */
export function isContinuousTone(cmyk: Uint8Array, widthPx: number, heightPx: number): boolean {
  if (widthPx < 2 || heightPx < 1 || cmyk.byteOffset % 4 !== 0) return false;
  const words = new Uint32Array(cmyk.buffer, cmyk.byteOffset, widthPx * heightPx);
  let changed = 0;
  let sampled = 0;
  for (let y = 0; y < heightPx; y += 8) {
    const row = y * widthPx;
    for (let x = 1; x < widthPx; x++) if (words[row + x] !== words[row + x - 1]) changed++;
    sampled += widthPx - 1;
  }
  return changed > sampled * CONTINUOUS_TONE_SHARE;
}

/** White rows kept each side of the inked rows when a lossless content image is cut to them. */
export const CUT_MARGIN_ROWS = 8;

/**
 * The rows of a CMYK raster to keep in a lossless content image: from the first to the last row
 * holding ink, widened by `margin` white rows each side (so that the image's edges are white
 * whatever a renderer does there), as `[first, end)`; `[0, 1)` when no pixel holds ink. The rows
 * left out are white (C = M = Y = K = 0) and the content is drawn before anything else, so the
 * cut image prints the same while a text page deflates a fraction of its 35 MB.
 */
export function inkedRows(
  cmyk: Uint8Array,
  widthPx: number,
  heightPx: number,
  margin = CUT_MARGIN_ROWS,
): { readonly first: number; readonly end: number } {
  const rowInked =
    cmyk.byteOffset % 4 === 0
      ? (() => {
          const words = new Uint32Array(cmyk.buffer, cmyk.byteOffset, widthPx * heightPx);
          return (y: number) => {
            for (let i = y * widthPx, e = i + widthPx; i < e; i++) if (words[i] !== 0) return true;
            return false;
          };
        })()
      : (y: number) => {
          for (let i = y * widthPx * 4, e = i + widthPx * 4; i < e; i++) if (cmyk[i] !== 0) return true;
          return false;
        };
  let first = 0;
  while (first < heightPx && !rowInked(first)) first++;
  if (first === heightPx) return { first: 0, end: Math.min(1, heightPx) };
  let last = heightPx - 1;
  while (last > first && !rowInked(last)) last--;
  return { first: Math.max(0, first - margin), end: Math.min(heightPx, last + 1 + margin) };
}

/** The tint transform of the content's `[/DeviceN [/Cyan /Magenta /Yellow] /DeviceCMYK f]`: c m y → c m y 0. */
const CMY_TO_CMYK = {
  dict: '/FunctionType 4 /Domain [0 1 0 1 0 1] /Range [0 1 0 1 0 1 0 1]',
  data: ascii('{ 0 }'),
};

/** One page to compose. */
export interface PageComposeInput {
  /** The rendered document page; absent for a blank page (pattern only). */
  readonly content?: ContentRaster;
  /** The document page size when there is no raster (default: the paper). */
  readonly pageSizePt?: { readonly widthPt: number; readonly heightPt: number };
  /** The code page to print (needed unless the choice is `ncodeA4`). */
  readonly code?: CodePage;
  /** The address of `code`, for messages. */
  readonly address?: PageAddress;
}

/** A composed page: the PDF objects plus where things went. */
export interface ComposedPage {
  readonly prepared: PreparedPage;
  readonly size: PrintedPageSize;
  readonly placement: ContentPlacement;
}

/** Outline colour: the no-toner rendering of mid grey, as CMYK 0–1. */
const OUTLINE_CMYK = '0.4 0.4 0 0';
/** Cross colour: pure red (M + Y), as the reference draws it. */
const CROSS_CMYK = '0 1 1 0';

const MM_TO_PT = 72 / 25.4;

/** The page size a document page will print on. */
export function pageSizeFor(
  settings: PrintSettings,
  contentWidthPt?: number,
  contentHeightPt?: number,
): PrintedPageSize {
  const paper = settings.paperChoice === 'ncodeA4' ? 'A4' : (settings.paperSize ?? 'A4');
  return printedPageSize(
    paper,
    chooseLandscape(settings.orientation ?? 'auto', contentWidthPt, contentHeightPt),
  );
}

/** A page's dot mask, deflated: the data of its `/Dots` image. */
export interface DotsImage {
  readonly widthPx: number;
  readonly heightPx: number;
  readonly data: Uint8Array;
}

/** The cache key of a dot mask: code page, mask size and density decide every bit of it. */
export function dotsCacheKey(
  address: PageAddress,
  widthPx: number,
  heightPx: number,
  density: NcodeDensity,
): string {
  return `${address.section}.${address.owner}.${address.book}.${address.page} ${widthPx}x${heightPx} ${density}`;
}

/**
 * Deflated dot masks kept across pages and jobs (a print worker keeps one): a code page printed
 * again — a reprint of the same material or board keeps its codes — skips reading the code page,
 * drawing the mask and deflating it. Least recently used entries go first; a failed entry is
 * dropped. An A4 entry is ~170–250 kB.
 */
export class DotsCache {
  private readonly entries = new Map<string, Promise<DotsImage>>();

  constructor(readonly limit = 32) {}

  /** The entry for `key` (now the most recently used), if any. */
  get(key: string): Promise<DotsImage> | undefined {
    const value = this.entries.get(key);
    if (value) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  /** Keeps `value` under `key`, dropping the least recently used entries beyond the limit. */
  set(key: string, value: Promise<DotsImage>): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    value.catch(() => {
      if (this.entries.get(key) === value) this.entries.delete(key);
    });
    while (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value!);
  }

  /** True when some entry is for the code page `address` (any size) at `density`. */
  hasCodePage(address: PageAddress, density: NcodeDensity): boolean {
    const prefix = `${address.section}.${address.owner}.${address.book}.${address.page} `;
    const suffix = ` ${density}`;
    for (const key of this.entries.keys()) if (key.startsWith(prefix) && key.endsWith(suffix)) return true;
    return false;
  }

  /** Entries kept. */
  get size(): number {
    return this.entries.size;
  }
}

/**
 * Composes one page. With `dotsCache`, the page's deflated dot mask is taken from it when there
 * (then `input.code` may be absent) and kept in it otherwise (needs `input.address`). Throws when the choice prints the pattern and `code` is missing, or the
 * raster's byte length does not match its size.
 */
export async function composePage(
  input: PageComposeInput,
  settings: PrintSettings,
  deflate: Deflater = defaultDeflater(),
  jpeg: ContentJpegEncoder = pureJpegEncoder,
  dotsCache?: DotsCache,
): Promise<ComposedPage> {
  const docW = input.content?.pageWidthPt ?? input.pageSizePt?.widthPt;
  const docH = input.content?.pageHeightPt ?? input.pageSizePt?.heightPt;
  const size = pageSizeFor(settings, docW, docH);
  const placement = placeContent(
    size,
    docW ?? size.widthPt,
    docH ?? size.heightPt,
    (settings.marginMm ?? 0) * MM_TO_PT,
  );
  const pattern = choicePrintsPattern(settings.paperChoice);
  const density = settings.density ?? DEFAULT_DENSITY;
  const dotsKey =
    pattern && dotsCache && input.address
      ? dotsCacheKey(input.address, size.widthPx, size.heightPx, density)
      : undefined;
  let dots = dotsKey ? dotsCache!.get(dotsKey) : undefined;
  if (pattern && !dots && !input.code)
    throw new Error('composePage: this paper choice prints the Ncode pattern but no code page was given');

  const ops: string[] = [];
  const jobs: Promise<PdfImage>[] = [];
  const yUp = (topPt: number, heightPt: number) => size.heightPt - topPt - heightPt;

  if (input.content) {
    const c = input.content;
    if (c.rgba.length !== c.widthPx * c.heightPx * 4) {
      throw new RangeError(
        `content raster: expected ${c.widthPx * c.heightPx * 4} RGBA bytes, got ${c.rgba.length}`,
      );
    }
    rgbaToNoTonerCmykInPlace(c.rgba, settings.luminanceRatio ?? DEFAULT_LUMINANCE_RATIO);
    const bytes =
      c.rgba instanceof Uint8Array ? c.rgba : new Uint8Array(c.rgba.buffer, c.rgba.byteOffset, c.rgba.length);
    const mode = settings.contentCompression ?? 'auto';
    const dct = mode === 'dct' || (mode === 'auto' && isContinuousTone(bytes, c.widthPx, c.heightPx));
    // a lossless image keeps only its inked rows (JPEG keeps them all: its blocks stay where they are)
    const rows = dct ? { first: 0, end: c.heightPx } : inkedRows(bytes, c.widthPx, c.heightPx);
    const imageHeightPx = rows.end - rows.first;
    jobs.push(
      dct
        ? // C, M, Y as a YCbCr JPEG; the DeviceN of the three process colours keeps K at 0
          jpeg(bytes, c.widthPx, c.heightPx, settings.jpegQuality ?? DEFAULT_JPEG_QUALITY).then((data) => ({
            name: 'Content',
            dict: `/Type /XObject /Subtype /Image /Width ${c.widthPx} /Height ${c.heightPx} /ColorSpace [/DeviceN [/Cyan /Magenta /Yellow] /DeviceCMYK @extra] /BitsPerComponent 8 /Filter /DCTDecode /DecodeParms << /ColorTransform 1 >>`,
            data,
            extra: CMY_TO_CMYK,
          }))
        : deflate(bytes.subarray(rows.first * c.widthPx * 4, rows.end * c.widthPx * 4), 'content').then(
            (data) => ({
              name: 'Content',
              dict: `/Type /XObject /Subtype /Image /Width ${c.widthPx} /Height ${imageHeightPx} /ColorSpace /DeviceCMYK /BitsPerComponent 8 /Filter /FlateDecode`,
              data,
            }),
          ),
    );
    const p = placement;
    const rowPt = p.heightPt / c.heightPx;
    const topPt = p.topPt + rows.first * rowPt;
    const heightPt = imageHeightPx * rowPt;
    ops.push(
      `q ${pdfNumber(p.widthPt)} 0 0 ${pdfNumber(heightPt)} ${pdfNumber(p.leftPt)} ${pdfNumber(yUp(topPt, heightPt))} cm /Content Do Q`,
    );
  }

  if (settings.outline) {
    const p = placement;
    ops.push(
      `q ${OUTLINE_CMYK} K 0.5 w ${pdfNumber(p.leftPt)} ${pdfNumber(yUp(p.topPt, p.heightPt))} ${pdfNumber(p.widthPt)} ${pdfNumber(p.heightPt)} re S Q`,
    );
  }

  if (settings.crosses ?? settings.paperChoice === 'ncodeA4') ops.push(crossOps(placement, size));

  if (pattern) {
    if (!dots) {
      const mask = renderPattern(input.code!, size.widthPx, size.heightPx, density);
      dots = deflate(mask.bits, 'dots').then((data) => ({
        widthPx: mask.widthPx,
        heightPx: mask.heightPx,
        data,
      }));
      if (dotsKey) dotsCache!.set(dotsKey, dots);
    }
    jobs.push(
      dots.then((d) => ({
        name: 'Dots',
        dict: `/Type /XObject /Subtype /Image /Width ${d.widthPx} /Height ${d.heightPx} /ImageMask true /BitsPerComponent 1 /Decode [1 0] /Filter /FlateDecode`,
        data: d.data,
      })),
    );
    ops.push(`q 0 g ${pdfNumber(size.widthPt)} 0 0 ${pdfNumber(size.heightPt)} 0 0 cm /Dots Do Q`);
  }

  const images = await Promise.all(jobs);
  const prepared: PreparedPage = {
    widthPt: size.widthPt,
    heightPt: size.heightPt,
    images,
    content: ascii(`${ops.join('\n')}\n`),
  };
  return { prepared, size, placement };
}

/**
 * The two calibration crosses (fact sheet §5.4) as vector strokes: centred at 10 % and 90 % of
 * the document page, arms `min(5 % of the page width, 24 pt)` each side (the reference's
 * `min(0.05·raster width, 100 px)` at 300 dpi), line 1.2 pt (5 px at 300 dpi), both scaled with
 * the page.
 */
export function crossOps(p: ContentPlacement, size: Pick<PrintedPageSize, 'heightPt'>): string {
  const docW = p.widthPt / p.scale;
  const arm = Math.min(0.05 * docW, 24) * p.scale;
  const lw = 1.2 * p.scale;
  const out: string[] = [`q ${CROSS_CMYK} K ${pdfNumber(lw)} w 0 J`];
  for (const f of [0.1, 0.9]) {
    const cx = p.leftPt + f * p.widthPt;
    const cy = size.heightPt - (p.topPt + f * p.heightPt);
    out.push(
      `${pdfNumber(cx - arm)} ${pdfNumber(cy)} m ${pdfNumber(cx + arm)} ${pdfNumber(cy)} l`,
      `${pdfNumber(cx)} ${pdfNumber(cy - arm)} m ${pdfNumber(cx)} ${pdfNumber(cy + arm)} l`,
    );
  }
  out.push('S Q');
  return out.join('\n');
}
