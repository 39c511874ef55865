/**
 * The debug panel: page, scale, fit, stroke counts and layer redraws. It subscribes to the view's
 * counters itself, so the view does not re-render for it.
 */
import { useSyncExternalStore } from 'react';
import { useT } from '../i18n/I18nProvider';
import type { StrokePathCache } from '../pipeline/strokePathCache';
import type { Viewport } from '../pipeline/viewTransform';
import type { Theme } from '../theme/theme';
import type { FitMode } from '../viewport/fit';
import type { ViewStats } from './viewStats';

export interface DebugPanelProps {
  readonly pageId: string | undefined;
  readonly viewport: Viewport;
  readonly fitMode: FitMode;
  readonly strokeCount: number;
  readonly version: number;
  readonly stats: ViewStats;
  readonly cache: StrokePathCache;
  readonly theme: Theme;
}

export function DebugPanel(props: DebugPanelProps) {
  const t = useT();
  const s = useSyncExternalStore(props.stats.subscribe, props.stats.snapshot, props.stats.snapshot);
  const c = props.cache.stats();
  const rows: [string, string][] = [
    [t('view.debug.page'), props.pageId ?? '-'],
    [t('view.debug.scale'), props.viewport.scale.toFixed(3)],
    [t('view.debug.fit'), props.fitMode],
    [t('view.debug.strokes'), String(props.strokeCount)],
    [t('view.debug.version'), String(props.version)],
    [t('view.debug.draws'), `${s.completedDraws} / ${s.liveFrames} / ${s.documentDraws}`],
    [t('view.debug.paths'), `${c.builds} (+${c.hits})`],
  ];
  const theme = props.theme;
  return (
    <section
      data-testid="view-debug"
      aria-label={t('view.debug.title')}
      style={{
        position: 'absolute',
        right: theme.spacingPx,
        top: theme.spacingPx,
        padding: theme.spacingPx,
        background: theme.colors.panel,
        color: theme.colors.panelText,
        borderRadius: theme.radiusPx,
        font: `12px ${theme.font.family}`,
        pointerEvents: 'none',
      }}
    >
      <strong>{t('view.debug.title')}</strong>
      <dl
        style={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto auto', columnGap: theme.spacingPx }}
      >
        {rows.map(([k, v]) => (
          <div key={k} style={{ display: 'contents' }}>
            <dt>{k}</dt>
            <dd data-debug={k} style={{ margin: 0 }}>
              {v}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
