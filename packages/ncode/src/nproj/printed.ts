/**
 * Builds the project file of a PDF we print on Ncode pages (engine.md §7 "A generated project file
 * is written as XML (nproj version 2.31) for a printed PDF"; fact sheet §3.4): version 2.31 /
 * simple, the fixed preset and book values, one page item per PDF page with its page box, crop
 * margins and nu → pt homography, and symbols with fresh GUIDs.
 *
 * Pure: randomness for GUIDs comes in as a function (the app passes
 * `(n) => crypto.getRandomValues(new Uint8Array(n))`).
 */
import {
  NPROJ_BOOK_DEFAULTS,
  NPROJ_CATEGORY,
  NPROJ_DEFAULT_PRESET,
  NPROJ_LANGUAGES,
  NPROJ_RESOURCE_MAPPING_MODE,
  NPROJ_VERSION,
} from './defaults';
import type { NprojCropMargin, NprojDocument, NprojHomography, NprojSymbol } from './types';
import { writeNproj } from './write';

/** Returns `count` random bytes (each 0–255). */
export type RandomBytes = (count: number) => Uint8Array;

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** A new random (version 4) GUID in braces, lower case: `{xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx}`. */
export function newNprojGuid(randomBytes: RandomBytes): string {
  const b = randomBytes(16);
  if (b.length < 16) throw new Error('nproj: the random source gave fewer than 16 bytes');
  const bytes = Array.from(b.subarray(0, 16), (v) => v & 0xff);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const h = bytes.map((v) => HEX[v]!).join('');
  return `{${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}}`;
}

/** One printed PDF page. */
export interface PrintedNprojPage {
  readonly widthPt: number;
  readonly heightPt: number;
  /** Crop margins in pt (default 0 on all sides). */
  readonly cropMargin?: NprojCropMargin;
  /** The page's homography nu → pt, as computed at print time. */
  readonly homography: NprojHomography;
  /** 0, 90, 180 or 270 (default 0). */
  readonly rotateAngle?: number;
}

/** A symbol (e.g. a paper button) on a printed page. */
export interface PrintedNprojSymbol {
  /** 0-based PDF page index. */
  readonly page: number;
  readonly type?: 'Rectangle' | 'Ellipse';
  readonly xPt: number;
  readonly yPt: number;
  readonly widthPt: number;
  readonly heightPt: number;
  /** The command name (a PUI param such as `pen`). */
  readonly param: string;
  /** Default `Custom`. */
  readonly action?: string;
  readonly name?: string;
}

/** What a printed PDF's project file needs. */
export interface PrintedNprojInput {
  readonly title?: string;
  readonly author?: string;
  readonly section: number;
  readonly owner: number;
  /** The Ncode book number (`book/code`). */
  readonly book: number;
  /** The page code of the first PDF page. */
  readonly startPage: number;
  /** Default 15 (engine.md §9). */
  readonly revision?: number;
  /** The PDF file name (`pdf/path`). */
  readonly pdfPath: string;
  /** `ticket/path`, default empty. */
  readonly ticketPath?: string;
  readonly pages: readonly PrintedNprojPage[];
  readonly symbols?: readonly PrintedNprojSymbol[];
  /** `action_table` entries, default none. */
  readonly actionTable?: readonly string[];
}

const NO_MARGIN: NprojCropMargin = Object.freeze({ left: 0, right: 0, top: 0, bottom: 0 });

/**
 * The typed project of a printed PDF. `page_name` is `startPage + page`, 3 digits;
 * `segment_info` has total_size = size = page count and ncode_start/end_page = the code range.
 */
export function createPrintedNproj(input: PrintedNprojInput, randomBytes: RandomBytes): NprojDocument {
  const n = input.pages.length;
  const d = NPROJ_BOOK_DEFAULTS;
  const symbols: NprojSymbol[] = (input.symbols ?? []).map((s) => ({
    page: s.page,
    pageName: String(input.startPage + s.page).padStart(3, '0'),
    type: s.type ?? 'Rectangle',
    x: s.xPt,
    y: s.yPt,
    width: s.widthPt,
    height: s.heightPt,
    lock: 1,
    xylock: 0,
    name: s.name ?? '',
    id: newNprojGuid(randomBytes),
    command: { name: '', action: s.action ?? 'Custom', param: s.param },
    languageResources: NPROJ_LANGUAGES.map((country) => ({ country, resourceType: '', resourceId: '' })),
    matchingSymbols: { previous: '', next: '' },
  }));
  return {
    version: NPROJ_VERSION,
    category: NPROJ_CATEGORY,
    preset: NPROJ_DEFAULT_PRESET,
    book: {
      title: input.title ?? '',
      author: input.author ?? '',
      section: input.section,
      owner: input.owner,
      code: input.book,
      revision: input.revision ?? d.revision,
      scale: d.scale,
      startPage: input.startPage,
      startPageSide: '',
      dotIsLineSegment: d.dotIsLineSegment,
      lineSegmentLength: d.lineSegmentLength,
      targetDpi: d.targetDpi,
      dotsize: d.dotsize,
      segmentInfo: {
        subCode: '',
        totalSize: n,
        size: n,
        currentSequence: 0,
        ncodeStartPage: input.startPage,
        ncodeEndPage: input.startPage + n - 1,
      },
      extraInfo: '',
      kind: d.kind,
    },
    ticket: { path: input.ticketPath ?? '' },
    pdfPaths: [input.pdfPath],
    config: { resourceMappingMode: NPROJ_RESOURCE_MAPPING_MODE },
    pages: {
      count: n,
      items: input.pages.map((p, i) => ({
        number: i,
        rotateAngle: p.rotateAngle ?? 0,
        x1: 0,
        y1: 0,
        x2: p.widthPt,
        y2: p.heightPt,
        cropMargin: p.cropMargin ?? NO_MARGIN,
        bgDisabled: false,
        pageType: 0,
        homography: p.homography,
      })),
    },
    actionTable: input.actionTable ?? [],
    symbols,
    resources: [],
  };
}

/** `writeNproj(createPrintedNproj(input, randomBytes))`: the XML text of a printed PDF's project. */
export function writePrintedNproj(input: PrintedNprojInput, randomBytes: RandomBytes): string {
  return writeNproj(createPrintedNproj(input, randomBytes));
}
