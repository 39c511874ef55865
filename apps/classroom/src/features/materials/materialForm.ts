/**
 * The rules of the add-learning-material dialog (classroom.md §5, §9), as pure functions: the
 * form's checks, the duplicate rule, the code-page request size, the page ranges of a built-in
 * textbook's units, and the server's refusals in the user's language.
 */
import type { CategoryInfoEntry, Textbook, TextbookCategory } from '@dotink/contracts/edu';
import { type EduMessageKey, eduMessageKey } from '@dotink/contracts/eduMessages';
import { ApiError } from '../../api/client';
import type { ClassroomKey } from '../../i18n/text';

/** PDF limit of a user material (§9). */
export const MAX_POD_PAGES = 500;
/** Added to the rounded page size (mm) of a code-page request (§7). */
export const CODE_PAPER_PAD_MM = 20;
const MM_PER_PT = 25.4 / 72;

export type MaterialKind = 'REGULAR' | 'POD';

/** The dialog's fields. */
export interface MaterialForm {
  readonly kind: MaterialKind;
  readonly courseName: string;
  readonly materialName: string;
  /** REGULAR: the built-in textbook id (1–9). */
  readonly bookId?: number | undefined;
  /** REGULAR: the chosen unit's pages (whole book when absent). */
  readonly range?: PageRange | undefined;
  /** POD: the chosen file's name. */
  readonly fileName?: string | undefined;
}

export interface PageRange {
  readonly start: number;
  readonly end: number;
}

/** Blank after removing every space (§5: the material name). */
export const isBlankName = (s: string): boolean => s.replace(/\s/g, '') === '';

/** A `.pdf` file name (case-insensitive). */
export const isPdfName = (name: string | undefined): boolean => !!name && /\.pdf$/i.test(name.trim());

/**
 * The message key of the first failed rule, or undefined when the form may be sent: course name
 * and material name non-blank and (POD) a .pdf file, else the combined error line; REGULAR needs
 * a chosen textbook.
 */
export function formError(f: MaterialForm): ClassroomKey | undefined {
  if (f.courseName.trim() === '' || isBlankName(f.materialName)) return 'materials.inputError';
  if (f.kind === 'POD') return isPdfName(f.fileName) ? undefined : 'materials.inputError';
  return f.bookId === undefined ? 'materials.chooseRegular' : undefined;
}

/** The pages a REGULAR choice covers: the unit's, else the whole book. */
export function regularRange(book: CategoryInfoEntry, range: PageRange | undefined): PageRange {
  if (range) return range;
  const first = book.pageInfo.firstPage;
  return { start: first, end: first + book.numPages - 1 };
}

/** Already registered in the lecture: same section, owner, book, start page and end page (§5). */
export function isDuplicate(
  list: readonly Textbook[],
  m: { section: number; owner: number; book: number; start: number; end: number },
): boolean {
  return list.some(
    (t) =>
      t.section === m.section &&
      t.owner === m.owner &&
      t.book === m.book &&
      t.ncodeStartPage === m.start &&
      t.ncodeEndPage === m.end,
  );
}

/** The width and height (mm) of a code-page request for a PDF page of `widthPt × heightPt`: rounded mm + 20. */
export function codePaperSize(widthPt: number, heightPt: number): { width: number; height: number } {
  return {
    width: Math.round(widthPt * MM_PER_PT) + CODE_PAPER_PAD_MM,
    height: Math.round(heightPt * MM_PER_PT) + CODE_PAPER_PAD_MM,
  };
}

/** A unit choice of a built-in textbook: depth for indenting, title and pages. */
export interface UnitChoice {
  readonly key: string;
  readonly depth: number;
  readonly title: string;
  readonly range: PageRange;
}

/** The units and sub-units of a textbook, depth first. */
export function unitChoices(categories: readonly TextbookCategory[], depth = 0, prefix = ''): UnitChoice[] {
  return categories.flatMap((c, i) => {
    const key = `${prefix}${i}`;
    return [
      { key, depth, title: c.title, range: { start: c.startPage, end: c.endPage } },
      ...unitChoices(c.subCategories, depth + 1, `${key}.`),
    ];
  });
}

/** The education API's refusals of the material calls (by `EduMessage` key) in this feature's words. */
const SERVER_REFUSALS: Readonly<Partial<Record<EduMessageKey, ClassroomKey>>> = {
  materialInput: 'materials.inputError',
  materialRegistered: 'materials.alreadyRegistered',
  notPdf: 'materials.notPdf',
  pagesNotIssued: 'materials.pagesNotIssued',
  pdfLongerThanRange: 'materials.pdfLonger',
  fileTooLarge: 'materials.fileTooLarge',
};

/**
 * A refusal of the material calls as a message of this feature ('too many pages (n)' keeps its
 * count), or undefined for any other failure (shown with the app's generic text).
 */
export function materialRefusal(
  error: unknown,
): { key: ClassroomKey; params?: { count: number } } | undefined {
  if (!(error instanceof ApiError) || error.serverMessage === undefined) return undefined;
  const known = eduMessageKey(error.serverMessage);
  if (known?.key === 'tooManyPages')
    return { key: 'materials.tooManyPages', params: { count: known.params.count ?? 0 } };
  const key = known ? SERVER_REFUSALS[known.key] : undefined;
  return key ? { key } : undefined;
}
