/**
 * Learning materials of a lecture (classroom.md §3 Textbook, §5 "Add learning material"):
 * built-in REGULAR textbooks and user-registered POD materials on reserved Ncode pages.
 */

import type { AttachmentKind, Textbook } from '@dotink/contracts/edu';
import type { Kysely } from 'kysely';
import { pagesIssuedToSchool } from '../../codes/issuedPages';
import type { Database, TextbookType } from '../../db/schema';
import { badRequest } from '../../http/errors';
import type { TextbookRow } from '../access';
import { INT32_MAX, isBlank } from '../fields';
import { EduMessage, tooManyPages } from '../messages';

/** PDF limit of a user-registered material (§9). */
export const MAX_POD_PAGES = 500;

export const attachmentMime: Readonly<Record<AttachmentKind, string>> = {
  pdf: 'application/pdf',
  nproj: 'application/xml',
};

/** The address the attachment of a material is downloaded from. */
export function attachmentUri(publicUrl: string, t: TextbookRow, kind: AttachmentKind): string {
  return `${publicUrl}/edu/v1/curriculum/${t.curriculum_id}/textbook/${t.id}/attachment/${kind}`;
}

/** How a material's pages are labelled (classroom.md §5): a built-in book's rule, else by number. */
export type MaterialNaming = Pick<Textbook, 'pageNaming' | 'firstPage'>;

/** The page naming of each material of `rows` (built-in books: their rule and first page). */
export async function namingOf(
  db: Kysely<Database>,
  rows: readonly TextbookRow[],
): Promise<(t: TextbookRow) => MaterialNaming> {
  const ids = [
    ...new Set(rows.flatMap((t) => (t.builtin_textbook_id === null ? [] : [t.builtin_textbook_id]))),
  ];
  const builtins =
    ids.length === 0
      ? []
      : await db
          .selectFrom('builtin_textbooks')
          .select(['id', 'page_naming', 'first_page'])
          .where('id', 'in', ids)
          .execute();
  const byId = new Map(builtins.map((b) => [b.id, b]));
  return (t) => {
    const b = t.builtin_textbook_id === null ? undefined : byId.get(t.builtin_textbook_id);
    return b
      ? { pageNaming: b.page_naming, firstPage: b.first_page }
      : { pageNaming: 'number', firstPage: t.ncode_start_page };
  };
}

/** A material row as the apps read it. */
export function toTextbook(
  publicUrl: string,
  t: TextbookRow,
  classId: number,
  naming: MaterialNaming,
): Textbook {
  const file = (kind: AttachmentKind, sha: string | null, name: string | null) =>
    sha === null
      ? null
      : {
          originalName: name ?? `${t.title}.${kind}`,
          mimeType: attachmentMime[kind],
          downloadUri: attachmentUri(publicUrl, t, kind),
        };
  return {
    id: t.id,
    curriculumId: t.curriculum_id,
    eduClassId: classId,
    type: t.type,
    typeDiv: t.type,
    builtinTextbookId: t.builtin_textbook_id,
    title: t.title,
    description: t.description,
    createdAt: t.created_at.toISOString(),
    section: t.section,
    owner: t.owner,
    book: t.book,
    ncodeStartPage: t.ncode_start_page,
    ncodeEndPage: t.ncode_end_page,
    numPages: t.num_pages,
    pdfFile: file('pdf', t.pdf_sha256, t.pdf_name),
    nprojFile: file('nproj', t.nproj_sha256, t.nproj_name),
    pageNaming: naming.pageNaming,
    firstPage: naming.firstPage,
  };
}

/** The materials of a lecture, oldest first. */
export async function listTextbooks(db: Kysely<Database>, curriculumId: number): Promise<TextbookRow[]> {
  return db
    .selectFrom('textbooks')
    .selectAll()
    .where('curriculum_id', '=', curriculumId)
    .orderBy('id')
    .execute();
}

/** What a new material covers. */
export interface MaterialInput {
  readonly title?: string | undefined;
  readonly description?: string | undefined;
  readonly builtinTextbookId?: number | undefined;
  readonly section?: number | undefined;
  readonly owner?: number | undefined;
  readonly book?: number | undefined;
  readonly ncodeStartPage?: number | undefined;
  readonly ncodeEndPage?: number | undefined;
  readonly numPages?: number | undefined;
}

