import type { Textbook } from '@dotink/contracts/edu';
import { describe, expect, it } from 'vitest';
import { classroomText, type T } from '../i18n/text';
import { materialPageLabel, pageLabelText } from './pageLabel';

const en: T = (key, params) => classroomText('en', key, params);
const ko: T = (key, params) => classroomText('ko', key, params);

describe('page labels (classroom.md §5)', () => {
  it('a textbook’s label with the word for page, blank for the covers, the notebook’s plain', () => {
    expect(pageLabelText(en, '3', 'textbook')).toBe('3 page');
    expect(pageLabelText(ko, '3', 'textbook')).toBe('3 페이지');
    expect(pageLabelText(en, '', 'textbook')).toBe('');
    expect(pageLabelText(en, '7', 'number')).toBe('7');
  });

  it('labels a material’s Ncode page by its rule: page 20 of a book from page 1 is "18 page"', () => {
    const book: Pick<Textbook, 'pageNaming' | 'firstPage'> = { pageNaming: 'textbook', firstPage: 1 };
    expect(materialPageLabel(en, book, 20)).toBe('18 page');
    expect(materialPageLabel(en, book, 2)).toBe('');
    expect(materialPageLabel(en, { pageNaming: 'number', firstPage: 1 }, 20)).toBe('20');
  });
});
