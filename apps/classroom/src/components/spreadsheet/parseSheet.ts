/**
 * The student spreadsheet's rules (classroom.md §4, §5) over the first sheet's cell texts: the
 * header row found by keyword (ko/en/ja, any case), rows with none of number, name and mac
 * skipped, a missing number numbered after the largest, the error bit flags.
 */
import { duplicatePenAddresses, normalizePenAddress } from '@dotink/contracts/penAddress';
import { type RosterRowProblem, rosterRowProblems } from '@dotink/contracts/studentRoster';

/** Error bit flags of classroom.md §4. */
export const SheetError = {
  DUPLICATED: 1,
  SYNTAXERROR: 2,
  THERE_IS_NO_SHEET1: 4,
  NO_HEADER_FIELDS: 8,
} as const;

/** Most students one file adds (the server takes 1,000 rows per save). */
export const MAX_IMPORT_ROWS = 1000;

const KEYWORDS = {
  num: ['번호', 'number', '番号'],
  name: ['이름', 'name', '名前'],
  mac: ['mac'],
} as const;

/** One student row of the sheet. */
export interface SheetRow {
  /** The number given, or the one assigned ('(auto number)'). */
  readonly num: number;
  readonly autoNumber: boolean;
  /** The name, or '' ('(no name)'). */
  readonly name: string;
  /** The address upper-cased as written (canonical when valid). */
  readonly mac: string;
  /** This row's flags (DUPLICATED, SYNTAXERROR). */
  readonly error: number;
  /** Why the server would refuse the list because of this row (shown on it; nothing is saved). */
  readonly problem?: RosterRowProblem;
}

export interface ParsedSheet {
  readonly rows: readonly SheetRow[];
  /** All flags of the file and its rows. */
  readonly error: number;
  /** More data rows than {@link MAX_IMPORT_ROWS}. */
  readonly tooMany?: number;
  /** The 1-based positions of the rows with a {@link SheetRow.problem} (empty: the list is saved). */
  readonly refusedRows: readonly number[];
}

/** Where each column is, or undefined when the row is not the header. */
function headerOf(cells: readonly string[]): { num: number; name: number; mac: number } | undefined {
  const find = (words: readonly string[]) =>
    cells.findIndex((c) => words.some((w) => c.trim().toLowerCase().includes(w.toLowerCase())));
  const num = find(KEYWORDS.num);
  const name = find(KEYWORDS.name);
  const mac = find(KEYWORDS.mac);
  return num >= 0 && name >= 0 && mac >= 0 ? { num, name, mac } : undefined;
}

/**
 * Reads the first sheet (`undefined`: the file has none). `existingNums` are the class's
 * registration numbers, so an automatic number follows the largest of both.
 */
export function parseSheet(
  sheet: readonly (readonly string[])[] | undefined,
  existingNums: readonly number[] = [],
): ParsedSheet {
  if (!sheet) return { rows: [], error: SheetError.THERE_IS_NO_SHEET1, refusedRows: [] };
  const headerIndex = sheet.findIndex((cells) => headerOf(cells) !== undefined);
  if (headerIndex < 0) return { rows: [], error: SheetError.NO_HEADER_FIELDS, refusedRows: [] };
  const col = headerOf(sheet[headerIndex]!)!;
  const raw = sheet
    .slice(headerIndex + 1)
    .map((cells) => ({
      num: (cells[col.num] ?? '').trim(),
      name: (cells[col.name] ?? '').trim(),
      mac: (cells[col.mac] ?? '').trim().toUpperCase(),
    }))
    .filter((r) => r.num !== '' || r.name !== '' || r.mac !== '');
  if (raw.length > MAX_IMPORT_ROWS) return { rows: [], error: 0, tooMany: raw.length, refusedRows: [] };
  let largest = Math.max(0, ...existingNums, ...raw.map((r) => (/^\d+$/.test(r.num) ? Number(r.num) : 0)));
  const canonical = raw.map((r) => normalizePenAddress(r.mac));
  const twice = duplicatePenAddresses(canonical.filter((a): a is string => a !== undefined));
  let error = 0;
  const rows = raw.map((r, i) => {
    const given = /^\d{1,9}$/.test(r.num) && Number(r.num) > 0 ? Number(r.num) : undefined;
    const num = given ?? ++largest;
    const mac = canonical[i];
    const flags =
      (mac === undefined ? SheetError.SYNTAXERROR : 0) | (mac && twice.has(mac) ? SheetError.DUPLICATED : 0);
    error |= flags;
    return { num, autoNumber: given === undefined, name: r.name, mac: mac ?? r.mac, error: flags };
  });
  const problems = rosterRowProblems(rows);
  const refusedRows: number[] = [];
  const withProblems = rows.map((row, i) => {
    const problem = problems[i];
    if (!problem) return row;
    refusedRows.push(i + 1);
    return { ...row, problem };
  });
  return { rows: withProblems, error, refusedRows };
}
