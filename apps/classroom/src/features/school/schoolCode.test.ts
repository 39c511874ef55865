import { describe, expect, it } from 'vitest';
import { classroomText, type T } from '../../i18n/text';
import { schoolDetails } from './schoolCode';

const tIn =
  (lang: 'ko' | 'en'): T =>
  (key, params) =>
    classroomText(lang, key, params);

describe('the school choice', () => {
  it('shows region and level beside the name, in the user language', () => {
    const seoulElementary = { eduOfficeCode: 'B10', schoolTypeCode: '0' };
    expect(schoolDetails(tIn('en'), seoulElementary)).toBe('Seoul · elementary school');
    expect(schoolDetails(tIn('ko'), seoulElementary)).toBe('서울 · 초등학교');
    expect(schoolDetails(tIn('ko'), { eduOfficeCode: 'J10', schoolTypeCode: '2' })).toBe('경기 · 고등학교');
    // an office code of no region: the level alone
    expect(schoolDetails(tIn('en'), { eduOfficeCode: 'X1', schoolTypeCode: '1' })).toBe('middle school');
  });
});
