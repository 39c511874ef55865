import { EduMessage } from '@dotink/contracts/eduMessages';
import { describe, expect, it } from 'vitest';
import { ApiError, answerFailure } from '../../api/client';
import { classroomText, type T } from '../../i18n/text';
import { failureText } from './stationText';

const tIn =
  (lang: 'en' | 'ko' | 'ja' | 'zh-TW'): T =>
  (key, params) =>
    classroomText(lang, key, params);

describe("the station's failure text (classroom.md §8)", () => {
  it("shows a server refusal in the pupil's language", () => {
    const error = answerFailure(404, 'Not Found', { ok: false, message: EduMessage.noStudents, data: null });
    expect(failureText(tIn('ko'), error)).toBe(classroomText('ko', 'server.noStudents'));
    expect(failureText(tIn('en'), error)).toBe(EduMessage.noStudents);
  });

  it("never shows a server's or library's own text, even on an error without a catalogue key", () => {
    const raw = 'body/0/data: Too small: expected string to have >=1 characters';
    const error = new ApiError(400, undefined, {}, raw);
    for (const lang of ['ko', 'en', 'ja', 'zh-TW'] as const) {
      const text = failureText(tIn(lang), error);
      expect(text).not.toContain('Too small');
      expect(text).toContain('400');
    }
  });
});
