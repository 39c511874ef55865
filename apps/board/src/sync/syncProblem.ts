/**
 * Why a sync round failed, as the user can act on it (issue 29 item 9, issue 26): the account
 * awaits approval (the server refuses the storage scope: 403), the sign-in expired (401), the
 * server cannot store boards now (5xx, e.g. 503 while its file store is down or it restarts),
 * no connection (the request never got an answer), or another answer (its status only; the
 * server's or the browser's own text is never shown).
 */
import { RemoteError } from './boardsApi';

export type SyncProblem =
  | { readonly kind: 'approval' }
  | { readonly kind: 'signedOut' }
  | { readonly kind: 'unavailable' }
  | { readonly kind: 'offline' }
  | { readonly kind: 'other'; readonly status: number | undefined };

/** The problem behind a sync failure. */
export function syncProblem(error: unknown): SyncProblem {
  if (error instanceof RemoteError) {
    const status = error.status;
    if (status === 403) return { kind: 'approval' };
    if (status === 401) return { kind: 'signedOut' };
    if (status !== undefined && status >= 500) return { kind: 'unavailable' };
    return { kind: 'other', status };
  }
  const name = error instanceof Error ? error.name : '';
  if (name === 'SignedOutError') return { kind: 'signedOut' };
  // fetch rejects with a TypeError when no answer came (offline, refused, reset)
  if (name === 'TypeError') return { kind: 'offline' };
  return { kind: 'other', status: undefined };
}
