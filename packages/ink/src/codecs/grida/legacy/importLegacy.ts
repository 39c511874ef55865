/**
 * Import of GridaBoard's legacy `.grida` file (ncode-paper.md §8): one UTF-8 JSON text with the
 * board's PDF (`pdf.pdfInfo.rawData`), one Ncode page per board page (`pageInfos`, with
 * `basePageInfos`), strokes grouped per page id (`stroke`) and, when the board was printed or
 * registered, a `mapper` with per-page transforms.
 *
 * Two steps, because page sizes live in the PDF (which this pure package does not parse):
 * {@link parseLegacyGrida} reads the file; the caller measures the PDF's pages (pdf.js) and
 * {@link legacyToDocument} builds the board. Rules:
 * - board page i is PDF page i + 1 at `pageInfos[i]` (base code `basePageInfos[i]`);
 * - a page's transform nu → pt is the mapper's `h` for that page, else the `h_origin` of the
 *   first stroke on it, else the default surface (a pure 6.72 scale);
 * - each inner stroke array belongs to the page whose `pageInfos[i]`, then `basePageInfos[i]`,
 *   equals its first stroke's page; strokes on pages the board does not list get a new Ncode
 *   page each (nothing is lost); empty inner arrays are skipped;
 * - a stroke is placed by its own `h_origin`: when that differs from its page's transform the
 *   dots are re-expressed in the page's nu (pt = h_origin(dot), nu = page⁻¹(pt)); plate strokes
 *   use their cached `point` positions instead;
 * - `npageArea` may be an array or an object with keys "0"…"3"; `mapper` may be absent.
 */
import {
  applyHomography,
  composeHomography,
  type Homography,
  homographyToMatrix,
  invertHomography,
  NU_TO_PT,
  type PageAddress,
  type Point2,
  pageAddress,
  pageId,
  type Quad,
  type SizePt,
  samePage,
  scaleHomography,
} from '@dotink/ncode';
import { createStroke } from '../../../stroke';
import type { KeySource } from '../../../strokeKeys';
import type { DotColumns, Stroke } from '../../../types';
import { decodeUtf8 } from '../../utf8';
import { type GridaDocument, GridaFormatError, type GridaPage } from '../types';
import { type LegacyStroke, legacyHomography, readLegacyStroke } from './legacyStroke';
import { decodeRawData } from './rawData';

/** The default surface of GridaBoard: nu → pt by a pure 6.72 scale (ncode-paper.md §5.5). */
export const LEGACY_DEFAULT_TRANSFORM: Homography = scaleHomography(NU_TO_PT);

/** One page found in a legacy file. */
export interface LegacyPage {
  readonly address: PageAddress;
  readonly baseAddress: PageAddress | undefined;
  /** 1-based PDF page, or undefined for a page only strokes named (pen-written Ncode paper). */
  readonly pdfPageNo: number | undefined;
  readonly nuToPt: Homography;
  /** From the mapper, when it gives the page's corners. */
  readonly npageArea: Quad | undefined;
}

/** What {@link parseLegacyGrida} found. */
export interface LegacyGrida {
  /** The board's PDF, or undefined when the file has none. */
  readonly pdfBytes: Uint8Array | undefined;
  readonly pages: readonly LegacyPage[];
  /** Strokes per page, in file order; index = index in `pages`. */
  readonly strokesByPage: readonly (readonly LegacyStroke[])[];
  /** `gridaInfo.gridaDate`, when given. */
  readonly savedAt: string | undefined;
  /** Things skipped, for logs. */
  readonly notes: readonly string[];
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** True when the bytes look like a legacy file (JSON text, not our zip). */
export function looksLikeLegacyGrida(bytes: Uint8Array): boolean {
  let i = 0;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) i = 3;
  while (i < bytes.length && bytes[i]! <= 32) i++;
  return bytes[i] === 0x7b;
}

