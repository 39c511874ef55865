/**
 * The built-in learning materials of classroom.md §3: grade 3–6 mathematics, semester 1
 * (ids 1–4, with page backgrounds) and semester 2 (ids 5–8, without), and the smart-plate
 * notebook (id 9). Reference data: written on every start, whatever else is seeded.
 */
import type { Insertable, Kysely } from 'kysely';
import type { BuiltinTextbooksTable, Database } from '../db/schema';

/** A built-in textbook record (the `categories` units are filled when the textbook data lands). */
export interface BuiltinTextbook {
  readonly id: number;
  readonly title: string;
  readonly year: number;
  readonly semester: number | null;
  readonly grade: number | null;
  readonly subject: string;
  readonly section: number;
  readonly owner: number;
  readonly book: number;
  readonly firstPage: number;
  readonly numPages: number;
  readonly pageMarginLeft: number;
  readonly hasBackground: boolean;
  readonly pageNaming: 'textbook' | 'number';
}

/** Registration year default (classroom.md §9). */
const YEAR = 2021;
const MATH_OWNER = 1012;
const MATH_SECTION = 3;

const semester1 = [
  { grade: 3, book: 1191, numPages: 124 },
  { grade: 4, book: 1192, numPages: 108 },
  { grade: 5, book: 1193, numPages: 106 },
  { grade: 6, book: 1194, numPages: 118 },
];
const semester2 = [
  { grade: 3, book: 3033, numPages: 100 },
  { grade: 4, book: 3034, numPages: 92 },
  { grade: 5, book: 3035, numPages: 82 },
  { grade: 6, book: 3036, numPages: 81 },
];

const math = (
  id: number,
  semester: 1 | 2,
  b: { grade: number; book: number; numPages: number },
): BuiltinTextbook => ({
  id,
  title: `수학 ${b.grade}-${semester}`,
  year: YEAR,
  semester,
  grade: b.grade,
  subject: 'math',
  section: MATH_SECTION,
  owner: MATH_OWNER,
  book: b.book,
  firstPage: 1,
  numPages: b.numPages,
  pageMarginLeft: 0,
  hasBackground: semester === 1,
  pageNaming: 'textbook',
});

export const builtinTextbooks: readonly BuiltinTextbook[] = [
  ...semester1.map((b, i) => math(i + 1, 1, b)),
  ...semester2.map((b, i) => math(i + 5, 2, b)),
  {
    id: 9,
    title: '스마트 플레이트 노트',
    year: YEAR,
    semester: null,
    grade: null,
    subject: 'notebook',
    section: 2050,
    owner: 1,
    book: 1,
    firstPage: 1,
    numPages: 500,
    pageMarginLeft: 0,
    hasBackground: false,
    pageNaming: 'number',
  },
];

/** The built-in textbook id for a grade's semester-1 book (kumi.curriculum_id: 3 → 1 … 6 → 4). */
export function builtinTextbookForGrade(grade: number): number | null {
  return grade >= 3 && grade <= 6 ? grade - 2 : null;
}

function row(t: BuiltinTextbook): Insertable<BuiltinTextbooksTable> {
  return {
    id: t.id,
    title: t.title,
    year: t.year,
    semester: t.semester,
    grade: t.grade,
    subject: t.subject,
    type: 'REGULAR',
    section: t.section,
    owner: t.owner,
    book: t.book,
    first_page: t.firstPage,
    num_pages: t.numPages,
    page_margin_left: t.pageMarginLeft,
    has_background: t.hasBackground,
    nproj_url: null,
    pdf_url: null,
    page_naming: t.pageNaming,
    categories: '[]',
  };
}

/** Writes the catalogue (insert or update by id). */
export async function upsertBuiltinTextbooks(db: Kysely<Database>): Promise<void> {
  for (const t of builtinTextbooks) {
    const { id: _id, categories: _c, ...rest } = row(t);
    await db
      .insertInto('builtin_textbooks')
      .values(row(t))
      .onConflict((oc) => oc.column('id').doUpdateSet(rest))
      .execute();
  }
}
