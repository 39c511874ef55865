import type { CategoryInfoEntry, Textbook } from '@dotink/contracts/edu';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import {
  codePaperSize,
  formError,
  isBlankName,
  isDuplicate,
  materialRefusal,
  regularRange,
  unitChoices,
} from './materialForm';

const form = { kind: 'POD' as const, courseName: 'Math', materialName: 'Sheet', fileName: 'a.pdf' };

describe('add learning material rules (classroom.md §5)', () => {
  it('wants a course name, a material name not blank without spaces, and a .pdf for POD', () => {
    expect(formError(form)).toBeUndefined();
    expect(formError({ ...form, fileName: 'A.PDF' })).toBeUndefined();
    expect(formError({ ...form, courseName: '  ' })).toBe('materials.inputError');
    expect(formError({ ...form, materialName: ' \u3000\t ' })).toBe('materials.inputError');
    expect(formError({ ...form, fileName: 'a.docx' })).toBe('materials.inputError');
    expect(formError({ ...form, fileName: undefined })).toBe('materials.inputError');
    const regular = { kind: 'REGULAR' as const, courseName: 'Math', materialName: 'Book' };
    expect(formError(regular)).toBe('materials.chooseRegular');
    expect(formError({ ...regular, bookId: 3 })).toBeUndefined();
  });

  it('a name is blank exactly when removing its spaces leaves nothing', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(isBlankName(s)).toBe(s.split('').every((c) => /\s/.test(c)));
      }),
    );
  });

  it('refuses the same section, owner, book, start and end page twice', () => {
    const t = { section: 3, owner: 1012, book: 1191, ncodeStartPage: 1, ncodeEndPage: 124 } as Textbook;
    const m = { section: 3, owner: 1012, book: 1191, start: 1, end: 124 };
    expect(isDuplicate([t], m)).toBe(true);
    expect(isDuplicate([t], { ...m, end: 10 })).toBe(false);
    expect(isDuplicate([t], { ...m, book: 1192 })).toBe(false);
    expect(isDuplicate([], m)).toBe(false);
  });

  it('asks code pages for the page size in mm, rounded, plus 20', () => {
    expect(codePaperSize(595, 842)).toEqual({ width: 210 + 20, height: 297 + 20 });
    expect(codePaperSize(612, 792)).toEqual({ width: 216 + 20, height: 279 + 20 });
  });

  it('lists units depth first and covers the whole book without one', () => {
    const book = {
      pageInfo: { section: 3, owner: 1012, book: 1191, firstPage: 1 },
      numPages: 124,
      categories: [
        {
          title: 'U1',
          startPage: 3,
          endPage: 20,
          subCategories: [{ title: 'U1.1', startPage: 3, endPage: 9, subCategories: [] }],
        },
        { title: 'U2', startPage: 21, endPage: 40, subCategories: [] },
      ],
    } as unknown as CategoryInfoEntry;
    expect(regularRange(book, undefined)).toEqual({ start: 1, end: 124 });
    expect(unitChoices(book.categories).map((u) => [u.key, u.depth, u.title, u.range.start])).toEqual([
      ['0', 0, 'U1', 3],
      ['0.0', 1, 'U1.1', 3],
      ['1', 0, 'U2', 21],
    ]);
  });

  it("reads the server's refusals as this feature's messages, keeping the page count", () => {
    expect(materialRefusal(new ApiError(400, undefined, {}, 'too many pages (501)'))).toEqual({
      key: 'materials.tooManyPages',
      params: { count: 501 },
    });
    expect(
      materialRefusal(new ApiError(400, undefined, {}, 'This learning material is already registered.')),
    ).toEqual({ key: 'materials.alreadyRegistered' });
    expect(materialRefusal(new ApiError(500, 'error.status'))).toBeUndefined();
    expect(materialRefusal(new Error('x'))).toBeUndefined();
  });
});
