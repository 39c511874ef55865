/** The book and page a tile or the enlarged pupil names (classroom.md §5's label). */
import type { Textbook } from '@dotink/contracts/edu';
import { materialPageLabel } from '../../components/pageLabel';
import type { T } from '../../i18n/text';
import { pageLabelParts } from './liveModel';

/** '수학 3-1 · 18 page'; the book alone on a cover (no label); undefined without a page. */
export function livePageText(
  t: T,
  page: string | undefined,
  textbooks: readonly Textbook[],
): string | undefined {
  const parts = pageLabelParts(page, textbooks);
  if (!parts) return undefined;
  const label = materialPageLabel(t, parts.rule, parts.page);
  return label ? t('live.page', { book: parts.book, page: label }) : parts.book;
}
