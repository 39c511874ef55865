/**
 * The interface-text mechanism on its own (`@dotink/view/i18n`): language detection, lookup with
 * an English fallback, `{name}` interpolation and the React provider, without the page view.
 * Apps keep their own catalogues and use {@link ./i18n.catalogueText} over them.
 */
export * from './I18nProvider';
export * from './i18n';
