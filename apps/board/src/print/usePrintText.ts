/** The print flow's text in the board's current language (the view's I18nProvider). */
import { useLanguage } from '@dotink/view';
import { useMemo } from 'react';
import { type PrintTranslate, printTranslator } from './printMessages';

export function usePrintText(): PrintTranslate {
  const language = useLanguage();
  return useMemo(() => printTranslator(language), [language]);
}
