import { answerSchema } from '@dotink/contracts/answer';
import { EduMessage, type EduMessageKey, tooManyPages } from '@dotink/contracts/eduMessages';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorText } from '../app/services';
import { classroomText, type T } from '../i18n/text';
import { ApiError, readAnswer } from './client';

const LANGUAGES = ['ko', 'en', 'ja', 'zh-TW'] as const;

/** What the user reads of a failed answer carrying `message`, in `lang`. */
async function shown(lang: (typeof LANGUAGES)[number], message: string, status = 400): Promise<string> {
  const res = new Response(JSON.stringify({ ok: false, message, data: null }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
  const error = await readAnswer(res, answerSchema(z.null())).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  const t: T = (key, params) => classroomText(lang, key, params);
  return errorText(t, error);
}

describe('every message the education API can send reaches the user in ko, en, ja and zh-TW', () => {
  const sent: [EduMessageKey, string][] = (Object.entries(EduMessage) as [EduMessageKey, string][]).map(
    ([k, v]) => [k, k === 'tooManyPages' ? tooManyPages(501) : v],
  );

  it.each(sent)('%s', async (_key, message) => {
    const texts = await Promise.all(LANGUAGES.map((lang) => shown(lang, message)));
    for (const text of texts) {
      expect(text.trim()).not.toBe('');
      expect(text).not.toMatch(/\{\w+\}/); // every value filled in
    }
    const [ko, en, ja, zhTW] = texts;
    // English says what the server said; the others say it in their language
    expect(en).toBe(message);
    for (const other of [ko, ja, zhTW]) expect(other).not.toBe(en);
    if (message.includes('501')) for (const text of texts) expect(text).toContain('501');
  });

  it('a refusal the catalogue does not know (a library validation text) is never shown raw', async () => {
    const raw = 'body/0/name: Too small: expected string to have >=1 characters';
    for (const lang of LANGUAGES) {
      const text = await shown(lang, raw);
      expect(text).not.toContain('Too small');
      expect(text).toContain('400');
    }
    expect(await shown('ko', raw)).not.toBe(await shown('en', raw));
  });
});
