/**
 * Starts the classroom: language (`?lang=`, browser, English), theme and the router. The
 * services (sign-in, API) load with the first route that needs them (app/ServicesLayout).
 */
import { browserLanguageHints, detectLanguage, I18nProvider } from '@dotink/view/i18n';
import { lightTheme, themeCssVariables } from '@dotink/view/theme';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createAppRouter } from './app/router';
import './styles.css';

const language = detectLanguage(browserLanguageHints());
document.documentElement.lang = language;
for (const [name, value] of Object.entries(themeCssVariables(lightTheme))) {
  document.documentElement.style.setProperty(name, value);
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nProvider language={language}>
      <RouterProvider router={createAppRouter()} />
    </I18nProvider>
  </StrictMode>,
);
