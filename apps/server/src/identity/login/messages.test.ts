import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INVALID_CREDENTIALS } from '../credentials';
import { lockoutMessage, lockoutMinutes } from '../loginThrottle';
import {
  acceptedTags,
  LANGUAGES,
  LOGIN_MESSAGES,
  type LoginMessages,
  languageOfTag,
  messagesFor,
  pickLanguage,
} from './messages';

/** Every text of a set, with sample values put into the texts that take some. */
function textsOf(m: LoginMessages): Record<string, string> {
  return Object.fromEntries(
    Object.entries(m).map(([key, value]) => [
      key,
      typeof value === 'function' ? (value as (...a: unknown[]) => string)('Google', 'access_denied') : value,
    ]),
  );
}

describe('pickLanguage', () => {
  it.each([
    [undefined, undefined, 'en'],
    ['', '', 'en'],
    [undefined, 'ko-KR,ko;q=0.9,en-US;q=0.8', 'ko'],
    [undefined, 'ko', 'ko'],
    [undefined, 'ja-JP', 'ja'],
    [undefined, 'zh-TW', 'zh-TW'],
    [undefined, 'zh-Hant-HK', 'zh-TW'],
    [undefined, 'zh-hant', 'zh-TW'],
    [undefined, 'zh-HK', 'zh-TW'],
    [undefined, 'zh-CN,zh;q=0.9,ja;q=0.5', 'ja'],
    [undefined, 'zh-Hans-TW,en;q=0.1', 'en'],
    [undefined, 'en-GB', 'en'],
    [undefined, 'de-DE,es;q=0.8', 'en'],
    [undefined, 'de-DE,es;q=0.8,ko;q=0.5', 'ko'],
    [undefined, 'en;q=0.5,ja;q=0.9', 'ja'],
    [undefined, 'ko;q=0,ja;q=0.1', 'ja'],
    [undefined, 'ko;q=abc,ja', 'ja'],
    [undefined, 'kok,ko', 'ko'],
    [undefined, '*', 'en'],
    ['ja', 'ko-KR', 'ja'],
    ['de fr-CA zh-Hant', 'ko-KR', 'zh-TW'],
    ['de', 'ko-KR', 'ko'],
    ['  ko  ', undefined, 'ko'],
    ['EN-us', 'ja', 'en'],
  ] as const)('ui_locales %j, Accept-Language %j → %s', (uiLocales, acceptLanguage, expected) => {
    expect(pickLanguage(uiLocales, acceptLanguage)).toBe(expected);
  });

  it('never throws and always answers one of the four languages', () => {
    const tagish = fc.oneof(
      fc.string(),
      fc.constantFrom('ko', 'ko-KR', 'ja', 'zh-TW', 'zh-Hant', 'zh-CN', 'en', 'de', '*', ';q=0.5', ',', ' '),
    );
    const listOf = (sep: string) => fc.array(tagish, { maxLength: 8 }).map((a) => a.join(sep));
    const input = fc.option(fc.oneof(fc.string(), listOf(' '), listOf(',')), { nil: undefined });
    fc.assert(
      fc.property(input, input, (uiLocales, acceptLanguage) => {
        expect(LANGUAGES).toContain(pickLanguage(uiLocales, acceptLanguage));
      }),
    );
  });

  it('takes a supported ui_locales tag before anything the browser asks for', () => {
    fc.assert(
      fc.property(fc.constantFrom(...LANGUAGES), fc.string(), (lang, acceptLanguage) => {
        expect(pickLanguage(`xx ${lang}`, acceptLanguage)).toBe(lang);
      }),
    );
  });
});

describe('languageOfTag and acceptedTags', () => {
  it('maps tags by their primary subtag, not by a prefix of letters', () => {
    expect(languageOfTag('KO-kr')).toBe('ko');
    expect(languageOfTag('kok')).toBeUndefined();
    expect(languageOfTag('jam')).toBeUndefined();
    expect(languageOfTag('zh')).toBeUndefined();
    expect(languageOfTag('zh-Hant-TW')).toBe('zh-TW');
    expect(languageOfTag('es-419')).toBeUndefined();
  });

  it('orders Accept-Language by q-value, then by position, dropping q=0', () => {
    expect(acceptedTags('de;q=0.3, ja , ko;q=0.8, en;q=0, fr;q=0.8')).toEqual(['ja', 'ko', 'fr', 'de']);
  });
});

describe('the message table', () => {
  it('has a non-empty text for every key in every language', () => {
    const keys = Object.keys(LOGIN_MESSAGES.en).sort();
    for (const lang of LANGUAGES) {
      expect(Object.keys(LOGIN_MESSAGES[lang]).sort()).toEqual(keys);
      for (const [key, text] of Object.entries(textsOf(messagesFor(lang)))) {
        expect(text.trim(), `${lang}.${key}`).not.toBe('');
      }
    }
  });

  it('is translated: the other languages do not reuse the English texts', () => {
    const english = textsOf(LOGIN_MESSAGES.en);
    for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
      for (const [key, text] of Object.entries(textsOf(LOGIN_MESSAGES[lang]))) {
        expect(text, `${lang}.${key}`).not.toBe(english[key]);
      }
    }
  });

  it('puts the values into the texts that take them', () => {
    for (const lang of LANGUAGES) {
      const m = messagesFor(lang);
      expect(m.chooserSub('Test classroom')).toContain('Test classroom');
      expect(m.signInWithUpstream('Google')).toContain('Google');
      expect(m.lockedOut(15)).toContain('15');
      expect(m.passwordTooShort(8)).toContain('8');
      expect(m.passwordHint(8)).toContain('8');
      expect(m.upstreamNotCompleted('Google', 'access_denied')).toContain('access_denied');
    }
  });

  it('keeps the English texts the spec and the password grant use', () => {
    const en = messagesFor('en');
    expect(en.chooserTitle).toBe('Select login account');
    expect(en.invalidCredentials).toBe(INVALID_CREDENTIALS);
    for (const ms of [1, 59_999, 60_000, 60_001, 15 * 60_000, 3_600_000]) {
      expect(en.lockedOut(lockoutMinutes(ms))).toBe(lockoutMessage(ms));
    }
  });
});
