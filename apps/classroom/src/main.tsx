/**
 * Starts the classroom: language (`?lang=`, browser, English), theme, services, router.
 */
import { browserLanguageHints, detectLanguage, I18nProvider } from '@dotink/view/i18n';
import { lightTheme, themeCssVariables } from '@dotink/view/theme';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createAppRouter } from './app/router';
import { createServices, ServicesProvider } from './app/services';
import './styles.css';

const storage = (() => {
  try {
    return window.localStorage;
  } catch {
    return undefined; // storage blocked: the session lives in memory for this tab
  }
})();
const language = detectLanguage(browserLanguageHints());
document.documentElement.lang = language;
for (const [name, value] of Object.entries(themeCssVariables(lightTheme))) {
  document.documentElement.style.setProperty(name, value);
}
const services = createServices({ serverUrl: window.location.origin, storage, language });
const router = createAppRouter();
services.navigate = (to) => void router.navigate(to, { replace: true });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nProvider language={language}>
      <ServicesProvider services={services}>
        <QueryClientProvider client={services.queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ServicesProvider>
    </I18nProvider>
  </StrictMode>,
);
