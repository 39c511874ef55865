/**
 * The vector PDF export, checked with real tools: `qpdf --check` must pass, `pdftotext` must
 * still find the original text, and the ink must be vector paths (each stroke a filled outline in
 * the page content, marker strokes under a 0.3-opacity graphics state), no image.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BrushType, createStroke, dotsFrom, type GridaPage, type Stroke } from '@dotink/ink';
import { type PageAddress, pageAddress, pageId, scaleHomography } from '@dotink/ncode';
import { PDFDocument, degrees as pdfDegrees, StandardFonts } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { shownSize, userSpacePlacement } from './pagePlacement';
import { exportBoardPdf, hasEncryption } from './pdfExport';

const dir = mkdtempSync(join(tmpdir(), 'board-export-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function sourcePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const p1 = doc.addPage([595.28, 841.89]);
  p1.drawText('Original page one text', { x: 72, y: 760, size: 18, font });
  const p2 = doc.addPage([595.28, 841.89]);
  p2.drawText('Second page rotated', { x: 72, y: 760, size: 18, font });
  p2.setRotation(pdfDegrees(90));
  return doc.save();
}

const stroke = (
  key: string,
  page: PageAddress,
  brushType: number = BrushType.pen,
  color = 0xffff0000,
): Stroke =>
  createStroke(
    { key, page, brushType: brushType as Stroke['brushType'], colorArgb: color },
    dotsFrom([
      { xNu: 10, yNu: 10, force: 400, timeMs: 1 },
      { xNu: 20, yNu: 15, force: 400, timeMs: 2 },
      { xNu: 30, yNu: 12, force: 400, timeMs: 3 },
    ]),
  );

function page(
  id: string,
  address: PageAddress,
  source: GridaPage['source'],
  size = { widthPt: 595.28, heightPt: 841.89 },
): GridaPage {
  return {
    id,
    address,
    source,
    sizePt: size,
    nuToPt: scaleHomography(6.72),
    rotation: 0,
    background: 'basic',
  };
}

function run(cmd: string, args: string[]): string {
  return execFileSync(cmd, args, { encoding: 'utf8' });
}

describe('vector PDF export', () => {
  it('keeps the original pages and text, adds ink as vector paths, passes qpdf --check', async () => {
    const a = pageAddress(256, 27, 1068, 0);
    const b = pageAddress(256, 27, 1068, 1);
    const c = pageAddress(3, 27, 168, 1);
    const pages = [
      page('p1', a, { kind: 'pdf', pdfId: 'd', pageNo: 1 }),
      page('p2', b, { kind: 'pdf', pdfId: 'd', pageNo: 2 }, { widthPt: 841.89, heightPt: 595.28 }),
      { ...page('p3', c, { kind: 'ncode' }), background: 'lined' as const },
    ];
    const strokes = new Map<string, Stroke[]>([
      [pageId(a), [stroke('s1', a), stroke('m1', a, BrushType.marker, 0xffffff00)]],
      [pageId(b), [stroke('s2', b)]],
      [pageId(c), [stroke('s3', c, BrushType.pen, 0xff0000ff), { ...stroke('e', c), status: 'erased' }]],
    ]);
    const bytes = await exportBoardPdf({
      title: 'board',
      pages,
      pdfs: [{ id: 'd', fileName: 'a.pdf', fingerprint: 'f', bytes: await sourcePdf() }],
      strokesOf: (p) => strokes.get(pageId(p.address)) ?? [],
      nowMs: 0,
    });
    const file = join(dir, 'out.pdf');
    writeFileSync(file, bytes);
    expect(run('qpdf', ['--check', file])).toMatch(/No syntax or stream encoding errors/);
    const text = run('pdftotext', ['-layout', file, '-']);
    expect(text).toContain('Original page one text');
    expect(text).toContain('Second page rotated');

    const qdf = join(dir, 'out.qdf.pdf');
    execFileSync('qpdf', ['--qdf', '--object-streams=disable', file, qdf]);
    const raw = readFileSync(qdf, 'latin1');
    // red pen (twice), blue pen, yellow marker under the marker state; the erased stroke not drawn
    expect(raw.match(/1 0 0 rg/g)?.length).toBe(2);
    expect(raw.match(/0 0 1 rg/g)?.length).toBe(1);
    expect(raw.match(/\/Marker-?\d* gs\n1 1 0 rg\n/g)?.length).toBe(1);
    expect(raw).toMatch(/\/ca 0\.3/);
    expect(raw).toMatch(/\/CA 0\.3/);
    // each stroke one filled outline; only the lined paper's rules are stroked
    expect(raw.match(/\nh\nf\nQ\n/g)?.length).toBe(4);
    expect(raw.match(/ l\n/g)?.length).toBeGreaterThanOrEqual(4 * 20);
    expect(raw).not.toMatch(/\/Subtype \/Image/);

    const out = await PDFDocument.load(bytes);
    expect(out.getPageCount()).toBe(3);
    expect(out.getPage(1).getRotation().angle).toBe(90);
    expect(out.getPage(2).getSize()).toEqual({ width: 595.28, height: 841.89 });
  });

  it('draws the ink where the page transform puts it (no rotation), as filled outlines', async () => {
    const a = pageAddress(3, 27, 168, 1);
    const bytes = await exportBoardPdf({
      title: 't',
      pages: [page('p', a, { kind: 'ncode' })],
      pdfs: [],
      strokesOf: () => [stroke('s', a)],
    });
    const file = join(dir, 'one.pdf');
    writeFileSync(file, bytes);
    const qdf = join(dir, 'one.qdf.pdf');
    execFileSync('qpdf', ['--qdf', '--object-streams=disable', file, qdf]);
    const raw = readFileSync(qdf, 'latin1');
    expect(raw).not.toMatch(/\bS\n/);
    const xs: number[] = [];
    const ys: number[] = [];
    for (const m of raw.matchAll(/(-?[\d.]+) (-?[\d.]+) [ml]\n/g)) {
      xs.push(Number(m[1]));
      ys.push(Number(m[2]));
    }
    // dots (10, 10) … (30, 15) nu → (67.2, 67.2) … (201.6, 100.8) pt from the top-left →
    // x 67.2 … 201.6, y 841.89 − 100.8 … 841.89 − 67.2 = 741.09 … 774.69 in user space; the
    // outline reaches past them by the line's half width (under 1 pt)
    expect(Math.min(...xs)).toBeGreaterThan(66.2);
    expect(Math.min(...xs)).toBeLessThan(67.2);
    expect(Math.max(...xs)).toBeGreaterThan(201.6);
    expect(Math.max(...xs)).toBeLessThan(202.6);
    expect(Math.max(...ys)).toBeGreaterThan(774.69);
    expect(Math.max(...ys)).toBeLessThan(775.69);
    // the lowest dot is a sharp corner, which the outline's streamlining rounds off (as on screen)
    expect(Math.min(...ys)).toBeGreaterThan(740.09);
    expect(Math.min(...ys)).toBeLessThan(755);
  });
});

/** A 1 × 1 white PNG. */
const PNG_1X1 = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC',
    'base64',
  ),
);

