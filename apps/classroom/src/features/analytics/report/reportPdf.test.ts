import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createStroke, type Dot, dotsFrom } from '@dotink/ink';
import { pageAddress } from '@dotink/ncode';
import { PDFDocument, rgb } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { reportText } from '../../../i18n/report';
import { textWith } from '../../../i18n/text';
import { oneDecimal } from '../pupil/pupilFigures';
import { FIXTURE_DETAIL, FIXTURE_SUMMARY } from '../pupil/pupilFixture';
import type { ReportJob } from './reportModel';
import { type FontName, INK_RGB, reportPdf } from './reportPdf';
import { calendarMonths, pupilSheet, writtenPages } from './reportSheets';

const root = fileURLToPath(new URL('../../../../../../node_modules/@expo-google-fonts/', import.meta.url));
const FONT_FILES: Record<FontName, string> = {
  kr: 'noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf',
  jp: 'noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
  tc: 'noto-sans-tc/400Regular/NotoSansTC_400Regular.ttf',
};
const fontBytes = async (n: FontName) => new Uint8Array(readFileSync(join(root, FONT_FILES[n])));

/** A textbook of 4 grey-framed pages, A4. */
async function textbookPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < 4; i++) {
    const p = doc.addPage([595.28, 841.89]);
    p.drawRectangle({
      x: 40,
      y: 40,
      width: 515,
      height: 760,
      borderColor: rgb(0.5, 0.5, 0.5),
      borderWidth: 4,
    });
  }
  return doc.save();
}

const firstWritten = writtenPages(FIXTURE_DETAIL).shown[0]!;
const b = FIXTURE_SUMMARY.book;

/** A stroke across the page's middle (nu). */
function stroke() {
  const dots: Dot[] = Array.from({ length: 40 }, (_, i) => ({
    xNu: 20 + i,
    yNu: 60 + i * 0.5,
    force: 500,
    timeMs: 1_700_000_000_000 + i * 10,
  }));
  return createStroke(
    { page: pageAddress(b.section, b.owner, b.book, firstWritten), key: 'k1' },
    dotsFrom(dots),
  );
}

/** The RGB bytes of a binary PPM (P6, 8 bits). */
function rgbOfPpm(ppm: Buffer): Buffer {
  let at = 0;
  const fields: string[] = [];
  while (fields.length < 4) {
    while (/\s/.test(String.fromCharCode(ppm[at]!))) at++;
    let f = '';
    while (!/\s/.test(String.fromCharCode(ppm[at]!))) f += String.fromCharCode(ppm[at++]!);
    fields.push(f);
  }
  expect(fields[0]).toBe('P6');
  return ppm.subarray(at + 1);
}

function run(cmd: string, args: string[]): string {
  return execFileSync(cmd, args, { encoding: 'utf8' });
}

