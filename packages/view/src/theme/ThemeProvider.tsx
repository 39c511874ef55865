/** React access to the theme: `<ThemeProvider theme>` and `useTheme()` (light by default). */
import { createContext, type ReactNode, useContext } from 'react';
import { lightTheme, type Theme } from './theme';

const ThemeContext = createContext<Theme>(lightTheme);

export function ThemeProvider(props: { theme: Theme; children?: ReactNode }) {
  return <ThemeContext.Provider value={props.theme}>{props.children}</ThemeContext.Provider>;
}

/** The theme of the nearest provider. */
export function useTheme(): Theme {
  return useContext(ThemeContext);
}
