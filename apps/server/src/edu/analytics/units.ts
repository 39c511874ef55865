/**
 * The units (categories) of the book a summary is of (issue 15):
 * - a teacher's own material (POD) named by `curriculumId` (its textbook on that lecture with the
 *   same section, owner, book and start page): its stored units (from the PDF's outline or
 *   edited), pages named by number;
 * - otherwise the built-in book of that address: its vendor category file
 *   (`vendor/categoryFiles.ts`) when there is a valid one, else `builtin_textbooks.categories`
 *   (the demo seed's demo units, or none); its page naming rule;
 * - an unknown book: no units (every page in the unclassified unit), pages named by number.
 */
import type { UnitDefinition, UnitsData } from '@dotink/contracts/eduAnalytics';
import type { BookInput } from '@dotink/ink';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { categoryFileName, categoryFilesOf } from '../../vendor/categoryFiles';
import type { BookRange } from './analyticsInput';

/** A book's units and where they came from. */
export interface BookUnits {
  readonly units: readonly UnitDefinition[];
  readonly source: UnitsData['source'];
  readonly pageNaming: BookInput['pageNaming'];
  /** The book's first Ncode page (its page 1; §5 labels count from it), when known. */
  readonly firstPage?: number | undefined;
}

/** The units of the built-in book at `b` (file, else database, else none). */
export async function builtinUnits(
  db: Kysely<Database>,
  vendorDir: string,
  b: { section: number; owner: number; book: number },
): Promise<BookUnits | undefined> {
  const row = await db
    .selectFrom('builtin_textbooks')
    .select(['page_naming', 'categories', 'first_page'])
    .where('section', '=', b.section)
    .where('owner', '=', b.owner)
    .where('book', '=', b.book)
    .orderBy('id')
    .executeTakeFirst();
  const file = (await categoryFilesOf(vendorDir)).books.get(categoryFileName(b));
  const firstPage = row?.first_page;
  if (file)
    return { units: file.categories, source: 'file', pageNaming: row?.page_naming ?? 'number', firstPage };
  if (!row) return undefined;
  const units = row.categories as readonly UnitDefinition[];
  return { units, source: units.length > 0 ? 'file' : 'none', pageNaming: row.page_naming, firstPage };
}

/** The units of a summary's book (see the module notes). */
export async function unitsOfBook(
  db: Kysely<Database>,
  vendorDir: string,
  range: BookRange,
  curriculumId: number | undefined,
): Promise<BookUnits> {
  if (curriculumId !== undefined) {
    const own = await db
      .selectFrom('textbooks')
      .select(['type', 'units', 'units_source'])
      .where('curriculum_id', '=', curriculumId)
      .where('section', '=', range.section)
      .where('owner', '=', range.owner)
      .where('book', '=', range.book)
      .where('ncode_start_page', '=', range.startPage)
      .where('type', '=', 'POD')
      .orderBy('id')
      .executeTakeFirst();
    if (own) {
      return { units: own.units ?? [], source: own.units_source ?? 'none', pageNaming: 'number' };
    }
  }
  return (await builtinUnits(db, vendorDir, range)) ?? { units: [], source: 'none', pageNaming: 'number' };
}

/** The summary's book input. */
export function bookInput(range: BookRange, units: BookUnits): BookInput {
  return {
    section: range.section,
    owner: range.owner,
    book: range.book,
    startPage: range.startPage,
    endPage: range.endPage,
    pageNaming: units.pageNaming,
    firstPage: units.firstPage,
    units: units.units,
  };
}
