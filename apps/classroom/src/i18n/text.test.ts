import { missingCatalogueKeys } from '@dotink/view/i18n';
import { describe, expect, it } from 'vitest';
import { classroomEn } from './en';
import { CLASSROOM_CATALOGUES, classroomText } from './text';

describe('classroom text', () => {
  it('is complete in Korean, English, Japanese and Traditional Chinese', () => {
    for (const cat of Object.values(CLASSROOM_CATALOGUES))
      expect(missingCatalogueKeys(classroomEn, cat)).toEqual([]);
  });

  it('quotes the spec and falls back to English', () => {
    expect(classroomText('en', 'notApproval.body')).toBe(
      'Your approval for use is not complete. Ask the school administrator for approval.',
    );
    expect(classroomText('de', 'students.updated')).toBe('Student info updated');
    expect(classroomText('ko', 'error.status', { code: 500, text: 'x' })).toBe(
      'response status:500, statusText:x',
    );
  });
});
