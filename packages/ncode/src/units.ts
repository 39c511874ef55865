/**
 * Length units and their exact factors (Ncode fact sheet §1.2, engine spec §9).
 *
 * One Ncode unit (nu, one code cell) is 7 dots at an 8-pixel pitch at 600 dpi: 56/600 in =
 * 6.72 pt = 2.370667 mm = 56 px600. Every unit is an exact fraction of an inch, so conversions
 * multiply integers first and divide once (`nu → pt` of 40 is exactly 268.8).
 */

/** The length units {@link convert} understands. `px` needs a dpi; `px600` and `css` have theirs. */
export type LengthUnit = 'nu' | 'pt' | 'pu' | 'mm' | 'cm' | 'in' | 'inch' | 'px' | 'px600' | 'css';

/** Points per inch (PDF points, "pu" in the vendor code). */
export const POINTS_PER_INCH = 72;
/** Millimetres per inch. */
export const MM_PER_INCH = 25.4;
/** CSS pixels per inch. */
export const CSS_PX_PER_INCH = 96;
/** Dots per inch of printed code (and of px600). */
export const PRINT_DPI = 600;
/** Pixels at 600 dpi per Ncode unit (7 dots × 8 px). */
export const PX600_PER_NU = 56;
/** Dots (one per code symbol) per cell side. */
export const DOTS_PER_CELL = 7;

/** Points per Ncode unit ("nu-to-pu"): 6.72, exact. */
export const NU_TO_PT = 6.72;
/**
 * Ncode units per point as the vendor states it ("pu-to-nu 0.1488", rounded). The exact value is
 * {@link PT_TO_NU_EXACT}; {@link convert} uses the exact one.
 */
export const PT_TO_NU = 0.1488;
/** Ncode units per point, exact: 25/168 = 0.148809… */
export const PT_TO_NU_EXACT = 25 / 168;
/** Millimetres per Ncode unit as the vendor states it ("1 nu is 2.37 mm-scale"). */
export const NU_MM_SCALE = 2.37;
/** Millimetres per Ncode unit, exact: 56/600 in = 2.3706666… mm. */
export const NU_TO_MM = (56 * 25.4) / 600;
/** Points per pixel at 600 dpi ("600 dpi is 0.12"). */
export const PT_PER_PX600 = 0.12;

/** Default dpi for rendering PDF pages. */
export const DEFAULT_RENDER_DPI = 300;
/** The largest PDF page image rendered, in pixels (width × height). */
export const MAX_PDF_IMAGE_PIXELS = 5242880;
/** Millimetres added to each side of the requested paper size when asking for codes. */
export const PAGE_MARGIN_PAD_MM = 20;
/** Fallback calibration margin when none is known. */
export const DEFAULT_CALIBRATION_MARGIN = 10;
/** The `.nproj` unit conversion (pt per nu). */
export const PROJECT_UNIT_CONVERSION = 6.72;

/**
 * Each unit as an exact fraction of an inch: `[numerator, denominator]`. `px` is filled in
 * from the dpi at call time.
 */
const INCH_FRACTION: Readonly<Record<Exclude<LengthUnit, 'px'>, readonly [number, number]>> = {
  nu: [56, 600],
  pt: [1, 72],
  pu: [1, 72],
  mm: [10, 254],
  cm: [100, 254],
  in: [1, 1],
  inch: [1, 1],
  px600: [1, 600],
  css: [1, 96],
};

function fraction(unit: string, dpi: number): readonly [number, number] {
  if (unit === 'px') {
    if (!(dpi > 0) || !Number.isFinite(dpi))
      throw new RangeError(`dpi must be a positive number, got ${dpi}`);
    return [1, dpi];
  }
  const f = Object.hasOwn(INCH_FRACTION, unit) ? INCH_FRACTION[unit as Exclude<LengthUnit, 'px'>] : undefined;
  if (!f) throw new Error('Invalid unit');
  return f;
}

/** True when `unit` is a unit name {@link convert} accepts. */
export function isLengthUnit(unit: string): unit is LengthUnit {
  return unit === 'px' || Object.hasOwn(INCH_FRACTION, unit);
}

/**
 * Converts a length between units. `dpi` is the resolution of `px` (default 600) and is ignored
 * for other units. Throws `Error('Invalid unit')` for an unknown unit name.
 */
export function convert(
  value: number,
  from: LengthUnit | string,
  to: LengthUnit | string,
  dpi = PRINT_DPI,
): number {
  const [fn, fd] = fraction(from, dpi);
  const [tn, td] = fraction(to, dpi);
  if (from === to) return value;
  return (value * (fn * td)) / (fd * tn);
}

/** Ncode units → points (`pt = 6.72·nu`). */
export function nuToPt(nu: number): number {
  return convert(nu, 'nu', 'pt');
}

/** Points → Ncode units (`nu = pt·25/168`). */
export function ptToNu(pt: number): number {
  return convert(pt, 'pt', 'nu');
}

/** Ncode units → millimetres. */
export function nuToMm(nu: number): number {
  return convert(nu, 'nu', 'mm');
}

/** Millimetres → Ncode units. */
export function mmToNu(mm: number): number {
  return convert(mm, 'mm', 'nu');
}

/** Millimetres → points. */
export function mmToPt(mm: number): number {
  return convert(mm, 'mm', 'pt');
}

/** Points → millimetres. */
export function ptToMm(pt: number): number {
  return convert(pt, 'pt', 'mm');
}

/** Ncode units → pixels at `dpi` (default 600: 56 px per nu). */
export function nuToPx(nu: number, dpi = PRINT_DPI): number {
  return convert(nu, 'nu', 'px', dpi);
}

/** Pixels at `dpi` (default 600) → Ncode units. */
export function pxToNu(px: number, dpi = PRINT_DPI): number {
  return convert(px, 'px', 'nu', dpi);
}
