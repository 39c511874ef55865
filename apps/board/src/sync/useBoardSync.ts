/**
 * Runs board sync while signed in: at sign-in, every {@link SYNC_INTERVAL_MS}, when a board is
 * closed, and on demand. One round at a time; the state drives the sync indicator.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { BoardApp } from '../app/boardApp';
import type { AuthState, BoardAuth } from '../auth/boardAuth';
import { BoardSync, type SyncReport } from './boardSync';
import { BoardsApi } from './boardsApi';
import { announceBoardsChanged } from './boardsChanged';
import { type SyncProblem, syncProblem } from './syncProblem';

/** How often a signed-in board syncs on its own. */
export const SYNC_INTERVAL_MS = 20_000;

export type SyncState =
  | { readonly status: 'off' }
  | { readonly status: 'syncing' }
  | { readonly status: 'synced'; readonly report: SyncReport }
  | { readonly status: 'failed'; readonly problem: SyncProblem };

export function useBoardSync(app: BoardApp, auth: BoardAuth, authState: AuthState) {
  const [state, setState] = useState<SyncState>({ status: 'off' });
  const running = useRef<Promise<void> | undefined>(undefined);
  const accountId = authState.status === 'signedIn' ? authState.account.id : undefined;

  const syncNow = useCallback(async () => {
    if (!accountId) return;
    if (running.current) return running.current;
    const sync = new BoardSync(
      app.deps.repo,
      new BoardsApi(auth),
      accountId,
      (id) => app.session?.board.id === id,
    );
    running.current = (async () => {
      setState({ status: 'syncing' });
      try {
        await app.session?.flush();
        const report = await sync.syncOnce();
        if (report.pulled + report.conflicts > 0) announceBoardsChanged();
        setState(
          report.failed > 0
            ? { status: 'failed', problem: syncProblem(report.firstError) }
            : { status: 'synced', report },
        );
      } catch (error) {
        setState(
          auth.getState().status === 'signedIn'
            ? { status: 'failed', problem: syncProblem(error) }
            : { status: 'off' },
        );
      } finally {
        running.current = undefined;
      }
    })();
    return running.current;
  }, [app, auth, accountId]);

  useEffect(() => {
    if (!accountId) {
      setState({ status: 'off' });
      return;
    }
    void syncNow();
    const timer = window.setInterval(() => void syncNow(), SYNC_INTERVAL_MS);
    let open = app.session?.board.id;
    const unsubscribe = app.subscribe(() => {
      const now = app.session?.board.id;
      if (open && now !== open) void syncNow();
      open = now;
    });
    return () => {
      window.clearInterval(timer);
      unsubscribe();
    };
  }, [accountId, app, syncNow]);

  return { state, syncNow };
}
