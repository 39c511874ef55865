/**
 * One pupil's tile of the live-lesson grid: name, registration number, page (book and page
 * label), the page image behind the live ink (shared, see pageImages.ts), time since the last
 * stroke and the state. The ink canvas is drawn by the grid's {@link TileRenderer}, never through
 * React. The tile's main button (click or Enter) enlarges the pupil; ☆ pins; ▣ shows the pupil on
 * the class display.
 */
import type { Textbook } from '@dotink/contracts/edu';
import { parsePageId } from '@dotink/ncode';
import { useQuery } from '@tanstack/react-query';
import { memo, useEffect, useRef } from 'react';
import { useT } from '../../i18n/text';
import { useServices } from '../../lib/services';
import { liveKeys } from './liveKeys';
import type { TileState } from './liveModel';
import { pageImage } from './pageImages';
import { livePageText } from './pageText';
import { A4_PT, type TileRenderer } from './tileRenderer';

export interface LiveTileProps {
  readonly studentId: string;
  readonly name: string;
  readonly num: string;
  readonly hasPen: boolean;
  readonly page: string | undefined;
  readonly state: TileState;
  /** Seconds since the last stroke, undefined when none. */
  readonly sinceS: number | undefined;
  readonly pinned: boolean;
  readonly textbooks: readonly Textbook[];
  readonly renderer: TileRenderer;
  readonly onOpen: (studentId: string) => void;
  readonly onPin: (studentId: string) => void;
  readonly onDisplay: (studentId: string) => void;
}

/** The shared image of a page (null: plain paper). */
export function usePageImage(page: string | undefined) {
  const { api } = useServices();
  return useQuery({
    queryKey: liveKeys.image(page ?? ''),
    queryFn: async () => {
      const a = page ? parsePageId(page) : undefined;
      return a ? pageImage(a, (p) => api.pageAttachments(p), api.fileBytes) : null;
    },
    enabled: page !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

function sinceText(t: ReturnType<typeof useT>, s: number | undefined): string {
  if (s === undefined) return t('live.since.none');
  if (s < 60) return t('live.since.seconds', { count: Math.max(0, Math.floor(s)) });
  return t('live.since.minutes', { count: Math.floor(s / 60) });
}

export const LiveTile = memo(function LiveTile(props: LiveTileProps) {
  const t = useT();
  const canvas = useRef<HTMLCanvasElement>(null);
  const { studentId, renderer } = props;
  const image = usePageImage(props.page);
  const sizePt = image.data?.sizePt ?? A4_PT;
  useEffect(() => {
    const c = canvas.current;
    if (!c) return;
    const detach = renderer.attach(studentId, c, sizePt);
    const resize = new ResizeObserver(() => renderer.redraw(studentId));
    resize.observe(c);
    return () => {
      resize.disconnect();
      detach();
    };
  }, [renderer, studentId, sizePt]);
  const pageText = livePageText(t, props.page, props.textbooks);
  return (
    <li
      className={`live-tile live-${props.state}${props.pinned ? ' live-pinned' : ''}`}
      data-testid="live-tile"
      data-student={studentId}
      data-state={props.state}
      data-page={props.page ?? ''}
    >
      <button
        type="button"
        className="live-tile-open"
        aria-label={t('live.enlarge', { name: props.name })}
        onClick={() => props.onOpen(studentId)}
      >
        <span className="live-paper" style={{ aspectRatio: `${sizePt.widthPt} / ${sizePt.heightPt}` }}>
          {image.data ? <img src={image.data.url} alt="" className="live-page-image" /> : null}
          <canvas ref={canvas} className="live-ink" data-testid="live-ink" />
        </span>
      </button>
      <div className="live-tile-info">
        <p className="live-tile-name">
          <strong>{props.name}</strong> <span className="muted">{t('live.num', { num: props.num })}</span>
        </p>
        <p className="live-tile-page">{pageText ?? t('live.noPage')}</p>
        <p className="live-tile-meta">
          <span className={`live-state live-state-${props.state}`}>{t(`live.state.${props.state}`)}</span>
          {' · '}
          {props.hasPen ? sinceText(t, props.sinceS) : t('live.noPen')}
        </p>
      </div>
      <div className="live-tile-actions">
        <button
          type="button"
          className="icon-button"
          aria-pressed={props.pinned}
          aria-label={
            props.pinned ? t('live.unpin', { name: props.name }) : t('live.pin', { name: props.name })
          }
          onClick={() => props.onPin(studentId)}
          data-testid="live-pin"
        >
          {props.pinned ? '★' : '☆'}
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label={t('live.display', { name: props.name })}
          onClick={() => props.onDisplay(studentId)}
          data-testid="live-display"
        >
          ▣
        </button>
      </div>
    </li>
  );
});
