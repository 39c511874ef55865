/** Around every route: the outlet (each route's module loads lazily). */
import { Suspense } from 'react';
import { Outlet } from 'react-router';

export function RootLayout() {
  return (
    <Suspense fallback={null}>
      <Outlet />
    </Suspense>
  );
}
