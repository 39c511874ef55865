/**
 * The board's interface text: its own `board` namespace (this folder) on top of the shared
 * catalogue of `@dotink/view` (toolbar, spec messages). One typed function serves both: a key
 * of the board namespace is looked up here, any other in the view's catalogue; a missing text
 * falls back to English. The language comes from `?lang=`, the menu's remembered choice, the
 * browser, then English — only languages with the board's text ({@link boardLanguage}).
 */
import {
  detectLanguage,
  interpolate,
  LANGUAGES,
  type Language,
  type LanguageHints,
  type MessageKey,
  type MessageParams,
  translate as translateView,
  useLanguage,
} from '@dotink/view';
import { useMemo } from 'react';
import { boardDe } from './de';
import { type BoardKey, type BoardMessages, type BoardPlurals, boardEn, boardEnPlurals } from './en';
import { boardEs } from './es';
import { boardJa } from './ja';
import { boardKo } from './ko';
import { boardZhTW } from './zhTW';

export type { BoardKey } from './en';

/** Any key the board shows: its own or the view's. */
export type TextKey = BoardKey | MessageKey;

/** A translate function over both namespaces. */
export type BoardTranslate = (key: TextKey, params?: MessageParams) => string;

const BOARD_CATALOGUES: Readonly<Record<Language, Partial<BoardMessages>>> = {
  ko: boardKo,
  en: boardEn,
  ja: boardJa,
  'zh-TW': boardZhTW,
  de: boardDe,
  es: boardEs,
};

/** The plural forms of each language that has any (see {@link BoardPlurals}). */
const BOARD_PLURALS: Readonly<Partial<Record<Language, BoardPlurals>>> = { en: boardEnPlurals };

function isBoardKey(key: TextKey): key is BoardKey {
  return Object.hasOwn(boardEn, key);
}

/** `key`'s text in `language` for the `count` parameter (its plural form), if it has one. */
function catalogueText(language: Language, key: BoardKey, params?: MessageParams): string | undefined {
  const text = BOARD_CATALOGUES[language][key];
  const count = params?.count;
  if (text === undefined || typeof count !== 'number') return text;
  return BOARD_PLURALS[language]?.[key]?.[new Intl.PluralRules(language).select(count)] ?? text;
}

/** The text of `key` in `language` (its plural form for `count`), falling back to English. */
export function boardText(language: Language, key: TextKey, params?: MessageParams): string {
  if (isBoardKey(key)) {
    const text = catalogueText(language, key, params) ?? catalogueText('en', key, params) ?? boardEn[key];
    return interpolate(text, params);
  }
  return translateView(language, key, params);
}

/** The board keys a language lacks (English fills them in). */
export function missingBoardKeys(language: Language): BoardKey[] {
  const cat = BOARD_CATALOGUES[language];
  return (Object.keys(boardEn) as BoardKey[]).filter((k) => cat[k] === undefined);
}

/** Languages offered in the language menu: those with the board's text (de and es have none yet). */
export function menuLanguages(all: readonly Language[]): Language[] {
  return all.filter((l) => missingBoardKeys(l).length === 0);
}

/** Where the language chosen in the menu is remembered (localStorage). */
export const LANGUAGE_CHOICE_KEY = 'dotink.language';

/**
 * The board's language: `?lang=`, then the language `chosen` in the menu before, then the
 * browser's — the first the menu offers (one with the board's text), else English. So a German
 * or Spanish browser gets an English page marked `lang="en"` with English shown in the menu.
 */
export function boardLanguage(hints: LanguageHints, chosen?: string | null): Language {
  const navigatorLanguages = [...(chosen ? [chosen] : []), ...(hints.navigatorLanguages ?? [])];
  return detectLanguage({ ...hints, navigatorLanguages }, menuLanguages(LANGUAGES));
}

/** The translate function of the current language (the view's I18nProvider). */
export function useText(): BoardTranslate {
  const language = useLanguage();
  return useMemo(
    () => (key: TextKey, params?: MessageParams) => boardText(language, key, params),
    [language],
  );
}
