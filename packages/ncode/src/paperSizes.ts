/**
 * Paper sizes the product prints on (engine spec §3) and the print defaults of engine spec §9.
 */
import { convert } from './units';

/** The paper names the print dialog offers. */
export type PaperName = 'A4' | 'A3' | 'B4' | 'B5' | 'Letter';

/** A paper size, portrait, in millimetres. */
export interface PaperSize {
  readonly name: PaperName;
  readonly widthMm: number;
  readonly heightMm: number;
}

/** A width and height in points. */
export interface SizePt {
  readonly widthPt: number;
  readonly heightPt: number;
}

/** A width and height in Ncode units. */
export interface SizeNu {
  readonly widthNu: number;
  readonly heightNu: number;
}

const size = (name: PaperName, widthMm: number, heightMm: number): PaperSize =>
  Object.freeze({ name, widthMm, heightMm });

/** Paper sizes in mm (portrait): A4 210×297, A3 297×420, B4 250×353, B5 176×250, Letter 216×280. */
export const PAPER_SIZES: Readonly<Record<PaperName, PaperSize>> = Object.freeze({
  A4: size('A4', 210, 297),
  A3: size('A3', 297, 420),
  B4: size('B4', 250, 353),
  B5: size('B5', 176, 250),
  Letter: size('Letter', 216, 280),
});

/** The paper used when none is chosen. */
export const DEFAULT_PAPER: PaperSize = PAPER_SIZES.A4;

/** The paper of that name, or `undefined`. */
export function paperSizeByName(name: string): PaperSize | undefined {
  return Object.hasOwn(PAPER_SIZES, name) ? PAPER_SIZES[name as PaperName] : undefined;
}

/** The paper's size in points (A4: 595.2756 × 841.8898 pt). */
export function paperSizePt(paper: PaperSize): SizePt {
  return { widthPt: convert(paper.widthMm, 'mm', 'pt'), heightPt: convert(paper.heightMm, 'mm', 'pt') };
}

/** The paper's size in Ncode units (A4: 88.5827 × 125.2812 nu). */
export function paperSizeNu(paper: PaperSize): SizeNu {
  return { widthNu: convert(paper.widthMm, 'mm', 'nu'), heightNu: convert(paper.heightMm, 'mm', 'nu') };
}

/** The same paper turned sideways (width and height swapped). */
export function landscape(paper: PaperSize): PaperSize {
  return size(paper.name, paper.heightMm, paper.widthMm);
}

/** Print defaults (engine spec §9). Padding values are millimetres. */
export const PRINT_DEFAULTS = Object.freeze({
  dpi: 600,
  pdfRenderDpi: 300,
  paper: 'A4' as PaperName,
  threads: 10,
  codeDensity: 2,
  dotsPerCell: 7,
  pdfPagePaddingMm: 8,
  imagePaddingMm: 16,
  luminanceMaxRatio: 0.6,
  calibrationMarkRatio: 0.1,
  projectRevision: 15,
  targetDpi: 600,
  projectUnitConversion: 6.72,
});
