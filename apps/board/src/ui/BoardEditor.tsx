/**
 * An open board: the toolbar, the page shown (PDF page or Ncode page with its ink, live pen
 * strokes and the laser pointer), the page list and the pens. With no page yet it says
 * 'Register a PDF or create a page using a pen'.
 */
import { type FitMode, PageView, type Viewport } from '@dotink/view';
import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useBoardApp, useEditor, useSession } from '../app/boardApp';
import type { ShortcutAction } from '../app/shortcuts';
import { useText } from '../i18n/text';
import type { BoardSession } from '../model/boardSession';
import { Icons } from './icons';
import { PageList } from './PageList';
import { PenPanel } from './PenPanel';
import { usePageSource } from './pageSource';
import { Toolbar } from './Toolbar';
import { UnsavedBanner } from './UnsavedBanner';
import { useLayout } from './useLayout';
import { useShortcuts } from './useShortcuts';

/** A drawer toggle for the toolbar (phone and tablet). */
function DrawerToggle(props: {
  label: string;
  icon: React.ReactNode;
  open: boolean;
  testId: string;
  controls: string;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      className="icon drawer-toggle"
      aria-expanded={props.open}
      aria-controls={props.controls}
      data-testid={props.testId}
      title={props.label}
      onClick={props.onToggle}
    >
      {props.icon}
      <span className="label">{props.label}</span>
    </button>
  );
}

/** Undo / redo depths of the session's history (re-rendered on every ink change). */
function useHistoryState(session: BoardSession | undefined): { canUndo: boolean; canRedo: boolean } {
  const key = useSyncExternalStore(
    (l) => session?.store.subscribe(l) ?? (() => {}),
    () => (session ? `${session.history.undoDepth()}:${session.history.redoDepth()}` : '0:0'),
  );
  const [u, r] = key.split(':').map(Number) as [number, number];
  return { canUndo: u > 0, canRedo: r > 0 };
}

export function BoardEditor() {
  const app = useBoardApp();
  const t = useText();
  const session = useSession();
  const pageIndex = useEditor((s) => s.pageIndex);
  const setPageIndex = useEditor((s) => s.setPageIndex);
  const fit = useEditor((s) => s.fit);
  const setFit = useEditor((s) => s.setFit);
  const viewRef = app.viewHandle;
  const pages = session?.pages ?? [];
  const index = Math.min(pageIndex, Math.max(0, pages.length - 1));
  const page = pages[index];
  const source = usePageSource(app, session, page);
  // each page keeps its own zoom and pan: shown again as it was left
  const views = useRef(new Map<string, { fit: FitMode; viewport: Viewport }>());
  const pageKey = page?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when another page is shown
  useLayoutEffect(() => {
    if (!pageKey) return;
    app.rememberPage(index);
    const saved = views.current.get(pageKey);
    if (!saved) return;
    if (saved.fit === 'free') viewRef.current?.setViewport(saved.viewport);
    else setFit(saved.fit);
  }, [pageKey]);
  const history = useHistoryState(session);
  const layout = useLayout();
  const docked = layout === 'desktop';
  const [drawer, setDrawer] = useState<'pages' | 'pens' | undefined>(undefined);
  useEffect(() => {
    if (docked) setDrawer(undefined);
  }, [docked]);
  const toggle = (d: 'pages' | 'pens') => setDrawer((open) => (open === d ? undefined : d));
  // the focus moves into the board when it opens (unless a dialog has it)
  const mainRef = useRef<HTMLElement>(null);
  const boardId = session?.board.id;
  useEffect(() => {
    if (!boardId) return;
    const at = document.activeElement;
    if (at?.closest('dialog')) return;
    mainRef.current?.focus();
  }, [boardId]);

  // the mouse / touch pen draws on the page shown (made with the app, see main.tsx)
  const mouse = app.deps.pens.mouse;

  const goPage = (delta: -1 | 1) => {
    const next = index + delta;
    if (next >= 0 && next < pages.length) setPageIndex(next);
  };
  const undo = () => session?.undo();
  const redo = () => session?.redo();
  useShortcuts((a: ShortcutAction) => {
    const editor = app.deps.editor.getState();
    switch (a.kind) {
      case 'tool':
        editor.updateSelectedPen({ tool: a.tool });
        break;
      case 'color':
        editor.updateSelectedPen({ colorIndex: a.index });
        break;
      case 'thickness':
        editor.updateSelectedPen({ thicknessIndex: a.index });
        break;
      case 'page':
        goPage(a.delta);
        break;
      case 'undo':
        undo();
        break;
      case 'redo':
        redo();
        break;
    }
  });

  if (!session) return null;
  const addPage = () => {
    void app.run(() => session.addBlankPage().then((i) => setPageIndex(i)));
  };
  return (
    <div className="editor">
      <section className="toolbar-region" aria-label={t('toolbar.label')}>
        <Toolbar
          pageIndex={index}
          pageCount={pages.length}
          background={page?.background}
          canUndo={history.canUndo}
          canRedo={history.canRedo}
          onPage={goPage}
          onBackground={(b) => void session.setBackground(index, b)}
          onZoom={(f) => viewRef.current?.zoomBy(f)}
          onFit={(f) => setFit(f)}
          onAddPage={addPage}
          onUndo={undo}
          onRedo={redo}
          {...(docked
            ? {}
            : {
                pagesToggle: (
                  <DrawerToggle
                    label={t('layout.pages')}
                    icon={Icons.pages}
                    open={drawer === 'pages'}
                    controls="page-list"
                    testId="pages-drawer"
                    onToggle={() => toggle('pages')}
                  />
                ),
                pensToggle: (
                  <DrawerToggle
                    label={t('layout.pens')}
                    icon={Icons.pens}
                    open={drawer === 'pens'}
                    controls="pen-panel"
                    testId="pens-drawer"
                    onToggle={() => toggle('pens')}
                  />
                ),
              })}
        />
      </section>
      <UnsavedBanner session={session} />
      <div className="editor-body" data-layout={layout}>
        <PageList
          session={session}
          pages={pages}
          index={index}
          hidden={!docked && drawer !== 'pages'}
          drawer={!docked}
          onAddPage={addPage}
          onShow={(i) => {
            setPageIndex(i);
            if (!docked) setDrawer(undefined);
          }}
        />
        <main
          ref={mainRef}
          className="page-area"
          aria-label={session?.board.title ?? t('app.title')}
          tabIndex={-1}
        >
          {page ? (
            <PageView
              ref={viewRef}
              page={page.address}
              pageSizePt={page.sizePt}
              nuToPt={page.nuToPt}
              document={source}
              store={session.store}
              live={app.deps.pens.feed}
              fit={fit}
              onFitChange={setFit}
              onViewportChange={(viewport) => {
                const fitNow = viewRef.current?.fitMode() ?? fit;
                if (page) views.current.set(page.id, { fit: fitNow, viewport });
              }}
              pointerInput={mouse}
              onDocumentError={(error) => app.reportPdfError(page, error)}
              onPageRequest={(address) => {
                const i = session.pageIndexOf(address);
                if (i >= 0) setPageIndex(i);
              }}
            />
          ) : (
            <div className="empty-board" data-testid="empty-board" role="status">
              {t('board.empty')}
            </div>
          )}
        </main>
        <PenPanel hidden={!docked && drawer !== 'pens'} drawer={!docked} />
      </div>
    </div>
  );
}
