/**
 * React access to the interface text: `<I18nProvider language>` and `useT()`. Without a provider
 * the text is English.
 */
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { createTranslator, DEFAULT_LANGUAGE, type Language, type Translate } from './i18n';

interface I18nValue {
  readonly language: Language;
  readonly t: Translate;
}

const I18nContext = createContext<I18nValue>({
  language: DEFAULT_LANGUAGE,
  t: createTranslator(DEFAULT_LANGUAGE),
});

export function I18nProvider(props: { language: Language; children?: ReactNode }) {
  const value = useMemo(
    () => ({ language: props.language, t: createTranslator(props.language) }),
    [props.language],
  );
  return <I18nContext.Provider value={value}>{props.children}</I18nContext.Provider>;
}

/** The translate function of the nearest provider. */
export function useT(): Translate {
  return useContext(I18nContext).t;
}

/** The language of the nearest provider. */
export function useLanguage(): Language {
  return useContext(I18nContext).language;
}