describe('the pupil report PDF', () => {
  const sheetIn = (language: 'ko' | 'ja' | 'en') => ({
    t: textWith(language, reportText),
    language,
    summary: FIXTURE_SUMMARY,
    detail: FIXTURE_DETAIL,
    className: '3-1',
    textbookTitle: 'Math 3-1',
    strokes: [stroke()],
    pdfPageOf: (page: number) => page - b.startPage,
  });

  it('sheets write the screen figures: rates, unit times, study days, the written pages', () => {
    const s = pupilSheet(sheetIn('en'));
    expect(s.name).toBe(`${FIXTURE_DETAIL.pupil.num}. ${FIXTURE_DETAIL.pupil.name}`);
    expect(s.charts[0]!.rows.map((r) => r.texts)).toEqual([
      [
        oneDecimal(FIXTURE_DETAIL.pupil.progress.writtenRatePct),
        oneDecimal(FIXTURE_DETAIL.average.progress.writtenRatePct),
      ],
      [
        oneDecimal(FIXTURE_DETAIL.pupil.progress.touchedRatePct),
        oneDecimal(FIXTURE_DETAIL.average.progress.touchedRatePct),
      ],
    ]);
    expect(s.charts[0]!.series[1]).toContain(
      `${FIXTURE_DETAIL.average.writers} of ${FIXTURE_DETAIL.average.pupils}`,
    );
    expect(s.charts[1]!.rows).toHaveLength(FIXTURE_DETAIL.units.length);
    expect(s.thumbnails.pages.map((p) => p.pdfPage)).toEqual(
      writtenPages(FIXTURE_DETAIL).shown.map((p) => p - b.startPage),
    );
    // ink in points of the page: 6.72 pt a unit
    expect(s.thumbnails.pages[0]!.strokes[0]![0]).toBeCloseTo(20 * 6.72, 3);
    const months = calendarMonths(FIXTURE_DETAIL, (y, m) => `${y}-${m}`);
    expect(months.flatMap((m) => m.study.map((d) => d.day)).length).toBe(
      FIXTURE_DETAIL.days.filter((d) => d.durationMs > 0 || d.numPages > 0).length,
    );
  });

  it('passes qpdf --check, holds the figures as text and shows the ink over the textbook page', async () => {
    const sheet = pupilSheet(sheetIn('ko'));
    const job: ReportJob = {
      paper: 'a4',
      language: 'ko',
      sheets: [sheet, sheet],
      textbookPdf: await textbookPdf(),
    };
    const progress: number[] = [];
    const bytes = await reportPdf(job, { fontBytes, onProgress: (d) => progress.push(d) });
    expect(progress).toEqual([1, 2]);
    const dir = mkdtempSync(join(tmpdir(), 'report-'));
    const file = join(dir, 'r.pdf');
    writeFileSync(file, bytes);
    expect(run('qpdf', ['--check', file])).toContain('No syntax or stream encoding errors');
    const text = run('pdftotext', ['-layout', file, '-']);
    expect(text).toContain(FIXTURE_DETAIL.pupil.name);
    expect(text.replace(/[ ]+/g, ' ')).toContain('학생 학습 보고서');
    expect(text).toContain(oneDecimal(FIXTURE_DETAIL.pupil.progress.writtenRatePct));
    const doc = await PDFDocument.load(bytes);
    const pages = doc.getPageCount();
    expect(pages % 2).toBe(0);
    expect(doc.getPage(0).getSize().width).toBeCloseTo(595.28, 1);
    // the thumbnails' page: ink-blue pixels and the textbook's grey frame
    const ppm = execFileSync('pdftoppm', ['-f', '2', '-l', '2', '-r', '100', file], { maxBuffer: 64 << 20 });
    const pixels = rgbOfPpm(ppm);
    let ink = 0;
    let grey = 0;
    for (let i = 0; i < pixels.length; i += 3) {
      const [r, g, bl] = [pixels[i]!, pixels[i + 1]!, pixels[i + 2]!];
      if (bl > 150 && r < 80 && g < 120 && Math.abs(r - INK_RGB[0] * 255) < 60) ink++;
      if (Math.abs(r - 128) < 30 && Math.abs(g - 128) < 30 && Math.abs(bl - 128) < 30) grey++;
    }
    expect(ink).toBeGreaterThan(20);
    expect(grey).toBeGreaterThan(50);
  }, 60_000);

  it('a Japanese report sets a Korean name in the Korean font (no blank glyphs) and fits Letter', async () => {
    const sheet = { ...pupilSheet(sheetIn('ja')), name: '7. 김민지' };
    const bytes = await reportPdf({ paper: 'letter', language: 'ja', sheets: [sheet] }, { fontBytes });
    const dir = mkdtempSync(join(tmpdir(), 'report-'));
    const file = join(dir, 'r.pdf');
    writeFileSync(file, bytes);
    const text = run('pdftotext', [file, '-']);
    expect(text).toContain('7. 김민지');
    expect(text).toContain('児童の学習レポート');
    const fonts = run('pdffonts', [file]);
    expect(fonts).toMatch(/NotoSansJP/);
    expect(fonts).toMatch(/NotoSansKR/);
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPage(0).getSize()).toEqual({ width: 612, height: 792 });
  }, 60_000);

  it('a font that cannot be fetched, or a textbook that is not a PDF, fails as a ReportFailure of that kind', async () => {
    const sheet = pupilSheet(sheetIn('en'));
    await expect(
      reportPdf(
        { paper: 'a4', language: 'en', sheets: [sheet] },
        {
          fontBytes: async () => {
            throw new Error('HTTP 503');
          },
        },
      ),
    ).rejects.toMatchObject({ name: 'ReportFailure', kind: 'font', reason: 'HTTP 503' });
    await expect(
      reportPdf(
        { paper: 'a4', language: 'en', sheets: [sheet], textbookPdf: new TextEncoder().encode('not a pdf') },
        { fontBytes },
      ),
    ).rejects.toMatchObject({ name: 'ReportFailure', kind: 'textbook' });
  }, 60_000);

  it('cancelled between pupils: rejects with an AbortError', async () => {
    const sheet = pupilSheet(sheetIn('en'));
    await expect(
      reportPdf({ paper: 'a4', language: 'en', sheets: [sheet] }, { fontBytes, cancelled: () => true }),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });
});
