import { describe, expect, it } from 'vitest';
import { detectLanguage, interpolate, LANGUAGES, matchLanguage, missingKeys, translate } from './i18n';
import { en } from './messages/en';

describe('interface text', () => {
  it('quotes the spec placeholder exactly', () => {
    expect(translate('en', 'view.pageNotAssigned')).toBe('Page not assigned. please assign a page');
    expect(translate('en', 'board.empty')).toBe('Register a PDF or create a page using a pen');
  });

  it('has complete Korean, English, Japanese and Traditional Chinese sets', () => {
    for (const l of ['ko', 'en', 'ja', 'zh-TW'] as const) expect(missingKeys(l)).toEqual([]);
  });

  it('has empty German and Spanish sets that fall back to English', () => {
    const all = Object.keys(en).length;
    expect(missingKeys('de')).toHaveLength(all);
    expect(missingKeys('es')).toHaveLength(all);
    expect(translate('de', 'replay.play')).toBe('Play');
    expect(translate('es', 'view.pageNotAssigned')).toBe('Page not assigned. please assign a page');
  });

  it('fills placeholders', () => {
    expect(translate('en', 'replay.speed', { speed: 4 })).toBe('x 4');
    expect(translate('ko', 'pen.passwordWrong', { count: 3 })).toContain('3회');
    expect(interpolate('{a} and {b}', { a: 1 })).toBe('1 and {b}');
  });

  it('differs per language', () => {
    const texts = new Set(['ko', 'en', 'ja', 'zh-TW'].map((l) => translate(l as 'en', 'replay.pause')));
    expect(texts.size).toBe(4);
  });
});

describe('language detection', () => {
  it('takes ?lang= first', () => {
    expect(detectLanguage({ search: '?lang=ja', navigatorLanguages: ['ko-KR'] })).toBe('ja');
    expect(detectLanguage({ search: '?x=1&lang=zh-TW' })).toBe('zh-TW');
  });

  it('then the browser languages, then English', () => {
    expect(detectLanguage({ search: '?lang=xx', navigatorLanguages: ['fr-FR', 'ko-KR'] })).toBe('ko');
    expect(detectLanguage({ navigatorLanguages: ['zh-CN'] })).toBe('en');
    expect(detectLanguage({})).toBe('en');
  });

  it('only among the languages an app supports, else English', () => {
    const supported = ['ko', 'en', 'ja', 'zh-TW'] as const;
    expect(detectLanguage({ navigatorLanguages: ['de-DE'] }, supported)).toBe('en');
    expect(detectLanguage({ search: '?lang=es', navigatorLanguages: ['es-ES', 'ja'] }, supported)).toBe('ja');
    expect(detectLanguage({ navigatorLanguages: ['de-DE'] })).toBe('de');
  });

  it('matches tags by primary subtag; Chinese only as Traditional', () => {
    expect(matchLanguage('de-AT')).toBe('de');
    expect(matchLanguage('es_MX')).toBe('es');
    expect(matchLanguage('zh-Hant-TW')).toBe('zh-TW');
    expect(matchLanguage('zh-HK')).toBe('zh-TW');
    expect(matchLanguage('zh')).toBeUndefined();
    expect(matchLanguage('')).toBeUndefined();
    expect(LANGUAGES).toEqual(['ko', 'en', 'ja', 'zh-TW', 'de', 'es']);
  });
});

describe('app catalogues', () => {
  it('look up an app text in the language, else English, with placeholders', async () => {
    const { catalogueText, missingCatalogueKeys } = await import('./i18n');
    const english = { 'a.hello': 'Hello {name}', 'a.bye': 'Bye' } as const;
    const text = catalogueText(english, { ko: { 'a.hello': '안녕 {name}' } });
    expect(text('ko', 'a.hello', { name: '김' })).toBe('안녕 김');
    expect(text('ko', 'a.bye')).toBe('Bye');
    expect(text('ja', 'a.bye')).toBe('Bye');
    expect(missingCatalogueKeys(english, { 'a.hello': 'x' })).toEqual(['a.bye']);
  });
});
