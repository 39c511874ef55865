/**
 * Our versioned .GRIDA board file: a zip (fflate) holding
 *
 * | entry              | content                                                              |
 * | ------------------ | -------------------------------------------------------------------- |
 * | `manifest.json`    | `{format: "dotink.grida", version, dotsLayout, board, pdfs, pages}`   |
 * | `pdf/<n>.pdf`      | each imported PDF, byte for byte (stored, not recompressed)          |
 * | `ink/strokes.json` | one record per stroke, drawing order (see `strokeRecords.ts`)         |
 * | `ink/dots.bin`     | every dot, by field and byte plane (`dotPlanes.ts`); files before    |
 * |                    | version 3: in the 17-byte server dot form                            |
 *
 * Page transforms are stored as their nine coefficients (row-major, i = 1). Writing is
 * deterministic (fixed entry order and time stamps). Reading migrates older manifests
 * (`migrations.ts`) and round-trips losslessly what it wrote.
 */
import {
  homographyFromMatrix,
  homographyToMatrix,
  type PageAddress,
  pageId,
  parsePageId,
} from '@dotink/ncode';
import { unzipSync, type Zippable, zipSync } from 'fflate';
import { decodeUtf8, encodeUtf8 } from '../utf8';
import { GRIDA_FORMAT, GRIDA_VERSION, migrateManifest } from './migrations';
import { decodeGridaStrokes, encodeGridaStrokes, type GridaDotsLayout } from './strokeRecords';
import {
  type GridaBoardMeta,
  type GridaDocument,
  GridaFormatError,
  type GridaPage,
  type GridaPageSource,
  type GridaPdf,
  type PageBackground,
  type PageRotation,
} from './types';

const MANIFEST = 'manifest.json';
const STROKES = 'ink/strokes.json';
const DOTS = 'ink/dots.bin';
/** The dot blob layout this code writes. */
const DOTS_LAYOUT: GridaDotsLayout = 'planes';
/**
 * Deflate level of the dot blob: its noisy low byte planes gain little from harder searching,
 * so the fast level costs a few % of size and saves most of the time.
 */
const DOTS_LEVEL = 1;
/** Zip entry times are fixed so the same board always gives the same bytes. */
const ZIP_TIME = '1980-01-02T00:00:00';

/** The bytes of a .GRIDA file. */
export function writeGridaFile(doc: GridaDocument): Uint8Array {
  const pdfPaths = doc.pdfs.map((_, n) => `pdf/${n}.pdf`);
  const manifest = {
    format: GRIDA_FORMAT,
    version: GRIDA_VERSION,
    dotsLayout: DOTS_LAYOUT,
    board: doc.board,
    pdfs: doc.pdfs.map((p, n) => ({
      id: p.id,
      fileName: p.fileName,
      fingerprint: p.fingerprint,
      path: pdfPaths[n],
    })),
    pages: doc.pages.map(pageRecord),
  };
  const ink = encodeGridaStrokes(doc.strokes, DOTS_LAYOUT);
  const files: Zippable = { [MANIFEST]: encodeUtf8(JSON.stringify(manifest)) };
  doc.pdfs.forEach((p, n) => {
    files[pdfPaths[n]!] = [p.bytes, { level: 0 }];
  });
  files[STROKES] = encodeUtf8(JSON.stringify(ink.records));
  files[DOTS] = [ink.dots, { level: DOTS_LEVEL }];
  return zipSync(files, { level: 6, mtime: ZIP_TIME });
}

/** True when the bytes start like a zip file (our container, not the legacy JSON). */
export function looksLikeZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 3 && bytes[3] === 4;
}

/** Reads a .GRIDA container. Throws {@link GridaFormatError} for anything it cannot read. */
export function readGridaFile(bytes: Uint8Array): GridaDocument {
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes);
  } catch {
    throw new GridaFormatError('not a zip container');
  }
  const manifestBytes = entries[MANIFEST];
  if (!manifestBytes) throw new GridaFormatError('no manifest');
  const m = migrateManifest(parseJson(manifestBytes, 'manifest'));
  const pdfs = arrayOf(m.pdfs, 'pdfs').map((p, n): GridaPdf => {
    const path = field(p, 'path', 'string', `pdf ${n}`);
    const data = entries[path];
    if (!data) throw new GridaFormatError(`pdf ${n}: missing entry ${path}`);
    return {
      id: field(p, 'id', 'string', `pdf ${n}`),
      fileName: field(p, 'fileName', 'string', `pdf ${n}`),
      fingerprint: field(p, 'fingerprint', 'string', `pdf ${n}`),
      bytes: data,
    };
  });
  const pages = arrayOf(m.pages, 'pages').map((p, n) => readPage(p, n));
  const strokeList = entries[STROKES] ? parseJson(entries[STROKES], 'stroke list') : [];
  const layout = m.dotsLayout;
  if (layout !== 'server17' && layout !== 'planes') throw new GridaFormatError('bad dots layout');
  const strokes = decodeGridaStrokes(strokeList, entries[DOTS] ?? new Uint8Array(0), layout);
  return { board: readBoard(m.board), pdfs, pages, strokes };
}

