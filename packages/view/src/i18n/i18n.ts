/**
 * Interface text, typed: a tiny module instead of i18next (decided: the apps need lookup,
 * `{name}` interpolation, a fallback and language detection — a few dozen lines — and typed keys
 * come free from the English catalogue, with no runtime dependency and no global instance).
 *
 * Languages: Korean, English, Japanese and Traditional Chinese are complete (the compiler
 * checks every key); German and Spanish exist empty and fall back to English. The language comes
 * from `?lang=`, then the browser's languages, then English.
 */
import { de } from './messages/de';
import { en, type MessageKey, type Messages } from './messages/en';
import { es } from './messages/es';
import { ja } from './messages/ja';
import { ko } from './messages/ko';
import { zhTW } from './messages/zhTW';

export type { MessageKey, Messages } from './messages/en';

export type Language = 'ko' | 'en' | 'ja' | 'zh-TW' | 'de' | 'es';

export const LANGUAGES: readonly Language[] = Object.freeze(['ko', 'en', 'ja', 'zh-TW', 'de', 'es']);
export const DEFAULT_LANGUAGE: Language = 'en';

const CATALOGUES: Readonly<Record<Language, Partial<Messages>>> = {
  ko,
  en,
  ja,
  'zh-TW': zhTW,
  de,
  es,
};

/** Values for `{name}` placeholders. */
export type MessageParams = Readonly<Record<string, string | number>>;

/** A translate function for one language. */
export type Translate = (key: MessageKey, params?: MessageParams) => string;

/**
 * The supported language a tag names, or undefined: exact tags, then the primary subtag
 * (`ko-KR` → ko). Chinese maps to Traditional only for `zh-TW`, `zh-HK`, `zh-MO` and `zh-Hant…`.
 */
export function matchLanguage(tag: string | null | undefined): Language | undefined {
  if (!tag) return undefined;
  const t = tag.trim().replace(/_/g, '-').toLowerCase();
  if (t === '') return undefined;
  if (t.startsWith('zh')) {
    return /^zh-(tw|hk|mo|hant)\b/.test(t) ? 'zh-TW' : undefined;
  }
  const primary = t.split('-')[0]!;
  return (LANGUAGES as readonly string[]).includes(primary) ? (primary as Language) : undefined;
}

/** Where the language can come from (the browser's `location.search` and `navigator.languages`). */
export interface LanguageHints {
  readonly search?: string;
  readonly navigatorLanguages?: readonly string[];
}

/**
 * The language: `?lang=`, then the first browser language, then English — each only if it is
 * one of `supported` (an app passes the languages it has text for, so a German browser on an
 * app without German gets English, marked and offered as English).
 */
export function detectLanguage(
  hints: LanguageHints = {},
  supported: readonly Language[] = LANGUAGES,
): Language {
  const fromQuery = hints.search ? new URLSearchParams(hints.search).get('lang') : null;
  for (const tag of [fromQuery, ...(hints.navigatorLanguages ?? [])]) {
    const l = matchLanguage(tag);
    if (l && supported.includes(l)) return l;
  }
  return DEFAULT_LANGUAGE;
}

/** The hints of the running browser (none outside one). */
export function browserLanguageHints(): LanguageHints {
  const search = typeof location === 'undefined' ? undefined : location.search;
  const nav =
    typeof navigator === 'undefined'
      ? undefined
      : navigator.languages?.length
        ? navigator.languages
        : [navigator.language];
  return { search, navigatorLanguages: nav };
}

/** Fills `{name}` placeholders; unknown names stay as written. */
export function interpolate(text: string, params?: MessageParams): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (m, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : m,
  );
}

/** The text of `key` in `language`, falling back to English. */
export function translate(language: Language, key: MessageKey, params?: MessageParams): string {
  return interpolate(CATALOGUES[language][key] ?? en[key], params);
}

/** A translate function bound to a language. */
export function createTranslator(language: Language): Translate {
  return (key, params) => translate(language, key, params);
}

/** The keys a language lacks (English fills them in). */
export function missingKeys(language: Language): MessageKey[] {
  const cat = CATALOGUES[language];
  return (Object.keys(en) as MessageKey[]).filter((k) => cat[k] === undefined);
}

/** A lookup over one app's own catalogues: English is the reference, the others may lack keys. */
export type CatalogueText<K extends string> = (language: Language, key: K, params?: MessageParams) => string;

/**
 * The text function of an app's own catalogues (one per language, typed against the English
 * one): the language's text, else the English, with `{name}` placeholders filled.
 */
export function catalogueText<K extends string>(
  english: Readonly<Record<K, string>>,
  catalogues: Readonly<Partial<Record<Language, Partial<Record<K, string>>>>>,
): CatalogueText<K> {
  return (language, key, params) => interpolate(catalogues[language]?.[key] ?? english[key], params);
}

/** The keys of `english` that `catalogue` lacks (English fills them in). */
export function missingCatalogueKeys<K extends string>(
  english: Readonly<Record<K, string>>,
  catalogue: Partial<Record<K, string>>,
): K[] {
  return (Object.keys(english) as K[]).filter((k) => catalogue[k] === undefined);
}
