/**
 * The print flow wired to the board (loaded on demand by {@link PrintButton}: the print job,
 * pdf.js rendering and the registration dialogs are not part of the board's first load).
 */
import { useMemo } from 'react';
import type { BoardApp } from '../app/boardApp';
import type { BoardSession } from '../model/boardSession';
import { BoardPrint } from './BoardPrint';
import { boardPageImage, boardPrintDeps, boardTaps } from './boardPrintAdapters';
import type { PrintAuth } from './printFlow';

export interface PrintLauncherProps {
  readonly app: BoardApp;
  readonly session: BoardSession;
  readonly auth?: PrintAuth;
  onClose(): void;
}

/** The print flow on the board shown. */
export function PrintLauncher(props: PrintLauncherProps) {
  const { app, session, auth } = props;
  const wiring = useMemo(
    () => ({
      deps: boardPrintDeps(app, session, auth),
      taps: boardTaps(app, session),
      pageImage: (pageNo: number) => boardPageImage(app, session, pageNo),
    }),
    [app, session, auth],
  );
  return (
    <BoardPrint
      deps={wiring.deps}
      taps={wiring.taps}
      pageImage={wiring.pageImage}
      deliver={app.deps.deliver}
      onClose={props.onClose}
    />
  );
}
