/**
 * Replay controls: play/pause, stop (back to live: everything shown), rewind, the speed cycle
 * ('x {speed}'), a seek slider, the time, and the strip of page chunks (each seeks to its start;
 * the chunk playing is marked).
 */
import type { ReplayModel, ReplayPlayer, ReplaySnapshot } from '@dotink/ink';
import { useT } from '../i18n/I18nProvider';
import { useTheme } from '../theme/ThemeProvider';
import { formatReplayTime } from './replayPageStrokes';

export interface ReplayControlsProps {
  readonly player: ReplayPlayer;
  readonly snapshot: ReplaySnapshot;
  readonly model: ReplayModel;
}

export function ReplayControls({ player, snapshot, model }: ReplayControlsProps) {
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
  return (
    <div
      data-testid="replay-controls"
      data-state={snapshot.state}
      style={{ display: 'flex', flexDirection: 'column', gap: theme.spacingPx, padding: theme.spacingPx }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: theme.spacingPx }}>
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
        <input
          type="range"
          aria-label={t('replay.seek')}
          min={0}
          max={Math.max(0, snapshot.durationMs)}
          step={1}
          value={snapshot.timeMs}
          onChange={(e) => player.seek(Number(e.currentTarget.value))}
          style={{ flex: 1 }}
        />
        <span
          data-testid="replay-time"
          style={{ color: theme.colors.mutedText, fontVariantNumeric: 'tabular-nums' }}
        >
          {t('replay.time', {
            current: formatReplayTime(snapshot.timeMs),
            total: formatReplayTime(snapshot.durationMs),
          })}
        </span>
      </div>
      {model.pageChunks.length > 0 && (
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
