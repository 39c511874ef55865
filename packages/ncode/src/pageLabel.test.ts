import { describe, expect, it } from 'vitest';
import { pageLabel } from './pageLabel';

describe('pageLabel (classroom.md §5)', () => {
  it('names a textbook page by its number minus 2, the two covers blank', () => {
    const book = { pageNaming: 'textbook', firstPage: 1 } as const;
    expect([1, 2, 3, 4, 20].map((p) => pageLabel(book, p))).toEqual(['', '', '1', '2', '18']);
  });

  it('counts from the book’s first Ncode page', () => {
    const book = { pageNaming: 'textbook', firstPage: 10 } as const;
    expect([10, 11, 12, 13].map((p) => pageLabel(book, p))).toEqual(['', '', '1', '2']);
  });

  it('names a notebook page by its plain number', () => {
    const notebook = { pageNaming: 'number', firstPage: 1 } as const;
    expect([1, 2, 3, 500].map((p) => pageLabel(notebook, p))).toEqual(['1', '2', '3', '500']);
  });
});