interface Resolved {
  readonly type: TextbookType;
  readonly builtinTextbookId: number | null;
  readonly title: string;
  readonly description: string;
  readonly section: number;
  readonly owner: number;
  readonly book: number;
  readonly start: number;
  readonly end: number;
}

const inputError = () => badRequest(EduMessage.materialInput);

/** A REGULAR material: a built-in textbook (by id, or by its book address), whole or a page range of it. */
async function resolveRegular(db: Kysely<Database>, input: MaterialInput): Promise<Resolved> {
  let q = db.selectFrom('builtin_textbooks').selectAll();
  if (input.builtinTextbookId !== undefined) q = q.where('id', '=', input.builtinTextbookId);
  else if (input.section !== undefined && input.owner !== undefined && input.book !== undefined)
    q = q
      .where('section', '=', input.section)
      .where('owner', '=', input.owner)
      .where('book', '=', input.book);
  else throw inputError();
  const builtin = await q.orderBy('id').executeTakeFirst();
  if (!builtin) throw inputError();
  const first = builtin.first_page;
  const last = first + builtin.num_pages - 1;
  const start = input.ncodeStartPage ?? first;
  const end = input.ncodeEndPage ?? last;
  if (start < first || end > last || end < start) throw badRequest(EduMessage.pageRange);
  return {
    type: 'REGULAR',
    builtinTextbookId: builtin.id,
    title: input.title!.trim(),
    description: input.description?.trim() ?? '',
    section: builtin.section,
    owner: builtin.owner,
    book: builtin.book,
    start,
    end,
  };
}

/**
 * A POD material on Ncode pages reserved for it — issued to a teacher of the school (400
 * otherwise) — at most 500 pages.
 */
async function resolvePod(db: Kysely<Database>, schoolId: number, input: MaterialInput): Promise<Resolved> {
  const { section, owner, book, ncodeStartPage: start } = input;
  if (section === undefined || owner === undefined || book === undefined || start === undefined)
    throw inputError();
  const end = input.ncodeEndPage ?? (input.numPages === undefined ? undefined : start + input.numPages - 1);
  if (end === undefined) throw inputError();
  if (end < start || end > INT32_MAX) throw badRequest(EduMessage.pageRange);
  const count = end - start + 1;
  if (count > MAX_POD_PAGES) throw badRequest(tooManyPages(count));
  const builtin = await db
    .selectFrom('builtin_textbooks')
    .select('id')
    .where('section', '=', section)
    .where('owner', '=', owner)
    .where('book', '=', book)
    .executeTakeFirst();
  if (builtin) throw inputError();
  if (!(await pagesIssuedToSchool(db, schoolId, { section, owner, book, start, end })))
    throw badRequest(EduMessage.pagesNotIssued);
  return {
    type: 'POD',
    builtinTextbookId: null,
    title: input.title!.trim(),
    description: input.description?.trim() ?? '',
    section,
    owner,
    book,
    start,
    end,
  };
}

/**
 * Registers a material in a lecture. 400 'There is an error in the input values (course /
 * material name / file selection)' without a name or a book, 'This learning material is
 * already registered.' for the same pages twice in a lecture, 'too many pages (n)' over 500; a
 * POD material on pages not issued to the school `schoolId`: 400.
 */
export async function createTextbook(
  db: Kysely<Database>,
  schoolId: number,
  curriculumId: number,
  kind: 'REGULAR' | 'POD',
  input: MaterialInput,
): Promise<TextbookRow> {
  if (isBlank(input.title)) throw inputError();
  const r = kind === 'REGULAR' ? await resolveRegular(db, input) : await resolvePod(db, schoolId, input);
  const same = await db
    .selectFrom('textbooks')
    .select('id')
    .where('curriculum_id', '=', curriculumId)
    .where('section', '=', r.section)
    .where('owner', '=', r.owner)
    .where('book', '=', r.book)
    .where('ncode_start_page', '=', r.start)
    .where('ncode_end_page', '=', r.end)
    .executeTakeFirst();
  if (same) throw badRequest(EduMessage.materialRegistered);
  return db
    .insertInto('textbooks')
    .values({
      curriculum_id: curriculumId,
      type: r.type,
      builtin_textbook_id: r.builtinTextbookId,
      title: r.title,
      description: r.description,
      section: r.section,
      owner: r.owner,
      book: r.book,
      ncode_start_page: r.start,
      ncode_end_page: r.end,
      num_pages: r.end - r.start + 1,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