/** Reads a legacy file (bytes are decoded as UTF-8). Throws {@link GridaFormatError}. */
export function parseLegacyGrida(file: Uint8Array | string): LegacyGrida {
  let text = typeof file === 'string' ? file : decodeUtf8(file);
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new GridaFormatError('not JSON');
  }
  if (!isObject(json)) throw new GridaFormatError('not a JSON object');
  const pdf = isObject(json.pdf) ? json.pdf : undefined;
  const info = pdf && isObject(pdf.pdfInfo) ? pdf.pdfInfo : undefined;
  if (!info && !Array.isArray(json.stroke)) throw new GridaFormatError('no pdf info and no strokes');
  const notes: string[] = [];
  const pdfBytes = typeof info?.rawData === 'string' ? decodeRawData(info.rawData) : undefined;
  const pageInfos = readAddresses(info?.pageInfos);
  const baseInfos = readAddresses(info?.basePageInfos);
  const mapperParams = readMapperParams(json.mapper);

  const pages: LegacyPage[] = pageInfos.map((address, i) => {
    const base = baseInfos[i];
    const param = mapperParams.find(
      (p) => samePage(p.pageInfo, address) || (base !== undefined && samePage(p.pageInfo, base)),
    );
    return {
      address,
      baseAddress: base,
      pdfPageNo: i + 1,
      nuToPt: param?.h ?? LEGACY_DEFAULT_TRANSFORM,
      npageArea: param?.npageArea,
    };
  });
  const fromMapper = pages.map(
    (p) => p.npageArea !== undefined || mapperParams.some((m) => samePage(m.pageInfo, p.address)),
  );
  const strokesByPage: LegacyStroke[][] = pages.map(() => []);

  const groups = Array.isArray(json.stroke) ? json.stroke : [];
  groups.forEach((group, k) => {
    if (!Array.isArray(group) || group.length === 0) {
      notes.push(`stroke group ${k} is empty: skipped`);
      return;
    }
    const strokes = group.map(readLegacyStroke).filter((s): s is LegacyStroke => s !== undefined);
    if (strokes.length < group.length)
      notes.push(`stroke group ${k}: ${group.length - strokes.length} strokes without a page dropped`);
    if (strokes.length === 0) return;
    const id = strokes[0]!.page;
    let at = pages.findIndex((p) => samePage(p.address, id));
    if (at < 0) at = pages.findIndex((p) => p.baseAddress !== undefined && samePage(p.baseAddress, id));
    if (at < 0) {
      at = pages.length;
      pages.push({
        address: id,
        baseAddress: undefined,
        pdfPageNo: undefined,
        nuToPt: LEGACY_DEFAULT_TRANSFORM,
        npageArea: undefined,
      });
      fromMapper.push(false);
      strokesByPage.push([]);
      notes.push(`strokes on ${pageId(id)}: not a board page, added as an Ncode page`);
    }
    const page = pages[at]!;
    if (!fromMapper[at] && strokesByPage[at]!.length === 0 && strokes[0]!.hOrigin) {
      pages[at] = { ...page, nuToPt: strokes[0]!.hOrigin };
      fromMapper[at] = true;
    }
    strokesByPage[at]!.push(...strokes);
  });
  const savedAt =
    isObject(json.gridaInfo) && typeof json.gridaInfo.gridaDate === 'string'
      ? json.gridaInfo.gridaDate
      : undefined;
  return { pdfBytes, pages, strokesByPage, savedAt, notes };
}

/** What the caller adds to make a board of a legacy file. */
export interface LegacyBoardOptions {
  readonly board: GridaDocument['board'];
  /** The size of each PDF page (index = page number − 1), measured by the caller. */
  readonly pdfPageSizesPt: readonly SizePt[];
  /** Size of a page not in the PDF (a pen-written Ncode page), e.g. from the paper catalogue. */
  readonly ncodePageSizePt: (address: PageAddress) => SizePt;
  readonly pdfFileName: string;
  readonly pdfFingerprint: string;
  /** Keys for strokes whose legacy key is missing or repeated; and page ids. */
  readonly keys: KeySource;
}

