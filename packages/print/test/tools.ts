/**
 * Test support: Debian's Ghostscript, qpdf and poppler on printed PDFs.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Plate, readPlate } from './tiff';

/** A scratch folder (in RAM when /dev/shm exists: Ghostscript writes large plates). */
export function scratchDir(): { dir: string; cleanup: () => void } {
  const base = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
  const dir = mkdtempSync(join(base, 'dotink-print-'));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The four process ink plates of one page. */
export interface InkPlates {
  readonly cyan: Plate;
  readonly magenta: Plate;
  readonly yellow: Plate;
  readonly black: Plate;
}

/** A window of the page in 600-dpi pixels from the top-left. */
export interface Region {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/**
 * Separates every page of a PDF into ink plates at 600 dpi with `gs -sDEVICE=tiffsep`. With a
 * region, only that window is rendered (the page is shifted by whole 600-dpi pixels, 0.12 pt
 * each, so the grid is kept); `pageHeightPx` is the page height in pixels (needed to shift).
 */
export function separateInks(
  pdf: Uint8Array,
  pageCount: number,
  region?: Region & { pageHeightPx: number },
): InkPlates[] {
  const { dir, cleanup } = scratchDir();
  try {
    const input = join(dir, 'in.pdf');
    writeFileSync(input, pdf);
    const args = ['-q', '-dNOPAUSE', '-dBATCH', '-dSAFER', '-sDEVICE=tiffsep', '-r600', '-sCompression=none'];
    args.push('-o', join(dir, 'p%d.tif'));
    if (region) {
      const dx = (-region.x * 12) / 100;
      const dy = ((region.pageHeightPx - region.height - region.y) * 12) / 100;
      args.push(`-g${region.width}x${region.height}`, '-dFIXEDMEDIA');
      args.push('-c', `<</PageOffset [${dx} ${dy}]>> setpagedevice`, '-f');
    }
    args.push(input);
    execFileSync('gs', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    const plates: InkPlates[] = [];
    for (let p = 1; p <= pageCount; p++) {
      plates.push({
        cyan: readPlate(join(dir, `p${p}(Cyan).tif`)),
        magenta: readPlate(join(dir, `p${p}(Magenta).tif`)),
        yellow: readPlate(join(dir, `p${p}(Yellow).tif`)),
        black: readPlate(join(dir, `p${p}(Black).tif`)),
      });
    }
    return plates;
  } finally {
    cleanup();
  }
}

/** An RGB raster: `width × height × 3` bytes, rows top-down. */
export interface RgbImage {
  readonly width: number;
  readonly height: number;
  readonly rgb: Uint8Array;
}

/**
 * Renders a window of page 1 to RGB at 600 dpi with Ghostscript (`ppmraw`), as a browser or an
 * RGB printer driver sees the page: CMYK colours go through Ghostscript's colour management.
 */
export function renderRgb(pdf: Uint8Array, region: Region & { pageHeightPx: number }): RgbImage {
  const { dir, cleanup } = scratchDir();
  try {
    const input = join(dir, 'in.pdf');
    writeFileSync(input, pdf);
    const out = join(dir, 'p.ppm');
    const dx = (-region.x * 12) / 100;
    const dy = ((region.pageHeightPx - region.height - region.y) * 12) / 100;
    const args = [
      '-q',
      '-dNOPAUSE',
      '-dBATCH',
      '-dSAFER',
      '-sDEVICE=ppmraw',
      '-r600',
      '-dFirstPage=1',
      '-dLastPage=1',
    ];
    args.push('-o', out, `-g${region.width}x${region.height}`, '-dFIXEDMEDIA');
    args.push('-c', `<</PageOffset [${dx} ${dy}]>> setpagedevice`, '-f', input);
    execFileSync('gs', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    const data = readFileSync(out);
    // P6 header: "P6", an optional "# comment" line (Ghostscript writes one), "<w> <h>", "255"
    const header = data
      .subarray(0, 200)
      .toString('latin1')
      .match(/^P6\s+(?:#[^\n]*\n\s*)*(\d+)\s+(\d+)\s+255\s/);
    if (!header) throw new Error('renderRgb: not a P6 image');
    const rgb = new Uint8Array(
      data.buffer,
      data.byteOffset + header[0].length,
      Number(header[1]) * Number(header[2]) * 3,
    );
    return { width: Number(header[1]), height: Number(header[2]), rgb };
  } finally {
    cleanup();
  }
}

/** `qpdf --check`: returns its exit status and output. */
export function qpdfCheck(pdf: Uint8Array): { status: number | null; output: string } {
  const { dir, cleanup } = scratchDir();
  try {
    const input = join(dir, 'in.pdf');
    writeFileSync(input, pdf);
    const r = spawnSync('qpdf', ['--check', input], { encoding: 'utf8' });
    return { status: r.status, output: `${r.stdout}${r.stderr}` };
  } finally {
    cleanup();
  }
}

/** `qpdf --json`: the document as qpdf's JSON (objects, info, pages). */
export function qpdfJson(pdf: Uint8Array): {
  qpdf: [unknown, Record<string, { value?: unknown; stream?: { dict: Record<string, unknown> } }>];
} {
  const { dir, cleanup } = scratchDir();
  try {
    const input = join(dir, 'in.pdf');
    writeFileSync(input, pdf);
    return JSON.parse(execFileSync('qpdf', ['--json=2', '--json-key=qpdf', input], { encoding: 'utf8' }));
  } finally {
    cleanup();
  }
}

/** `pdftoppm` at a low resolution: its exit status, stderr and the number of images written. */
export function pdftoppm(pdf: Uint8Array): { status: number | null; stderr: string; pages: number } {
  const { dir, cleanup } = scratchDir();
  try {
    const input = join(dir, 'in.pdf');
    writeFileSync(input, pdf);
    const r = spawnSync('pdftoppm', ['-r', '20', '-gray', input, join(dir, 'page')], { encoding: 'utf8' });
    const pages = readdirSync(dir).filter((f) => f.startsWith('page')).length;
    return { status: r.status, stderr: r.stderr, pages };
  } finally {
    cleanup();
  }
}
