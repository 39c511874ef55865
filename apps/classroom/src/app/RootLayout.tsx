/** Around every route: the outlet, toasts, the loading backdrop and the progress dialog. */
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Backdrop, ProgressDialog, Toasts } from '../components/Feedback';

export function RootLayout() {
  return (
    <>
      <Suspense fallback={null}>
        <Outlet />
      </Suspense>
      <Toasts />
      <Backdrop />
      <ProgressDialog />
    </>
  );
}
