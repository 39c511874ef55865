/**
 * A book's page as every classroom screen names it (classroom.md §5): ncode's `pageLabel` rule,
 * with the word for 'page' in the user's language for a textbook ('18 page', '18 페이지'), the
 * plain number for a notebook, blank for a textbook's two covers. The live tiles, the enlarged
 * pupil and the analytics' tables all go through here, so a page has one name everywhere.
 */
import type { Textbook } from '@dotink/contracts/edu';
import { type PageNaming, pageLabel } from '@dotink/ncode';
import type { T } from '../i18n/text';

/** A §5 label (the number text the server or {@link pageLabel} gives) as shown. */
export function pageLabelText(t: T, label: string, naming: PageNaming): string {
  if (label === '') return '';
  return naming === 'textbook' ? t('page.label', { n: label }) : label;
}

/** The label of Ncode page `page` of a material, as shown. */
export function materialPageLabel(
  t: T,
  book: Pick<Textbook, 'pageNaming' | 'firstPage'>,
  page: number,
): string {
  return pageLabelText(t, pageLabel(book, page), book.pageNaming);
}
