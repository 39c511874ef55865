/**
 * The replay's thumbnail strip (classroom.md §2, §9): on the right of the page, 147 px wide, one
 * thumbnail a page written, in the order the pages were first written (the replay's page
 * chunks, a page written in several chunks shown once), each 0.7 of the strip's width. A
 * thumbnail shows the page's whole writing; it is drawn once it scrolls into view. Choosing one
 * shows that page (see {@link ReplayAsideContext.showPage}).
 *
 * Decision: "scale 0.7" is the thumbnail's width against the strip's (103 of 147 px), leaving
 * room for the page label and the focus ring.
 */
import type { ReplayModel, Stroke } from '@dotink/ink';
import {
  DEFAULT_PAPER,
  type Homography,
  type PageAddress,
  type PageId,
  pageId,
  paperSizePt,
  type SizePt,
} from '@dotink/ncode';
import { drawCompletedLayer, IDENTITY_PAGE_TRANSFORM, StrokePathCache, sizeLayerCanvas } from '@dotink/view';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useT } from '../../i18n/text';

/** The strip's width, px (classroom.md §9). */
export const THUMBNAIL_STRIP_WIDTH_PX = 147;
/** A thumbnail's width against the strip's (classroom.md §9). */
export const THUMBNAIL_SCALE = 0.7;
export const THUMBNAIL_WIDTH_PX = Math.round(THUMBNAIL_STRIP_WIDTH_PX * THUMBNAIL_SCALE);

const A4 = paperSizePt(DEFAULT_PAPER);

/** The pages of a model in the order first written, with their strokes. */
export function pagesWritten(model: ReplayModel): { page: PageAddress; strokes: Stroke[] }[] {
  const byPage = new Map<PageId, { page: PageAddress; strokes: Stroke[] }>();
  for (const c of model.pageChunks) {
    const id = pageId(c.page);
    let entry = byPage.get(id);
    if (!entry) {
      entry = { page: c.page, strokes: [] };
      byPage.set(id, entry);
    }
    entry.strokes.push(...c.strokes);
  }
  return [...byPage.values()];
}

export interface ThumbnailStripProps {
  readonly model: ReplayModel;
  readonly page: PageAddress | undefined;
  readonly onShow: (page: PageAddress) => void;
  readonly selfWriterId: string;
  readonly otherWriterArgb: number;
  readonly pageSizeFor?: (page: PageAddress) => SizePt | undefined;
  readonly nuToPtFor?: (page: PageAddress) => Homography | undefined;
  /** Draw nothing yet (the writing is still arriving: drawn once, when it is all there). */
  readonly deferDrawing?: boolean;
}

export function ThumbnailStrip(props: ThumbnailStripProps) {
  const t = useT();
  const pages = useMemo(() => pagesWritten(props.model), [props.model]);
  const [cache] = useState(() => new StrokePathCache());
  const current = props.page ? pageId(props.page) : undefined;
  return (
    <nav className="replay-thumbs" aria-label={t('replay.thumbnails')} data-testid="replay-thumbnails">
      <ul>
        {pages.map(({ page, strokes }) => {
          const id = pageId(page);
          return (
            <li key={id}>
              <button
                type="button"
                className="replay-thumb"
                aria-current={id === current ? 'page' : undefined}
                data-page={id}
                onClick={() => props.onShow(page)}
              >
                <Thumbnail
                  strokes={strokes}
                  sizePt={props.pageSizeFor?.(page) ?? A4}
                  nuToPt={props.nuToPtFor?.(page) ?? IDENTITY_PAGE_TRANSFORM}
                  cache={cache}
                  selfWriterId={props.selfWriterId}
                  otherWriterArgb={props.otherWriterArgb}
                  defer={props.deferDrawing === true}
                />
                <span>{t('replay.thumbnail', { page: page.page, count: strokes.length })}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function Thumbnail(props: {
  strokes: readonly Stroke[];
  sizePt: SizePt;
  nuToPt: Homography;
  cache: StrokePathCache;
  selfWriterId: string;
  otherWriterArgb: number;
  defer: boolean;
}) {
  const ref = useRef<HTMLCanvasElement>(null);
  const { strokes, sizePt, nuToPt, cache, selfWriterId, otherWriterArgb, defer } = props;
  const height = Math.round((THUMBNAIL_WIDTH_PX * sizePt.heightPt) / Math.max(1, sizePt.widthPt));
  useEffect(() => {
    const canvas = ref.current;
    if (!canvas || defer) return;
    let drawn = false;
    const draw = () => {
      const ctx = canvas.getContext('2d');
      if (drawn || !ctx) return;
      drawn = true;
      const dpr = window.devicePixelRatio || 1;
      sizeLayerCanvas(canvas, THUMBNAIL_WIDTH_PX, height, dpr);
      drawCompletedLayer(ctx, {
        strokes,
        viewport: { scale: THUMBNAIL_WIDTH_PX / sizePt.widthPt, offsetXPx: 0, offsetYPx: 0 },
        devicePixelRatio: dpr,
        nuToPt,
        cache,
        coloring: { selfWriterId, otherWriterArgb },
      });
    };
    if (typeof IntersectionObserver === 'undefined') {
      draw();
      return;
    }
    const seen = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        seen.disconnect();
        draw();
      }
    });
    seen.observe(canvas);
    return () => seen.disconnect();
  }, [strokes, sizePt, nuToPt, cache, height, selfWriterId, otherWriterArgb, defer]);
  return <canvas ref={ref} style={{ width: THUMBNAIL_WIDTH_PX, height }} className="replay-thumb-canvas" />;
}
