/**
 * Every route but the landing page sits in this layout: it makes the app's services once (the
 * sign-in session, the API, the query client), and shows toasts, the loading backdrop and the
 * progress dialog. Loaded lazily, so a first visit to `/` downloads none of it.
 */
import { useLanguage } from '@dotink/view/i18n';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { Backdrop, ProgressDialog, Toasts } from '../components/Feedback';
import { createServices, type Services, ServicesProvider } from './services';

let services: Services | undefined;

function servicesFor(language: string): Services {
  services ??= createServices({
    serverUrl: window.location.origin,
    storage: (() => {
      try {
        return window.localStorage;
      } catch {
        return undefined; // storage blocked: the session lives in memory for this tab
      }
    })(),
    language,
  });
  return services;
}

export default function ServicesLayout() {
  const s = servicesFor(useLanguage());
  const navigate = useNavigate();
  s.navigate = (to) => void navigate(to, { replace: true });
  return (
    <ServicesProvider services={s}>
      <QueryClientProvider client={s.queryClient}>
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
        <Toasts />
        <Backdrop />
        <ProgressDialog />
      </QueryClientProvider>
    </ServicesProvider>
  );
}
