/**
 * One pupil enlarged (issue 16): the full page with live ink (`PageView` of @dotink/view: the
 * room's strokes of the page and the pupil's live feed), or the replay of the lesson so far (the
 * replay feature's screen, searched by the lesson's tag: the live screen's address carries the
 * replay query while this tab is chosen). ← → move between pupils, Escape returns to the grid.
 */
import type { Textbook } from '@dotink/contracts/edu';
import { parsePageId } from '@dotink/ncode';
import { PageView } from '@dotink/view';
import { useEffect, useMemo } from 'react';
import { ReplayScreen } from '../../components/replay/ReplayScreen';
import { usePageBackground } from '../../components/replay/usePageBackground';
import { useT } from '../../i18n/text';
import type { LiveRoom } from './liveRoom';
import { livePageText } from './pageText';

export interface FocusViewProps {
  readonly room: LiveRoom;
  readonly studentId: string;
  readonly name: string;
  readonly num: string;
  readonly page: string | undefined;
  /** Moves with the room's changes (the strokes of the page are read again). */
  readonly version: number;
  readonly mode: 'live' | 'replay';
  readonly replayBook: Textbook | undefined;
  /** The lecture's materials (the page's label). */
  readonly textbooks: readonly Textbook[];
  readonly onMode: (mode: 'live' | 'replay') => void;
  readonly onStep: (delta: number) => void;
  readonly onClose: () => void;
}

export function FocusView(props: FocusViewProps) {
  const t = useT();
  const { onStep, onClose } = props;
  useEffect(() => {
    const key = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target?.closest('input, select, textarea, [role="slider"]')) return;
      if (e.key === 'ArrowLeft') onStep(-1);
      else if (e.key === 'ArrowRight') onStep(1);
      else if (e.key === 'Escape') onClose();
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', key);
    return () => window.removeEventListener('keydown', key);
  }, [onStep, onClose]);
  return (
    <section className="live-focus" aria-labelledby="live-focus-title" data-testid="live-focus">
      <div className="live-focus-bar toolbar">
        <button type="button" className="button small" onClick={onClose} data-testid="live-focus-back">
          {t('live.focus.back')}
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label={t('live.focus.prev')}
          onClick={() => onStep(-1)}
        >
          ‹
        </button>
        <h2 id="live-focus-title">
          {props.name} <span className="muted">{t('live.num', { num: props.num })}</span>
        </h2>
        <span className="live-focus-pagename" data-testid="live-focus-pagename">
          {livePageText(t, props.page, props.textbooks) ?? t('live.noPage')}
        </span>
        <button
          type="button"
          className="icon-button"
          aria-label={t('live.focus.next')}
          onClick={() => onStep(1)}
        >
          ›
        </button>
        <fieldset className="live-segmented">
          <legend className="visually-hidden">{t('live.view')}</legend>
          {(['live', 'replay'] as const).map((m) => (
            <button
              key={m}
              type="button"
              className="button small"
              aria-pressed={props.mode === m}
              onClick={() => props.onMode(m)}
              data-testid={`live-focus-${m}`}
            >
              {t(`live.focus.${m}`)}
            </button>
          ))}
        </fieldset>
        <span className="muted live-keys">{t('live.focus.keys')}</span>
      </div>
      {props.mode === 'live' ? (
        <LivePageView {...props} />
      ) : props.replayBook ? (
        <ReplayScreen live={props.room.pupils.get(props.studentId)?.feed} />
      ) : (
        <p role="alert">{t('live.focus.noBook')}</p>
      )}
    </section>
  );
}

function LivePageView(props: FocusViewProps) {
  const t = useT();
  const address = props.page ? parsePageId(props.page) : undefined;
  const background = usePageBackground(address);
  const { room, studentId, page, version } = props;
  useEffect(() => room.watch(studentId), [room, studentId]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again when the room changes
  const strokes = useMemo(
    () => (page ? room.strokesOn(studentId, page) : []),
    [room, studentId, page, version],
  );
  const feed = room.pupils.get(studentId)?.feed;
  if (!address) return <p className="live-focus-empty">{t('live.focus.noPage')}</p>;
  return (
    <div className="live-focus-page" data-testid="live-focus-page" data-page={page}>
      <PageView
        page={address}
        strokes={strokes}
        live={feed}
        liveInk="frame"
        document={background.source}
        fit="full"
        disabled={{ mousePen: true, autoPageChange: true, autoFocus: true }}
        laser="off"
      />
    </div>
  );
}
