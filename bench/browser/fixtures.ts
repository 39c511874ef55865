/**
 * Benchmark fixtures made in Node: text-and-graphics PDFs (pdf-lib) and handwriting strokes for
 * annotated board pages. Deterministic (seeded), so runs compare.
 */
import { BrushType, createStroke, DotBuffer, type Stroke } from '@dotink/ink';
import type { PageAddress } from '@dotink/ncode';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';

const A4_PT: [number, number] = [595.28, 841.89];

/** A PDF of `pages` A4 pages, each with a heading, 40 lines of text, boxes and a curve. */
export async function textPdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  for (let n = 1; n <= pages; n++) {
    const page = doc.addPage(A4_PT);
    page.drawText(`Chapter ${Math.ceil(n / 20)} — page ${n}`, { x: 56, y: 780, size: 18, font: bold });
    for (let line = 0; line < 40; line++) {
      page.drawText(
        `${n}.${line + 1} The pen writes on dot paper; each stroke keeps its page, time and force.`,
        { x: 56, y: 740 - line * 16, size: 10, font, color: rgb(0.1, 0.1, 0.1) },
      );
    }
    page.drawRectangle({
      x: 56,
      y: 60,
      width: 200,
      height: 40,
      borderColor: rgb(0.2, 0.3, 0.7),
      borderWidth: 1,
    });
    page.drawSvgPath(`M 300 80 C ${320 + (n % 50)} 20, 420 140, 540 80`, {
      borderColor: rgb(0.7, 0.2, 0.2),
      borderWidth: 2,
    });
  }
  return doc.save();
}

/**
 * `count` handwriting strokes of `dotsPerStroke` dots on `page`, in lines over an A4 page on the
 * identity paper (nu), keys `${prefix}-${k}`, 10 ms per dot.
 */
export function handwritingStrokes(
  page: PageAddress,
  count: number,
  dotsPerStroke: number,
  prefix: string,
  startMs = 1_700_000_000_000,
): Stroke[] {
  const out: Stroke[] = [];
  const perLine = 40;
  const lineNu = Math.min(4, 110 / Math.ceil(count / perLine));
  for (let k = 0; k < count; k++) {
    const x0 = 4 + (k % perLine) * 2;
    const y0 = 8 + Math.floor(k / perLine) * lineNu;
    const phase = (k * 2.399) % (2 * Math.PI);
    const dots = new DotBuffer(dotsPerStroke);
    const t0 = startMs + k * 800;
    for (let i = 0; i < dotsPerStroke; i++) {
      const t = i / (dotsPerStroke - 1);
      dots.push(
        x0 + 1.4 * t + 0.4 * Math.sin(phase + 6 * t),
        y0 + 0.6 * Math.sin(phase + 4 * t) + 0.5 * t,
        Math.round(250 + 350 * Math.sin(Math.PI * t)),
        t0 + i * 10,
      );
    }
    out.push(
      createStroke(
        {
          key: `${prefix}-${k}`,
          page,
          brushType: k % 10 === 9 ? BrushType.marker : BrushType.pen,
          thickness: 0.2,
          colorArgb: k % 3 === 0 ? 0xff1e40af : 0xff000000,
        },
        dots.view(),
      ),
    );
  }
  return out;
}
