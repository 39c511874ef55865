import { describe, expect, it } from 'vitest';
import { classroomText, type T } from '../../i18n/text';
import { problemsOf } from './ImportDialog';

describe('the problems of a file that is not a spreadsheet', () => {
  it("never show the reader's own English text, in any language", () => {
    const reason = "Can't find end of central directory : is this a zip file ?";
    for (const lang of ['ko', 'en', 'ja', 'zh-TW'] as const) {
      const t: T = (key, params) => classroomText(lang, key, params);
      const problems = problemsOf(t, { kind: 'error', reason }, undefined);
      expect(problems.length).toBeGreaterThan(0);
      for (const p of problems) expect(p).not.toContain('central directory');
    }
  });
});
