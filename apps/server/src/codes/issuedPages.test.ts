import { expect, it } from 'vitest';
import { blockPagesInBook } from './issuedPages';

const book = (b: number) => ({ section: 0, owner: 27, book: b });

it('reads the pages of a book an issued block covers, across book changes', () => {
  expect(blockPagesInBook('0.27.667.3', '0.27.667.9', book(667))).toEqual([3, 9]);
  expect(blockPagesInBook('0.27.667.3', '0.27.667.9', book(668))).toBeUndefined();
  // A block longer than a book fills the rest of it, whole books, then the start of the last.
  expect(blockPagesInBook('0.27.667.3', '0.27.669.5', book(667))).toEqual([3, Number.POSITIVE_INFINITY]);
  expect(blockPagesInBook('0.27.667.3', '0.27.669.5', book(668))).toEqual([1, Number.POSITIVE_INFINITY]);
  expect(blockPagesInBook('0.27.667.3', '0.27.669.5', book(669))).toEqual([1, 5]);
  // Another owner or section, or a log row that does not read.
  expect(blockPagesInBook('0.28.667.3', '0.28.667.9', book(667))).toBeUndefined();
  expect(blockPagesInBook('bad', '0.27.667.9', book(667))).toBeUndefined();
});