describe('encrypted sources', () => {
  it('draws pages of an encrypted PDF from a rendering, with the ink as vectors on top', async () => {
    const plain = join(dir, 'plain.pdf');
    const locked = join(dir, 'locked.pdf');
    writeFileSync(plain, await sourcePdf());
    execFileSync('qpdf', ['--encrypt', 'pw', 'owner', '256', '--', plain, locked]);
    const bytes = new Uint8Array(readFileSync(locked));
    expect(hasEncryption(bytes)).toBe(true);
    expect(hasEncryption(await sourcePdf())).toBe(false);
    const a = pageAddress(256, 27, 1068, 0);
    const asked: number[] = [];
    const out = await exportBoardPdf({
      title: 't',
      pages: [page('p', a, { kind: 'pdf', pdfId: 'd', pageNo: 1 })],
      pdfs: [{ id: 'd', fileName: 'locked.pdf', fingerprint: 'f', bytes }],
      strokesOf: () => [stroke('s', a)],
      rasterPage: async (_id, pageNo) => {
        asked.push(pageNo);
        return PNG_1X1;
      },
    });
    expect(asked).toEqual([1]);
    const file = join(dir, 'from-locked.pdf');
    writeFileSync(file, out);
    expect(run('qpdf', ['--check', file])).toMatch(/No syntax or stream encoding errors/);
    const qdf = join(dir, 'from-locked.qdf.pdf');
    execFileSync('qpdf', ['--qdf', '--object-streams=disable', file, qdf]);
    const raw = readFileSync(qdf, 'latin1');
    expect(raw).toMatch(/\/Subtype \/Image/);
    expect(raw).toMatch(/1 0 0 rg\n[^Q]* m\n[^Q]*h\nf\nQ\n/);
  });
});

describe('page placement', () => {
  const box = { x: 0, y: 0, width: 100, height: 200 };
  it('maps shown corners to the right user-space corners for each rotation', () => {
    const at = (r: number, x: number, y: number) => {
      const o: [number, number] = [0, 0];
      userSpacePlacement(box, r)(x, y, o);
      return o;
    };
    expect(at(0, 0, 0)).toEqual([0, 200]);
    expect(at(90, 0, 0)).toEqual([0, 0]);
    expect(at(180, 0, 0)).toEqual([100, 0]);
    expect(at(270, 0, 0)).toEqual([100, 200]);
    // the shown bottom-right corner is the opposite corner
    expect(at(90, 200, 100)).toEqual([100, 200]);
    expect(shownSize(box, 90)).toEqual({ widthPt: 200, heightPt: 100 });
    expect(shownSize(box, 180)).toEqual({ widthPt: 100, heightPt: 200 });
  });
});
