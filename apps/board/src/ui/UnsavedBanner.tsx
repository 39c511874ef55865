/**
 * While the board's changes cannot be written to the browser's storage: a banner saying so and
 * why (not a dialog: writing goes on), with a way to save a .GRIDA file of the unsaved work.
 */
import { useSyncExternalStore } from 'react';
import { useBoardApp } from '../app/boardApp';
import { errorMessage } from '../app/errorMessages';
import { useText } from '../i18n/text';
import type { BoardSession } from '../model/boardSession';

export function UnsavedBanner(props: { session: BoardSession }) {
  const app = useBoardApp();
  const t = useText();
  const { session } = props;
  const problem = useSyncExternalStore(
    (l) => session.subscribe(l),
    () => session.saveProblem,
  );
  if (problem === undefined) return null;
  const { params } = errorMessage(problem);
  return (
    <div className="unsaved-banner" role="alert" data-testid="unsaved-banner">
      <span data-testid="unsaved-text">{t('storage.saveFailed', params)}</span>
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