function pageRecord(p: GridaPage) {
  return {
    id: p.id,
    address: pageId(p.address),
    ...(p.baseAddress ? { baseAddress: pageId(p.baseAddress) } : {}),
    source: p.source,
    sizePt: { widthPt: p.sizePt.widthPt, heightPt: p.sizePt.heightPt },
    nuToPt: homographyToMatrix(p.nuToPt),
    rotation: p.rotation,
    background: p.background,
  };
}

const ROTATIONS: readonly number[] = [0, 90, 180, 270];
const BACKGROUNDS: readonly string[] = ['basic', 'lined'];

function readPage(v: unknown, n: number): GridaPage {
  const where = `page ${n}`;
  const address = readAddress(field(v, 'address', 'string', where), where);
  const base = (v as Record<string, unknown>).baseAddress;
  const src = field(v, 'source', 'object', where) as Record<string, unknown>;
  let source: GridaPageSource;
  if (src.kind === 'pdf') {
    const pageNo = src.pageNo;
    if (
      typeof src.pdfId !== 'string' ||
      typeof pageNo !== 'number' ||
      !Number.isInteger(pageNo) ||
      pageNo < 1
    ) {
      throw new GridaFormatError(`${where}: bad pdf source`);
    }
    source = { kind: 'pdf', pdfId: src.pdfId, pageNo };
  } else if (src.kind === 'ncode') source = { kind: 'ncode' };
  else throw new GridaFormatError(`${where}: bad source`);
  const size = field(v, 'sizePt', 'object', where) as Record<string, unknown>;
  const matrix = field(v, 'nuToPt', 'object', where);
  if (
    !Array.isArray(matrix) ||
    matrix.length !== 9 ||
    !matrix.every((x) => typeof x === 'number' && Number.isFinite(x))
  ) {
    throw new GridaFormatError(`${where}: bad transform`);
  }
  const rotation = field(v, 'rotation', 'number', where);
  const background = field(v, 'background', 'string', where);
  if (!ROTATIONS.includes(rotation) || !BACKGROUNDS.includes(background)) {
    throw new GridaFormatError(`${where}: bad rotation or background`);
  }
  return {
    id: field(v, 'id', 'string', where),
    address,
    ...(typeof base === 'string' ? { baseAddress: readAddress(base, where) } : {}),
    source,
    sizePt: { widthPt: finite(size.widthPt, where), heightPt: finite(size.heightPt, where) },
    nuToPt: homographyFromMatrix(matrix as number[]),
    rotation: rotation as PageRotation,
    background: background as PageBackground,
  };
}

function readBoard(v: unknown): GridaBoardMeta {
  return {
    id: field(v, 'id', 'string', 'board'),
    title: field(v, 'title', 'string', 'board'),
    group: field(v, 'group', 'string', 'board'),
    createdMs: finite((v as Record<string, unknown>).createdMs, 'board'),
    updatedMs: finite((v as Record<string, unknown>).updatedMs, 'board'),
  };
}

function readAddress(text: string, where: string): PageAddress {
  const a = parsePageId(text);
  if (!a) throw new GridaFormatError(`${where}: bad page address`);
  return a;
}

function parseJson(bytes: Uint8Array, what: string): unknown {
  try {
    return JSON.parse(decodeUtf8(bytes));
  } catch {
    throw new GridaFormatError(`${what} is not JSON`);
  }
}

function arrayOf(v: unknown, what: string): unknown[] {
  if (!Array.isArray(v)) throw new GridaFormatError(`${what} is not a list`);
  return v;
}

type Kinds = { string: string; number: number; object: object };

function field<K extends keyof Kinds>(v: unknown, name: string, kind: K, where: string): Kinds[K] {
  const x = typeof v === 'object' && v !== null ? (v as Record<string, unknown>)[name] : undefined;
  if (typeof x !== kind || x === null) throw new GridaFormatError(`${where}: bad ${name}`);
  return x as Kinds[K];
}

function finite(v: unknown, where: string): number {
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new GridaFormatError(`${where}: bad number`);
  return v;
}
