import { InkMessage } from '@dotink/contracts/inkMessages';
import { describe, expect, it } from 'vitest';
import { ApiError, answerFailure } from '../../api/client';
import { classroomText, type T } from '../../i18n/text';
import { statusText } from './LiveStatusBadge';

const tIn =
  (lang: 'en' | 'ko' | 'ja' | 'zh-TW'): T =>
  (key, params) =>
    classroomText(lang, key, params);

describe("the live room's state as the teacher reads it", () => {
  it("says why writing could not be fetched in the teacher's language, never in the server's words", () => {
    const refused = answerFailure(403, 'Forbidden', {
      ok: false,
      message: InkMessage.otherSchool,
      data: null,
    });
    const ko = statusText(tIn('ko'), { kind: 'catchUpFailed', error: refused }, 0);
    expect(ko).toContain(classroomText('ko', 'server.ink.otherSchool'));
    expect(ko).not.toContain('Forbidden');
    const offline = statusText(
      tIn('ja'),
      { kind: 'catchUpFailed', error: new ApiError(0, 'error.network') },
      0,
    );
    expect(offline).toContain(classroomText('ja', 'error.network'));
    expect(offline).not.toContain('error.network');
  });
});
