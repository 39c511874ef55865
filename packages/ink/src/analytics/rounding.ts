/**
 * The classroom's number rules (classroom.md §9): rates and speeds with one decimal, times in
 * minutes with one decimal, rates as percentages of the total pages.
 */

/** ms per minute. */
export const MS_PER_MINUTE = 60_000;

/** Rounds to one decimal, halves away from zero (1.25 → 1.3, −1.25 → −1.3); never −0. */
export function roundOneDecimal(x: number): number {
  if (!Number.isFinite(x)) return x;
  // Round the tenths count after a tiny nudge so a half stored just below itself still rounds up
  // ((12.1 + 12.2) / 2 × 10 is 121.49999999999999).
  const tenths = Math.round(Math.abs(x) * 10 * (1 + Number.EPSILON));
  const r = (Math.sign(x) * tenths) / 10;
  return r === 0 ? 0 : r;
}

/** A figure as shown: rounded by {@link roundOneDecimal}, with its one decimal ('12.5', '0.0'). */
export function formatOneDecimal(x: number): string {
  return roundOneDecimal(x).toFixed(1);
}

/** ms → minutes, one decimal. */
export function msToMinutes(ms: number): number {
  return roundOneDecimal(ms / MS_PER_MINUTE);
}

/** `part / total × 100`, one decimal; 0 when there are no pages. */
export function percentOf(part: number, total: number): number {
  return total > 0 ? roundOneDecimal((part / total) * 100) : 0;
}

/** Writing rate: pages written / total pages × 100, one decimal. */
export function writingRatePct(pagesWritten: number, totalPages: number): number {
  return percentOf(pagesWritten, totalPages);
}

/** Content (learning) rate: pages with a tapped link / total pages × 100, one decimal. */
export function contentRatePct(pagesWithTappedLink: number, totalPages: number): number {
  return percentOf(pagesWithTappedLink, totalPages);
}
