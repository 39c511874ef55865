import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FILE_NAME_MESSAGES, fileNameProblem, suggestFileName } from './fileName';

describe('file names', () => {
  it('accept Korean, English, Chinese, Japanese, digits and + - _ .', () => {
    for (const ok of [
      '회의록',
      'notes',
      '笔记本',
      '會議',
      'ノート',
      'のーと',
      'ﾉｰﾄ',
      'a+b-c_d.e',
      'v2.0',
      '2026',
    ]) {
      expect(fileNameProblem(ok)).toBeUndefined();
    }
  });

  it('refuse a leading dot', () => {
    expect(fileNameProblem('.hidden')).toBe('leadingDot');
    expect(FILE_NAME_MESSAGES.leadingDot).toBe('A file name cannot start with a dot.');
  });

  it('refuse other characters', () => {
    for (const bad of ['a b', 'a/b', 'a\\b', 'x?', 'é', 'a*b', 'emoji😀', 'tab\t']) {
      expect(fileNameProblem(bad)).toBe('characters');
    }
    expect(fileNameProblem('')).toBe('empty');
  });

  it('suggest a valid name for any title (property)', () => {
    fc.assert(
      fc.property(fc.string(), (title) => {
        expect(fileNameProblem(suggestFileName(title))).toBeUndefined();
      }),
    );
  });
});
