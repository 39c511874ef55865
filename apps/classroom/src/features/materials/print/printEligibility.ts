/**
 * Which materials print (classroom.md §5): only user-registered (POD) materials created on or
 * after 2021-09-06 09:00. The product is Korean, so the boundary is Korean time (KST, UTC+9):
 * 2021-09-06T00:00:00Z. A creation time written without a zone is read as KST too.
 */
import type { Textbook } from '@dotink/contracts/eduLectures';

/** The first printable creation time: 2021-09-06 09:00 KST, in ms since the epoch. */
export const PRINTABLE_SINCE_MS = Date.UTC(2021, 8, 6, 0, 0, 0);

/** `createdAt` in ms; a time without a zone (`2021-09-06 09:00:00`) is KST. NaN when unreadable. */
export function createdAtMs(createdAt: string): number {
  const text = createdAt.trim().replace(' ', 'T');
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/i.test(text);
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(text);
  return Date.parse(zoned ? text : `${text}${dateOnly ? 'T00:00:00' : ''}+09:00`);
}

/** Whether the material-print button is enabled for `textbook`. */
export function isPrintableMaterial(textbook: Pick<Textbook, 'typeDiv' | 'type' | 'createdAt'>): boolean {
  if ((textbook.typeDiv ?? textbook.type) !== 'POD') return false;
  const at = createdAtMs(textbook.createdAt);
  return Number.isFinite(at) && at >= PRINTABLE_SINCE_MS;
}
