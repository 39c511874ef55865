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
