import { AnalyticsMessage } from '@dotink/contracts/analyticsMessages';
import { answerSchema } from '@dotink/contracts/answer';
import { LiveMessage } from '@dotink/contracts/eduLive';
import { EduMessage, type EduMessageKey, tooManyPages } from '@dotink/contracts/eduMessages';
import { InkMessage } from '@dotink/contracts/inkMessages';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CLASSROOM_CATALOGUES, classroomText, type T } from '../i18n/text';
import { errorText } from '../lib/services';
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

/** Arguments for each ink store message (the compiler asks for every message added). */
type Samples<M> = { readonly [K in keyof M]: M[K] extends (...args: infer A) => string ? A : [] };
const INK: Samples<typeof InkMessage> = {
  tooManyPageNumbers: [],
  badTag: [],
  badPointer: [],
  badDate: [],
  studentNotFound: [],
  lessonNotFound: [],
  onlyStudents: [],
  onlyTeachers: [],
  otherSchool: [],
  otherSchoolLesson: [],
  notJson: [],
  foreignWriter: ['teacher-7731'],
  recordWriter: [4, 'pupil-5531'],
  tooManyStrokes: [20_417, 20_000],
  invalidUpload: ["Unexpected token '}' in JSON at position 3", 6],
  strokeTimeOutside: ['startTime', Date.UTC(2026, 10, 30, 8), 6, 37],
};
const ANALYTICS: Samples<typeof AnalyticsMessage> = {
  classNotFound: [],
  studentNotInClass: [],
  lectureNotOfClass: [],
  notOwnMaterial: [],
  unitOutside: ['Fractions 2', 41, 44, 1, 40],
};

/** The values the user must read in a message (the writer, the counts, the unit and its pages). */
const SHOWS: Readonly<Record<string, readonly string[]>> = {
  foreignWriter: ['teacher-7731'],
  recordWriter: ['pupil-5531'],
  tooManyStrokes: ['20417', '20000'],
  strokeTimeOutside: ['2026-11-30T08:00:00.000Z'],
  unitOutside: ['Fractions 2', '41', '44', '40'],
};

/** Each message as the server sends it, with the values the user must read in it. */
function sent<M extends Record<string, string | ((...args: never[]) => string)>>(
  messages: M,
  samples: Samples<M>,
): [string, string, readonly string[]][] {
  return Object.entries(messages).map(([key, m]) => {
    const args = samples[key as keyof M] as unknown as never[];
    return [key, typeof m === 'string' ? m : m(...args), SHOWS[key] ?? []];
  });
}

describe('every message the ink store, the analytics and the live paths can send reaches the user in ko, en, ja and zh-TW', () => {
  const cases = [
    ...sent(InkMessage, INK).map(([k, m, v]) => [`ink.${k}`, m, v] as const),
    // each of the three stroke instants the upload's window checks
    ['ink.strokeTimeOutside updated', InkMessage.strokeTimeOutside('updated', 0, 0, 3), ['3']] as const,
    ['ink.strokeTimeOutside lastDot', InkMessage.strokeTimeOutside('lastDot', 0, 0, 3), ['3']] as const,
    ['ink.invalidUpload stroke', InkMessage.invalidUpload('dots: odd length', 2, 9), ['2', '9']] as const,
    ...sent(AnalyticsMessage, ANALYTICS).map(([k, m, v]) => [`analytics.${k}`, m, v] as const),
    ...Object.entries(LiveMessage).map(([k, m]) => [`live.${k}`, m, []] as const),
  ];

  it.each(cases)('%s', async (_key, message, values) => {
    const texts = await Promise.all(LANGUAGES.map((lang) => shown(lang, message)));
    const [ko, en, ja, zhTW] = texts;
    for (const [i, text] of texts.entries()) {
      expect(text.trim()).not.toBe('');
      expect(text).not.toMatch(/\{\w+\}/);
      // its own words, not the generic 'the server refused the request'
      expect(text).not.toBe(classroomText(LANGUAGES[i]!, 'error.refused', { code: 400 }));
      for (const value of values) expect(text).toContain(value);
      // a library's reason why a payload cannot be read stays out
      expect(text).not.toContain('Unexpected token');
      expect(text).not.toContain('odd length');
    }
    for (const other of [ko, ja, zhTW]) expect(other).not.toBe(en);
  });

  it('quotes the field a stroke instant is refused for', async () => {
    const message = InkMessage.strokeTimeOutside('updated', Date.UTC(2026, 10, 30, 8), 0, 3);
    expect(await shown('en', message)).toContain('updated');
    expect(await shown('en', InkMessage.strokeTimeOutside('startTime', 0, 0, 3))).toContain('start');
  });
});

describe('the server messages in the catalogues', () => {
  const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

  it('every server.* key is in ko, en, ja and zh-TW with the same placeholders', () => {
    const en = CLASSROOM_CATALOGUES.en as Record<string, string>;
    const keys = Object.keys(en).filter((k) => k.startsWith('server.'));
    expect(keys.length).toBeGreaterThan(60);
    for (const lang of LANGUAGES) {
      const catalogue = CLASSROOM_CATALOGUES[lang] as Record<string, string>;
      for (const key of keys) {
        expect(catalogue[key], `${lang} ${key}`).toBeTypeOf('string');
        expect(placeholders(catalogue[key]!), `${lang} ${key}`).toEqual(placeholders(en[key]!));
      }
    }
  });
});
