/**
 * The sync indicator: syncing, synced (with boards received), or not synced with its reason in
 * a few words (click: sync now); "Why?" shows what happened and what to do — open on its own
 * when a new reason appears, closed by a click on it, "Why?", Escape or a click elsewhere
 * (issue 29 item 9).
 */
import { useLanguage } from '@dotink/view';
import { useEffect, useState } from 'react';
import { accountText } from '../auth/accountText';
import type { SyncState } from './useBoardSync';

export function SyncIndicator(props: { readonly state: SyncState; readonly onSyncNow: () => void }) {
  const text = accountText(useLanguage());
  const { state } = props;
  const problem = state.status === 'failed' ? state.problem : undefined;
  const problemKey = problem ? `${problem.kind}:${problem.kind === 'other' ? problem.status : ''}` : '';
  const [open, setOpen] = useState(false);
  const [seen, setSeen] = useState('');
  useEffect(() => {
    // a reason not shown before opens its explanation; the same reason again does not
    if (problemKey && problemKey !== seen) {
      setSeen(problemKey);
      setOpen(true);
    }
  }, [problemKey, seen]);
  useEffect(() => {
    if (!open) return;
    const close = (e: Event) => {
      if (e instanceof KeyboardEvent && e.key !== 'Escape') return;
      const at = e.target instanceof Element ? e.target : null;
      if (e.type === 'pointerdown' && at?.closest('.sync-area, dialog')) return;
      setOpen(false);
    };
    document.addEventListener('pointerdown', close, true);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('pointerdown', close, true);
      document.removeEventListener('keydown', close);
    };
  }, [open]);
  if (state.status === 'off') return null;
  const words = problem ? text.problem(problem) : undefined;
  const label = (() => {
    switch (state.status) {
      case 'syncing':
        return text.syncing;
      case 'failed':
        return `${text.syncFailed} · ${words?.short ?? ''}`;
      case 'synced':
        return state.report.pulled + state.report.conflicts > 0
          ? `${text.synced} · ${text.received(state.report.pulled + state.report.conflicts)}`
          : text.synced;
    }
  })();
  return (
    <span className="sync-area">
      <button
        type="button"
        className={`sync-status sync-${state.status}`}
        data-testid="sync-status"
        data-status={state.status}
        data-problem={problem?.kind}
        title={text.syncNow}
        aria-live="polite"
        disabled={state.status === 'syncing'}
        onClick={props.onSyncNow}
      >
        {label}
      </button>
      {words && (
        <>
          <button
            type="button"
            className="sync-why"
            data-testid="sync-why"
            aria-expanded={open}
            aria-controls="sync-problem"
            onClick={() => setOpen((o) => !o)}
          >
            {text.why}
          </button>
          {open && (
            // biome-ignore lint/a11y/useKeyWithClickEvents: "Why?" and Escape close it from the keyboard
            <span
              id="sync-problem"
              className="sync-problem"
              role="note"
              data-testid="sync-problem"
              onClick={() => setOpen(false)}
            >
              {words.full}
            </span>
          )}
        </>
      )}
    </span>
  );
}
