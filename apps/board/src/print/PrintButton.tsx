/**
 * The board's Print entry: a button for the top bar that opens the print flow on the board shown
 * (print dialog → progress → page-order registration). `auth` gives the sign-in for code
 * requests; without it the pattern choices ask the user to sign in (pre-printed paper works).
 * The flow itself (`PrintLauncher`) loads when Print is first pressed.
 */
import { lazy, Suspense, useState } from 'react';
import { useBoardApp, useSession } from '../app/boardApp';
import type { PrintAuth } from './printFlow';
import { usePrintText } from './usePrintText';

const PrintLauncher = lazy(() => import('./PrintLauncher').then((m) => ({ default: m.PrintLauncher })));

export function PrintButton(props: { readonly auth?: PrintAuth }) {
  const app = useBoardApp();
  const session = useSession();
  const t = usePrintText();
  const [open, setOpen] = useState(false);
  if (!session) return null;
  return (
    <>
      <button
        type="button"
        className="icon-text"
        data-testid="print-open"
        disabled={session.pages.length === 0}
        onClick={() => setOpen(true)}
      >
        <span>{t('print.title')}</span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <PrintLauncher
            app={app}
            session={session}
            {...(props.auth ? { auth: props.auth } : {})}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
