/**
 * Test files made with exceljs (filled-in templates) and the QR label PDF read back: pages
 * rendered with poppler's pdftoppm (PPM), each label's QR code decoded with jsQR.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import jsQR from 'jsqr';

/** Fills the downloaded template's first sheet with `rows` (under its header). */
export async function fillTemplate(
  template: Buffer,
  rows: readonly (readonly (string | number)[])[],
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(template as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  for (const r of rows) ws.addRow([...r]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A workbook whose sheet has no header naming number, name and mac. */
export async function noHeaderWorkbook(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  ws.addRow(['학생', '펜']);
  ws.addRow(['Kim', '9C:7B:D2:00:00:10']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The header row of the first sheet. */
export async function headerOf(xlsx: Buffer): Promise<string[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(xlsx as unknown as ArrayBuffer);
  const row = wb.worksheets[0]!.getRow(1);
  return [1, 2, 3].map((c) => row.getCell(c).text);
}

interface Pixmap {
  readonly width: number;
  readonly height: number;
  readonly rgba: Uint8ClampedArray;
}

function readPpm(bytes: Buffer): Pixmap {
  // P6\n<w> <h>\n255\n<rgb…>
  const header = bytes.subarray(0, 64).toString('latin1');
  const m = /^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(header);
  if (!m) throw new Error('not a binary PPM');
  const width = Number(m[1]);
  const height = Number(m[2]);
  const rgb = bytes.subarray(m[0].length);
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    rgba[i * 4] = rgb[i * 3]!;
    rgba[i * 4 + 1] = rgb[i * 3 + 1]!;
    rgba[i * 4 + 2] = rgb[i * 3 + 2]!;
    rgba[i * 4 + 3] = 255;
  }
  return { width, height, rgba };
}

function crop(p: Pixmap, x: number, y: number, w: number, h: number): Pixmap {
  const out = new Uint8ClampedArray(w * h * 4);
  for (let row = 0; row < h; row++) {
    const from = ((y + row) * p.width + x) * 4;
    out.set(p.rgba.subarray(from, from + w * 4), row * w * 4);
  }
  return { width: w, height: h, rgba: out };
}

/** Page count and the QR payloads of the first `labels` labels, read from the rendered PDF. */
export function decodeLabels(
  pdf: Uint8Array,
  rects: readonly { page: number; x: number; y: number; width: number; height: number }[],
): { pages: number; payloads: string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'dotink-labels-'));
  writeFileSync(join(dir, 'labels.pdf'), pdf);
  const dpi = 200;
  execFileSync('pdftoppm', ['-r', String(dpi), join(dir, 'labels.pdf'), join(dir, 'page')]);
  const pages = readdirSync(dir)
    .filter((f) => f.endsWith('.ppm'))
    .sort()
    .map((f) => readPpm(readFileSync(join(dir, f))));
  const s = dpi / 72;
  const payloads = rects.map((r) => {
    const page = pages[r.page]!;
    const x = Math.floor(r.x * s);
    const y = Math.floor((842 - r.y - r.height) * s);
    const img = crop(page, x, y, Math.floor(r.width * s), Math.floor(r.height * s));
    const code = jsQR(img.rgba, img.width, img.height);
    if (!code) throw new Error(`no QR code found in label at ${r.x},${r.y}`);
    return code.data;
  });
  return { pages: pages.length, payloads };
}
