/**
 * Page-range strings of the print dialog (fact sheet §9): "1-3, 5" for pages 1, 2, 3 and 5 of a
 * document of N pages (1-based).
 *
 * Normalising (what the field shows on blur):
 * - empty (or only spaces) → `1-N`;
 * - a hyphen with spaces around it joins its neighbours: `1 - 3` is the range 1–3, `8 -` is
 *   `8-` (the fact sheet's [CHOICE]; GRIDA split `1 - 3` into `1`, `-`, `3` and printed all);
 * - a run of hyphens counts as one: `1--4` is the range 1–4 (decision: a doubled hyphen is a
 *   typing slip, and reading it as the range the user obviously meant is safer than GRIDA's
 *   "all pages"; `3-1-9`, with two hyphens between three numbers, is still malformed);
 * - the text splits into tokens on runs of spaces and commas;
 * - a token without `-` is a page kept if it is an integer in 1 … N (0 and garbage dropped);
 * - a token `a-b`: a missing start is 1, a missing end N; both are clamped to 1 … N; start > end
 *   gives nothing; any other token with `-` (garbage, `3-1-9`) is dropped;
 * - duplicates are removed and the pages are written sorted, as comma-space separated runs
 *   (`a-b` for two or more consecutive pages, `a` for a single one).
 *
 * A text that normalises to the empty string is invalid ([CHOICE]: the caller disables Print;
 * GRIDA stored `[NaN]`).
 */

/** The result of {@link parsePageRange}. */
export interface PageRangeResult {
  /** False when no page is selected (Print should be disabled). */
  readonly valid: boolean;
  /** The normalised text ('' when invalid). */
  readonly text: string;
  /** The selected pages, sorted ascending, each once, all in 1 … N (empty when invalid). */
  readonly pages: readonly number[];
}

const DIGITS = /^\d+$/;

type Interval = readonly [number, number];

/** The selected pages as sorted, disjoint, non-adjacent intervals; `undefined` for a bad N. */
function selectPages(text: string, numPages: number): Interval[] | undefined {
  if (!Number.isInteger(numPages) || numPages < 1) return undefined;
  if (text.trim() === '') return [[1, numPages]];
  const picked: Interval[] = [];
  const clamp = (p: number) => Math.min(numPages, Math.max(1, p));
  const joined = text.replace(/\s*(?:-\s*)+/g, '-');
  for (const token of joined.split(/[\s,]+/)) {
    if (token === '') continue;
    const parts = token.split('-');
    if (parts.length === 1) {
      if (!DIGITS.test(token)) continue;
      const p = Number(token);
      if (p >= 1 && p <= numPages) picked.push([p, p]);
      continue;
    }
    if (parts.length !== 2) continue;
    const [a, b] = parts as [string, string];
    if ((a !== '' && !DIGITS.test(a)) || (b !== '' && !DIGITS.test(b))) continue;
    const start = clamp(a === '' ? 1 : Number(a));
    const end = clamp(b === '' ? numPages : Number(b));
    if (start <= end) picked.push([start, end]);
  }
  picked.sort((x, y) => x[0] - y[0]);
  const merged: [number, number][] = [];
  for (const [start, end] of picked) {
    const last = merged[merged.length - 1];
    if (last && start <= last[1] + 1) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

const runsText = (runs: readonly Interval[]): string =>
  runs.map(([a, b]) => (a === b ? `${a}` : `${a}-${b}`)).join(', ');

/**
 * Normalises a page-range text for a document of `numPages` pages (rules in the module doc).
 * Returns '' when no page is selected, or when `numPages` is not a positive integer.
 */
export function normalizePageRange(text: string, numPages: number): string {
  return runsText(selectPages(text, numPages) ?? []);
}

/** Parses a page-range text into the selected pages (rules in the module doc). */
export function parsePageRange(text: string, numPages: number): PageRangeResult {
  const runs = selectPages(text, numPages) ?? [];
  if (runs.length === 0) return { valid: false, text: '', pages: [] };
  const pages: number[] = [];
  for (const [a, b] of runs) for (let p = a; p <= b; p++) pages.push(p);
  return { valid: true, text: runsText(runs), pages };
}

/**
 * Writes pages (any order, duplicates allowed, integers ≥ 1) as a normalised range text,
 * e.g. [5, 1, 2, 3] → "1-3, 5".
 */
export function formatPageRange(pages: readonly number[]): string {
  const sorted = [...new Set(pages.filter((p) => Number.isInteger(p) && p >= 1))].sort((x, y) => x - y);
  const runs: string[] = [];
  for (let k = 0; k < sorted.length; ) {
    const start = sorted[k]!;
    while (k + 1 < sorted.length && sorted[k + 1] === sorted[k]! + 1) k++;
    const end = sorted[k]!;
    runs.push(start === end ? `${start}` : `${start}-${end}`);
    k++;
  }
  return runs.join(', ');
}

/** True for a character the page-range field accepts while typing: a digit, `,`, `-` or space. */
export function isPageRangeChar(ch: string): boolean {
  return /^[0-9, -]$/.test(ch);
}

/** Drops every character the page-range field does not accept while typing. */
export function filterPageRangeInput(text: string): string {
  return text.replace(/[^0-9, -]/g, '');
}