/** The board of a parsed legacy file. */
export function legacyToDocument(legacy: LegacyGrida, options: LegacyBoardOptions): GridaDocument {
  const pdfId = 'pdf-1';
  const pages: GridaPage[] = legacy.pages.map((p, i) => ({
    id: `page-${i + 1}`,
    address: p.address,
    ...(p.baseAddress && !samePage(p.baseAddress, p.address) ? { baseAddress: p.baseAddress } : {}),
    source:
      p.pdfPageNo !== undefined && legacy.pdfBytes
        ? { kind: 'pdf', pdfId, pageNo: p.pdfPageNo }
        : { kind: 'ncode' },
    sizePt:
      (p.pdfPageNo !== undefined ? options.pdfPageSizesPt[p.pdfPageNo - 1] : undefined) ??
      options.ncodePageSizePt(p.address),
    nuToPt: p.nuToPt,
    rotation: 0,
    background: 'basic',
  }));
  const seen = new Set<string>();
  const strokes: Stroke[] = [];
  legacy.strokesByPage.forEach((list, i) => {
    const page = legacy.pages[i]!;
    for (const s of list) {
      const key = s.key && !seen.has(s.key) ? s.key : options.keys.nextKey();
      seen.add(key);
      const dots = placeDots(s, page.nuToPt);
      strokes.push(
        createStroke(
          {
            key,
            originalKey: s.key || key,
            page: page.address,
            mac: s.mac,
            inputType: 'pen',
            brushType: s.brushType,
            thickness: s.thickness,
            colorArgb: s.colorArgb,
            status: s.erased ? 'erased' : 'normal',
            startTimeMs: s.startTimeMs,
            multiPage: s.multiPage,
          },
          dots,
        ),
      );
    }
  });
  return {
    board: options.board,
    pdfs: legacy.pdfBytes
      ? [
          {
            id: pdfId,
            fileName: options.pdfFileName,
            fingerprint: options.pdfFingerprint,
            bytes: legacy.pdfBytes,
          },
        ]
      : [],
    pages,
    strokes,
  };
}

/** The stroke's dots in its page's nu (see the module rules). */
function placeDots(s: LegacyStroke, pageNuToPt: Homography): DotColumns {
  const d = s.dots;
  const toPageNu = invertHomography(pageNuToPt);
  if (s.isPlate && s.pointsPt) {
    const pts = s.pointsPt;
    return mapDots(d, (i) => applyHomography(toPageNu, { x: pts[i * 2]!, y: pts[i * 2 + 1]! }));
  }
  if (!s.hOrigin || sameTransform(s.hOrigin, pageNuToPt)) return d;
  const m = composeHomography(s.hOrigin, toPageNu);
  return mapDots(d, (i) => applyHomography(m, { x: d.xNu[i]!, y: d.yNu[i]! }));
}

function mapDots(d: DotColumns, at: (i: number) => Point2): DotColumns {
  const xNu = new Float32Array(d.count);
  const yNu = new Float32Array(d.count);
  for (let i = 0; i < d.count; i++) {
    const p = at(i);
    xNu[i] = p.x;
    yNu[i] = p.y;
  }
  return { ...d, xNu, yNu };
}

function sameTransform(a: Homography, b: Homography): boolean {
  const x = homographyToMatrix(a);
  const y = homographyToMatrix(b);
  return x.every((v, i) => Math.abs(v - y[i]!) <= 1e-9 * Math.max(1, Math.abs(v)));
}

function readAddresses(v: unknown): PageAddress[] {
  if (!Array.isArray(v)) return [];
  const out: PageAddress[] = [];
  for (const a of v) {
    if (!isObject(a)) continue;
    const parts = [a.section, a.owner, a.book, a.page];
    if (parts.every((p) => typeof p === 'number' && Number.isInteger(p))) {
      out.push(pageAddress(...(parts as [number, number, number, number])));
    }
  }
  return out;
}

interface MapperParam {
  readonly pageInfo: PageAddress;
  readonly h: Homography | undefined;
  readonly npageArea: Quad | undefined;
}

function readMapperParams(mapper: unknown): MapperParam[] {
  if (!isObject(mapper) || !Array.isArray(mapper.params)) return [];
  const out: MapperParam[] = [];
  for (const p of mapper.params) {
    if (!isObject(p)) continue;
    const [pageInfo] = readAddresses([p.pageInfo]);
    if (!pageInfo) continue;
    out.push({ pageInfo, h: legacyHomography(p.h), npageArea: readLegacyQuad(p.npageArea) });
  }
  return out;
}

/** A quad given as an array or as an object with keys "0" … "3" (§8.4 quirk). */
export function readLegacyQuad(v: unknown): Quad | undefined {
  const list = Array.isArray(v) ? v : isObject(v) ? [v['0'], v['1'], v['2'], v['3']] : undefined;
  if (list?.length !== 4) return undefined;
  const pts: Point2[] = [];
  for (const p of list) {
    if (!isObject(p) || typeof p.x !== 'number' || typeof p.y !== 'number') return undefined;
    pts.push({ x: p.x, y: p.y });
  }
  return pts as unknown as Quad;
}
