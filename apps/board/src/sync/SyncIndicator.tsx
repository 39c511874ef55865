/** The sync indicator: syncing, synced (with boards received), or not synced; click to sync now. */
import { useLanguage } from '@dotink/view';
import { accountText } from '../auth/accountText';
import type { SyncState } from './useBoardSync';

export function SyncIndicator(props: { readonly state: SyncState; readonly onSyncNow: () => void }) {
  const text = accountText(useLanguage());
  const { state } = props;
  if (state.status === 'off') return null;
  const label = (() => {
    switch (state.status) {
      case 'syncing':
        return text.syncing;
      case 'failed':
        return text.syncFailed;
      case 'synced':
        return state.report.pulled + state.report.conflicts > 0
          ? `${text.synced} · ${text.received(state.report.pulled + state.report.conflicts)}`
          : text.synced;
    }
  })();
  return (
    <button
      type="button"
      className={`sync-status sync-${state.status}`}
      data-testid="sync-status"
      data-status={state.status}
      title={text.syncNow}
      aria-live="polite"
      disabled={state.status === 'syncing'}
      onClick={props.onSyncNow}
    >
      {label}
    </button>
  );
}
