/**
 * The board's Print entry: a button for the top bar that opens the print flow on the board shown
 * (print dialog → progress → page-order registration). `auth` gives the sign-in for code
 * requests; without it the pattern choices ask the user to sign in (pre-printed paper works).
 */
import { useMemo, useState } from 'react';
import { useBoardApp, useSession } from '../app/boardApp';
import { BoardPrint } from './BoardPrint';
import { boardPageImage, boardPrintDeps, boardTaps } from './boardPrintAdapters';
import type { PrintAuth } from './printFlow';
import { usePrintText } from './usePrintText';

export function PrintButton(props: { readonly auth?: PrintAuth }) {
  const app = useBoardApp();
  const session = useSession();
  const t = usePrintText();
  const [open, setOpen] = useState(false);
  const wiring = useMemo(() => {
    if (!session) return undefined;
    return {
      deps: boardPrintDeps(app, session, props.auth),
      taps: boardTaps(app, session),
      pageImage: (pageNo: number) => boardPageImage(app, session, pageNo),
    };
  }, [app, session, props.auth]);
  if (!session || !wiring) return null;
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
        <BoardPrint
          deps={wiring.deps}
          taps={wiring.taps}
          pageImage={wiring.pageImage}
          deliver={app.deps.deliver}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
