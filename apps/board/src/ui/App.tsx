/** The board app: the top bar, the board list or the open board, dialogs and the status line. */
import { I18nProvider, type Language } from '@dotink/view';
import { useEffect } from 'react';
import { type BoardApp, BoardAppContext, useBoardApp, useEditor } from '../app/boardApp';
import { useText } from '../i18n/text';
import { BoardEditor } from './BoardEditor';
import { BoardList } from './BoardList';
import { DialogHost } from './dialogs/DialogHost';
import { TopBar } from './TopBar';
import { useImport } from './useImport';

function Toast() {
  const t = useText();
  const app = useBoardApp();
  const toast = useEditor((s) => s.toast);
  useEffect(() => {
    if (!toast) return;
    // a toast with an action (Undo) stays longer: time to reach its button
    const cancel = app.deps.timers.setTimer(toast.action ? 10_000 : 4000, () => {
      if (app.deps.editor.getState().toast === toast) app.deps.editor.getState().clearToast();
    });
    return cancel;
  }, [toast, app]);
  const action = toast?.action;
  return (
    <div className="toast" role="status" aria-live="polite" data-testid="toast">
      {toast ? t(toast.key, toast.params) : ''}
      {action && (
        <button
          type="button"
          className="toast-action"
          data-testid="toast-action"
          onClick={() => {
            app.deps.editor.getState().clearToast();
            action.run();
          }}
        >
          {t(action.label)}
        </button>
      )}
    </div>
  );
}

function Shell() {
  const screen = useEditor((s) => s.screen);
  const importer = useImport();
  return (
    <div className="app">
      <TopBar onPickPdf={importer.pickPdf} onPickGrida={importer.pickGrida} />
      {screen === 'board' ? <BoardEditor /> : <BoardList />}
      {importer.inputs}
      <DialogHost />
      <Toast />
    </div>
  );
}

export function App(props: { app: BoardApp; language: Language }) {
  useEffect(() => {
    document.documentElement.lang = props.language;
  }, [props.language]);
  return (
    <BoardAppContext.Provider value={props.app}>
      <I18nProvider language={props.language}>
        <Shell />
      </I18nProvider>
    </BoardAppContext.Provider>
  );
}
