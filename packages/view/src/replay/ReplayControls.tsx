/**
 * Replay controls: play/pause, stop (back to live: everything shown), rewind, the speed cycle
 * ('x {speed}'), the fit modes and zoom (when the owner passes them), a seek slider in seconds
 * stepping 0.05 s, the time, the activity graph of the 1,500,000 ms window around the time, and
 * the strip of page chunks (each seeks to its start; the chunk playing is marked). `children`
 * are placed at the end of the bar (an owner's own controls, e.g. an annotation pen).
 */
import type { ReplayModel, ReplayPlayer, ReplaySnapshot } from '@dotink/ink';
import { type ReactNode, useMemo } from 'react';
import { useT } from '../i18n/I18nProvider';
import { useTheme } from '../theme/ThemeProvider';
import type { FitMode } from '../viewport/fit';
import {
  REPLAY_GRAPH_WINDOW_MS,
  REPLAY_SLIDER_STEP_S,
  replayGraphBins,
  replayGraphWindow,
  replaySliderMax,
  replaySliderTimeMs,
  replaySliderValue,
} from './replayConstants';
import { formatReplayTime } from './replayPageStrokes';

/** The fit modes the replay bar offers (classroom.md §2). */
export const REPLAY_FIT_MODES: readonly FitMode[] = Object.freeze(['full', 'width', 'free']);

export interface ReplayControlsProps {
  readonly player: ReplayPlayer;
  readonly snapshot: ReplaySnapshot;
  readonly model: ReplayModel;
  /** The fit mode shown; with `onFitChange` the bar shows the fit choices. */
  readonly fitMode?: FitMode;
  readonly onFitChange?: (mode: FitMode) => void;
  /** Zoom one step in (`1`) or out (`-1`); shows the zoom buttons. */
  readonly onZoom?: (direction: 1 | -1) => void;
  /** Show the page chunks strip (default true). */
  readonly showChunks?: boolean;
  /** Extra controls at the end of the bar. */
  readonly children?: ReactNode;
}

const GRAPH_BINS = 60;

export function ReplayControls(props: ReplayControlsProps) {
  const { player, snapshot, model } = props;
  const t = useT();
  const theme = useTheme();
  const playing = snapshot.state === 'play';
  const button = {
    padding: `4px ${theme.spacingPx}px`,
    borderRadius: theme.radiusPx,
    border: `1px solid ${theme.colors.paperEdge}`,
    background: theme.colors.paper,
    color: theme.colors.text,
    font: `${theme.font.sizePx}px ${theme.font.family}`,
    cursor: 'pointer',
  } as const;
  const startsMs = useMemo(() => model.strokes.map((s) => s.startTimeMs - model.startTimeMs), [model]);
  const window = replayGraphWindow(snapshot.timeMs);
  const bins = useMemo(() => replayGraphBins(startsMs, window.fromMs, GRAPH_BINS), [startsMs, window.fromMs]);
  const peak = Math.max(1, ...bins);
  const cursor = (snapshot.timeMs - window.fromMs) / REPLAY_GRAPH_WINDOW_MS;
  return (
    <div
      data-testid="replay-controls"
      data-state={snapshot.state}
      style={{ display: 'flex', flexDirection: 'column', gap: theme.spacingPx, padding: theme.spacingPx }}
    >
      <div style={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: theme.spacingPx }}>
        <button type="button" style={button} onClick={() => player.togglePlay()}>
          {playing ? t('replay.pause') : t('replay.play')}
        </button>
        <button type="button" style={button} onClick={() => player.live()}>
          {t('replay.stop')}
        </button>
        <button type="button" style={button} onClick={() => player.rewind()}>
          {t('replay.rewind')}
        </button>
        <button type="button" style={button} data-testid="replay-speed" onClick={() => player.cycleSpeed()}>
          {t('replay.speed', { speed: snapshot.speed })}
        </button>
        {props.onFitChange && (
          <fieldset
            data-testid="replay-fit"
            style={{ display: 'flex', gap: 4, border: 0, margin: 0, padding: 0, alignItems: 'center' }}
          >
            <legend style={visuallyHidden}>{t('replay.fit')}</legend>
            {REPLAY_FIT_MODES.map((mode) => (
              <label key={mode} style={{ ...button, display: 'inline-flex', gap: 4, alignItems: 'center' }}>
                <input
                  type="radio"
                  name="replay-fit"
                  value={mode}
                  checked={props.fitMode === mode}
                  onChange={() => props.onFitChange?.(mode)}
                />
                {t(`fit.${mode}` as 'fit.full')}
              </label>
            ))}
          </fieldset>
        )}
        {props.onZoom && (
          <>
            <button type="button" style={button} onClick={() => props.onZoom?.(-1)}>
              {t('toolbar.zoomOut')}
            </button>
            <button type="button" style={button} onClick={() => props.onZoom?.(1)}>
              {t('toolbar.zoomIn')}
            </button>
          </>
        )}
        <div style={{ flex: 1, minWidth: 120, display: 'flex', flexDirection: 'column' }}>
          <svg
            data-testid="replay-graph"
            data-from-ms={window.fromMs}
            data-to-ms={window.toMs}
            aria-hidden="true"
            viewBox={`0 0 ${GRAPH_BINS} 10`}
            preserveAspectRatio="none"
            style={{ width: '100%', height: 16, display: 'block' }}
          >
            <path d={graphPath(bins, peak)} fill={theme.colors.accent} />
            <rect x={cursor * GRAPH_BINS - 0.15} width={0.3} y={0} height={10} fill={theme.colors.text} />
          </svg>
          <input
            type="range"
            aria-label={t('replay.seek')}
            aria-valuetext={formatReplayTime(snapshot.timeMs)}
            min={0}
            max={replaySliderMax(snapshot.durationMs)}
            step={REPLAY_SLIDER_STEP_S}
            value={replaySliderValue(snapshot.timeMs)}
            onChange={(e) => player.seek(replaySliderTimeMs(Number(e.currentTarget.value)))}
            style={{ width: '100%' }}
          />
        </div>
        <span
          data-testid="replay-time"
          style={{ color: theme.colors.mutedText, fontVariantNumeric: 'tabular-nums' }}
        >
          {t('replay.time', {
            current: formatReplayTime(snapshot.timeMs),
            total: formatReplayTime(snapshot.durationMs),
          })}
        </span>
        {props.children}
      </div>
      {props.showChunks !== false && model.pageChunks.length > 0 && (
        <nav aria-label={t('replay.pages')} style={{ display: 'flex', gap: 4, overflowX: 'auto' }}>
          {model.pageChunks.map((c, i) => (
            <button
              type="button"
              key={`${c.firstIndex}`}
              aria-current={i === snapshot.chunkIndex ? 'true' : undefined}
              onClick={() => player.seek(c.startDeltaMs)}
              style={{
                ...button,
                background: i === snapshot.chunkIndex ? theme.colors.accent : theme.colors.paper,
                color: i === snapshot.chunkIndex ? theme.colors.accentText : theme.colors.text,
              }}
            >
              {t('replay.page', { page: c.page.page })}
            </button>
          ))}
        </nav>
      )}
    </div>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** The bars of the activity graph as one path (viewBox: one unit a bin, 10 high). */
function graphPath(bins: readonly number[], peak: number): string {
  let d = '';
  bins.forEach((n, i) => {
    if (n <= 0) return;
    const h = (10 * n) / peak;
    d += `M${i + 0.1} ${10 - h}h0.8v${h}h-0.8z`;
  });
  return d;
}
