/**
 * QR label sheets (classroom.md §3, §9): 3 × 8 labels of 64 × 34 mm, 3 mm between columns and
 * none between rows, centred on an A4 page of 595 × 842 pt; the payload is base64 of
 * `id|password|mac`.
 */

export const PT_PER_MM = 72 / 25.4;
export const PAGE_PT = { width: 595, height: 842 } as const;
export const SHEET = { columns: 3, rows: 8, widthMm: 64, heightMm: 34, gapXMm: 3, gapYMm: 0 } as const;
/** Inner padding of a label (pt) and the QR code's side (mm). */
export const LABEL_PADDING_PT = 2;
export const QR_MM = 30;
export const LABELS_PER_PAGE = SHEET.columns * SHEET.rows;

/** A label's box on its page, in points from the bottom-left corner (PDF space). */
export interface LabelRect {
  readonly page: number;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** The box of label `index` (0-based, filled row by row, page after page). */
export function labelRect(index: number): LabelRect {
  if (!Number.isInteger(index) || index < 0) throw new RangeError(`label index ${index} is not a cell`);
  const width = SHEET.widthMm * PT_PER_MM;
  const height = SHEET.heightMm * PT_PER_MM;
  const gapX = SHEET.gapXMm * PT_PER_MM;
  const gapY = SHEET.gapYMm * PT_PER_MM;
  const left = (PAGE_PT.width - (SHEET.columns * width + (SHEET.columns - 1) * gapX)) / 2;
  const top = (PAGE_PT.height - (SHEET.rows * height + (SHEET.rows - 1) * gapY)) / 2;
  const cell = index % LABELS_PER_PAGE;
  const col = cell % SHEET.columns;
  const row = Math.floor(cell / SHEET.columns);
  return {
    page: Math.floor(index / LABELS_PER_PAGE),
    x: left + col * (width + gapX),
    y: PAGE_PT.height - top - (row + 1) * height - row * gapY,
    width,
    height,
  };
}

/** The QR payload of a pupil: base64 of the UTF-8 of `id|password|mac`. */
export function labelPayload(id: string, password: string, mac: string): string {
  const bytes = new TextEncoder().encode(`${id}|${password}|${mac}`);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}
