/**
 * While the board's changes cannot be written to the browser's storage: a banner saying so,
 * with a way to save a .GRIDA file of the unsaved work (issue 12).
 */
import { useSyncExternalStore } from 'react';
import { useBoardApp } from '../app/boardApp';
import { useText } from '../i18n/text';
import type { BoardSession } from '../model/boardSession';

export function UnsavedBanner(props: { session: BoardSession }) {
  const app = useBoardApp();
  const t = useText();
  const { session } = props;
  const failing = useSyncExternalStore(
    (l) => session.subscribe(l),
    () => session.saveProblem !== undefined,
  );
  if (!failing) return null;
  return (
    <div className="unsaved-banner" role="alert" data-testid="unsaved-banner">
      <span>{t('storage.unsavedBanner')}</span>
      <button
        type="button"
        data-testid="unsaved-save-grida"
        onClick={() => app.deps.editor.getState().showDialog({ kind: 'save', mode: 'grida' })}
      >
        {t('storage.saveCopy')}
      </button>
    </div>
  );
}
