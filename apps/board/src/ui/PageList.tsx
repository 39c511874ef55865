/**
 * The board's page list: the page menu, then each page as a thumbnail (engine.md §2: the page
 * image, with a red cross that deletes the page after a question; Undo in the toast brings it
 * back) above its number button. Thumbnails are drawn 200 ms after they are shown (the shared
 * ThumbnailCache), a PDF page loaded for its thumbnail only while it is drawn.
 */
import type { GridaPage } from '@dotink/ink';
import {
  browserViewScheduler,
  type PageImageSource,
  PageThumbnail,
  pdfPageImageSource,
  ThumbnailCache,
} from '@dotink/view';
import { useMemo } from 'react';
import { type BoardApp, useBoardApp, useEditor } from '../app/boardApp';
import { deleteBoardPage } from '../app/pageDelete';
import { useText } from '../i18n/text';
import type { BoardSession } from '../model/boardSession';
import { PageMenu } from './PageMenu';
import { linedSource } from './pageSource';

/** Shown width of a thumbnail, CSS px (the docked list is 88 px wide). */
const THUMBNAIL_WIDTH_PX = 64;

let sharedCache: ThumbnailCache | undefined;
/** One thumbnail cache for the app (thumbnails of a board reopened are drawn at once). */
function thumbnailCache(): ThumbnailCache {
  sharedCache ??= new ThumbnailCache({
    scheduler: browserViewScheduler(),
    createCanvas: () => document.createElement('canvas'),
  });
  return sharedCache;
}

/** White paper of the page's size. */
function plainSource(page: GridaPage): PageImageSource {
  return {
    key: `plain:${page.sizePt.widthPt}x${page.sizePt.heightPt}`,
    sizePt: page.sizePt,
    async render(canvas) {
      const ctx = canvas.getContext('2d');
      if (!ctx) return;
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, canvas.width, canvas.height);
    },
  };
}

/** The thumbnail image of a board page: its PDF page (loaded to draw it), lined or plain paper. */
function thumbnailSource(app: BoardApp, session: BoardSession, page: GridaPage): PageImageSource {
  const source = page.source;
  if (source.kind !== 'pdf') return page.background === 'lined' ? linedSource(page) : plainSource(page);
  const key = `${source.pdfId}:${source.pageNo}`;
  return {
    key,
    sizePt: page.sizePt,
    async render(canvas, scale, signal) {
      const pdf = session.pdfs.find((p) => p.id === source.pdfId);
      if (!pdf) throw new Error(`the board has no PDF ${source.pdfId}`);
      const pdfPage = await (await app.pdfs.get(pdf)).page(source.pageNo);
      await pdfPageImageSource(pdfPage, key).render(canvas, scale, signal);
    },
  };
}

function PageEntry(props: {
  session: BoardSession;
  page: GridaPage;
  index: number;
  current: boolean;
  onShow: () => void;
  onDelete: () => void;
}) {
  const app = useBoardApp();
  const t = useText();
  const { session, page, index } = props;
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the fields the image depends on
  const source = useMemo(
    () => thumbnailSource(app, session, page),
    [app, session, page.id, page.background, page.source],
  );
  const no = index + 1;
  return (
    <li className="page-entry" data-current={props.current}>
      <PageThumbnail
        source={source}
        cache={thumbnailCache()}
        widthPx={THUMBNAIL_WIDTH_PX}
        label={t('page.thumbnail', { no })}
        onSelect={props.onShow}
        onRemove={props.onDelete}
        removeLabel={t('page.delete', { no })}
      />
      <button
        type="button"
        className="page-item"
        aria-current={props.current ? 'page' : undefined}
        data-testid={`page-item-${index}`}
        data-address={`${page.address.section}.${page.address.owner}.${page.address.book}.${page.address.page}`}
        onClick={props.onShow}
      >
        <span className="page-no">{no}</span>
        <span className="page-kind">{page.source.kind === 'pdf' ? 'PDF' : 'Ncode'}</span>
      </button>
    </li>
  );
}

export function PageList(props: {
  session: BoardSession;
  pages: readonly GridaPage[];
  index: number;
  hidden: boolean;
  drawer: boolean;
  onAddPage: () => void;
  onShow: (index: number) => void;
}) {
  const app = useBoardApp();
  const t = useText();
  const showDialog = useEditor((s) => s.showDialog);
  const { session } = props;
  const askDelete = (index: number) => {
    const no = index + 1;
    showDialog({
      kind: 'confirm',
      message: { key: 'page.deleteConfirm', params: { no } },
      confirmLabel: 'common.delete',
      onConfirm: () =>
        void app.run(async () => {
          const undo = await deleteBoardPage(app, session, index);
          if (!undo) return;
          app.deps.editor
            .getState()
            .showToast('page.deleted', { no }, { label: 'toolbar.undo', run: () => void app.run(undo) });
        }),
    });
  };
  return (
    <nav
      id="page-list"
      className="page-list"
      aria-label={t('replay.pages')}
      hidden={props.hidden}
      data-drawer={props.drawer ? 'start' : undefined}
    >
      <PageMenu session={session} onAddPage={props.onAddPage} />
      <ol>
        {props.pages.map((p, i) => (
          <PageEntry
            key={p.id}
            session={session}
            page={p}
            index={i}
            current={i === props.index}
            onShow={() => props.onShow(i)}
            onDelete={() => askDelete(i)}
          />
        ))}
      </ol>
    </nav>
  );
}
