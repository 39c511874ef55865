import { describe, expect, it } from 'vitest';
import { oneRosterText } from '../../i18n/oneRoster';
import { type classroomText, textWith } from '../../i18n/text';
import { changesAnything, problemText } from './oneRosterPreview';

const tOf = (language: Parameters<typeof classroomText>[0]) => textWith(language, oneRosterText);

describe('OneRoster preview text', () => {
  it('names the file, row, column, the problem and its value in the user language', () => {
    const p = { file: 'users', row: 5, code: 'numberTwice', column: 'identifier', value: '1' } as const;
    expect(problemText(tOf('en'), p)).toBe(
      'users.csv, row 5, column identifier: another pupil of the class has this number (1)',
    );
    expect(problemText(tOf('ko'), p)).toBe(
      'users.csv, 5행, identifier 열: 학급의 다른 학생이 이 번호를 쓰고 있습니다 (1)',
    );
    expect(problemText(tOf('en'), { file: 'manifest', row: 2, code: 'missingFile' })).toBe(
      'manifest.csv, row 2: the file is missing',
    );
  });

  it('says whether applying would change anything', () => {
    const counts = {
      classesNew: 0,
      classesUpdated: 0,
      classesUnchanged: 2,
      teachersAssigned: 2,
      pupilsNew: 0,
      pupilsUpdated: 0,
      pupilsRemoved: 0,
      pupilsUnchanged: 3,
    };
    const data = { applied: false, school: 's', counts, classes: [], problems: [] };
    expect(changesAnything(data)).toBe(false);
    expect(changesAnything({ ...data, counts: { ...counts, pupilsRemoved: 1 } })).toBe(true);
  });
});
