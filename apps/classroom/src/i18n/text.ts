/**
 * The classroom's interface text: its own catalogues over the shared mechanism of
 * `@dotink/view/i18n` (language from `?lang=`, then the browser, then English; a missing text
 * falls back to English).
 */
import { catalogueText, type MessageParams, useLanguage } from '@dotink/view/i18n';
import { useMemo } from 'react';
import { type ClassroomKey, classroomEn } from './en';
import { classroomJa } from './ja';
import { classroomKo } from './ko';
import type { TextSlice } from './part';
import { classroomZhTW } from './zhTW';

export type { ClassroomKey } from './en';

/** The classroom's catalogues by language (German and Spanish fall back to English). */
export const CLASSROOM_CATALOGUES = {
  ko: classroomKo,
  en: classroomEn,
  ja: classroomJa,
  'zh-TW': classroomZhTW,
} as const;

/** The text of a key in a language (English when the language lacks it). */
export const classroomText = catalogueText<ClassroomKey>(classroomEn, CLASSROOM_CATALOGUES);

/** A translate function over the classroom's keys. */
export type T = (key: ClassroomKey, params?: MessageParams) => string;

/** The translate function of the current language (the view's I18nProvider). */
export function useT(): T {
  const language = useLanguage();
  return useMemo(() => (key, params) => classroomText(language, key, params), [language]);
}

/** A translate function over the classroom's keys and those of a slice of text of its own. */
export type TWith<E extends Record<string, string>> = (
  key: ClassroomKey | (keyof E & string),
  params?: MessageParams,
) => string;

/**
 * The translate function of the current language over the catalogues and `slice`: a feature's
 * text that is not in the catalogues ships with the feature's own (lazily loaded) code instead of
 * the first visit's (the OneRoster import, issue 30; the first visit's budget, issue 28 item 7).
 */
export function useTWith<E extends Record<string, string>>(slice: TextSlice<E>): TWith<E> {
  const language = useLanguage();
  return useMemo(() => textWith(language, slice), [language, slice]);
}

/** {@link useTWith} in a given language (outside React). */
export function textWith<E extends Record<string, string>>(
  language: Parameters<typeof classroomText>[0],
  slice: TextSlice<E>,
): TWith<E> {
  const own = catalogueText<keyof E & string>(slice.en, slice);
  return (key, params) =>
    Object.hasOwn(slice.en, key)
      ? own(language, key as keyof E & string, params)
      : classroomText(language, key as ClassroomKey, params);
}
