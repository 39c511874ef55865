/**
 * The shared look of the apps: colours, type and spacing, as a plain record. Components read it
 * through {@link ./ThemeProvider.useTheme}; the apps may pass their own.
 */

export interface Theme {
  readonly name: string;
  readonly colors: {
    /** Around the page. */
    readonly canvas: string;
    /** The page sheet. */
    readonly paper: string;
    readonly paperEdge: string;
    readonly text: string;
    readonly mutedText: string;
    readonly accent: string;
    readonly accentText: string;
    readonly panel: string;
    readonly panelText: string;
    readonly grid: string;
    readonly crop: string;
    readonly laser: string;
    /** Other writers' strokes (ARGB), e.g. in a classroom replay. */
    readonly otherWriterArgb: number;
    readonly danger: string;
  };
  readonly font: { readonly family: string; readonly sizePx: number };
  readonly radiusPx: number;
  readonly spacingPx: number;
}

export const lightTheme: Theme = Object.freeze({
  name: 'light',
  colors: Object.freeze({
    canvas: '#e8eaed',
    paper: '#ffffff',
    paperEdge: '#c4c7cc',
    text: '#1f2328',
    mutedText: '#5f6670',
    accent: '#1e5fd8',
    accentText: '#ffffff',
    panel: 'rgba(255, 255, 255, 0.92)',
    panelText: '#1f2328',
    grid: 'rgba(30, 95, 216, 0.35)',
    crop: '#1e5fd8',
    laser: '#ff1744',
    otherWriterArgb: 0xff1e88e5,
    danger: '#d32f2f',
  }),
  font: Object.freeze({
    family: 'system-ui, "Noto Sans", "Noto Sans KR", "Noto Sans JP", sans-serif',
    sizePx: 14,
  }),
  radiusPx: 6,
  spacingPx: 8,
});

export const darkTheme: Theme = Object.freeze({
  ...lightTheme,
  name: 'dark',
  colors: Object.freeze({
    ...lightTheme.colors,
    canvas: '#202124',
    paperEdge: '#5f6368',
    text: '#e8eaed',
    mutedText: '#a0a4aa',
    accent: '#8ab4f8',
    accentText: '#202124',
    panel: 'rgba(32, 33, 36, 0.92)',
    panelText: '#e8eaed',
  }),
});

/**
 * The theme as CSS custom properties (`--dotink-accent`, `--dotink-font` …), for apps that style
 * with plain CSS: set them on the root element.
 */
export function themeCssVariables(theme: Theme): Readonly<Record<string, string>> {
  const vars: Record<string, string> = {};
  for (const [name, value] of Object.entries(theme.colors)) {
    if (typeof value === 'string')
      vars[`--dotink-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`] = value;
  }
  vars['--dotink-font'] = theme.font.family;
  vars['--dotink-font-size'] = `${theme.font.sizePx}px`;
  vars['--dotink-radius'] = `${theme.radiusPx}px`;
  vars['--dotink-spacing'] = `${theme.spacingPx}px`;
  return vars;
}
