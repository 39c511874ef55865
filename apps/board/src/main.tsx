/**
 * Starts the board: storage, pens, PDFs and paper, the UI in the detected language, the notice,
 * and the service worker that lets the board open offline.
 */

import type { BluetoothLike } from '@dotink/pen';
import { browserLanguageHints, createPageViewPointerPen } from '@dotink/view';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BoardApp } from './app/boardApp';
import { onceLoader } from './app/controlOnce';
import { createEditorStore } from './app/editorStore';
import { boardLinks } from './app/links';
import { PenRuntime } from './app/penRuntime';
import { browserDownload } from './app/saveFlow';
import { boardLanguage, LANGUAGE_CHOICE_KEY } from './i18n/text';
import { lazyPdfEngine } from './import/lazyPdfEngine';
import { BoardRepository } from './model/boardRepository';
import { randomIds } from './model/ids';
import { restoreRescuedInk, storageRescue } from './model/inkRescue';
import { openBoardStorage } from './model/openStorage';
import { fetchPaperCatalogue, paperLookup } from './model/paper';
import { App } from './ui/App';
import { noticeDue } from './ui/dialogs/NoticeDialog';
import './styles.css';

/** Where the pen control sheets are served (the server's vendor data), relative to the app. */
const CONTROLLERS_URL = new URL('../vendor/v1/controllers/', window.location.href).toString();

/** Where the paper catalogue is served (the server's vendor data), relative to the app. */
const CATALOGUE_URL = new URL('../vendor/v1/catalogue', window.location.href).toString();

const storage = (() => {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
})();
const sessionStore = (() => {
  try {
    return window.sessionStorage;
  } catch {
    return undefined; // storage blocked: passwords are asked each time the board opens
  }
})();
const editor = createEditorStore();
const timers = {
  setTimer(delayMs: number, task: () => void) {
    const id = window.setTimeout(task, delayMs);
    return () => window.clearTimeout(id);
  },
};
const pens = new PenRuntime({
  editor,
  bluetooth: () => (navigator as unknown as { bluetooth?: BluetoothLike }).bluetooth,
  // pen failures are said in the user's language (the app is made just below)
  onError: (e) => app.report(e),
  // read on first need, in a chunk of its own (the .nproj reader)
  controlSheets: onceLoader(() =>
    import('./app/controlSheets').then(({ loadControlSheets }) => loadControlSheets(CONTROLLERS_URL)),
  ),
  zoomBy: (factor) => app.viewHandle.current?.zoomBy(factor),
});
let paper = paperLookup(undefined);
// the browser's database, or one in memory when this browser mode cannot keep one
const boardStorage = await openBoardStorage();
const app = new BoardApp({
  repo: new BoardRepository(boardStorage.db, { nowMs: () => Date.now() }, randomIds),
  memoryOnly: boardStorage.memoryOnly,
  editor,
  pens,
  pdf: lazyPdfEngine,
  paper: (address) => paper(address),
  ids: randomIds,
  timers,
  deliver: browserDownload,
  nowMs: () => Date.now(),
  links: boardLinks(import.meta.env),
  ...(storage ? { storage, rescue: storageRescue(storage) } : {}),
  ...(sessionStore ? { sessionStorage: sessionStore } : {}),
});
// ink the last visit could not write to the database before the page went away
if (storage) app.waitBeforeOpening(() => restoreRescuedInk(storage, app.deps.repo));
pens.setMousePen(createPageViewPointerPen(() => app.viewHandle.current));
void fetchPaperCatalogue(CATALOGUE_URL).then((c) => {
  if (c) paper = paperLookup(c);
});

// ?lang= first, then the language chosen in the menu before, then the browser's
const language = boardLanguage(browserLanguageHints(), storage?.getItem(LANGUAGE_CHOICE_KEY));
const params = new URLSearchParams(window.location.search);
if (boardStorage.memoryOnly) editor.getState().showMessage('storage.memoryOnly');
else if (params.get('help') === '1') editor.getState().showDialog({ kind: 'help' });
else if (params.get('notice') !== '0' && noticeDue(storage, Date.now()))
  editor.getState().showDialog({ kind: 'notice' });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App app={app} language={language} />
  </StrictMode>,
);

if ('serviceWorker' in navigator && import.meta.env.PROD) {
  const register = () =>
    navigator.serviceWorker.register('./sw.js').catch((e) => console.warn('service worker', e));
  // this module awaits the board's storage first: the page may have loaded already
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register());
}

// Ink is written at each change; write what is pending when the page goes away.
const flushNow = () => app.session?.rescueUnsaved();
window.addEventListener('pagehide', flushNow);
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'hidden') flushNow();
});

// Nothing fails silently: a promise rejected with no handler becomes a message.
window.addEventListener('unhandledrejection', (event) => {
  event.preventDefault();
  app.report(event.reason);
});

/** For browser tests and debugging: the running app. */
(window as unknown as { dotinkBoard?: BoardApp }).dotinkBoard = app;
