/**
 * The 'material print' cell of the textbook table (classroom.md §2, §4, §5, §8): placeholder,
 * built in issue 14.
 */
import type { Textbook } from '@dotink/contracts/eduLectures';

export function MaterialPrintButton(_props: { readonly textbook: Textbook }) {
  return null;
}
