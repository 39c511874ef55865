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
    const cancel = app.deps.timers.setTimer(4000, () => app.deps.editor.getState().clearToast());
    return cancel;
  }, [toast, app]);
  return (
    <div className="toast" role="status" aria-live="polite" data-testid="toast">
      {toast ? t(toast.key, toast.params) : ''}
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
