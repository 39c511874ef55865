/** The shared look on its own (`@dotink/view/theme`), without the page view. */
export * from './ThemeProvider';
export * from './theme';
