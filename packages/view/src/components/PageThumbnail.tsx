/**
 * A page thumbnail from the shared {@link ThumbnailCache} (rendered 200 ms after it is asked
 * for, at 1.5 ×). With `onRemove` it shows a red cross mark at its top-right corner.
 */
import { useEffect, useRef, useState } from 'react';
import type { PageImageSource } from '../document/pageImageSource';
import type { ThumbnailCache } from '../document/thumbnailCache';
import { useT } from '../i18n/I18nProvider';
import { useTheme } from '../theme/ThemeProvider';

export interface PageThumbnailProps {
  readonly source: PageImageSource;
  readonly cache: ThumbnailCache;
  /** Shown width, CSS px. */
  readonly widthPx: number;
  readonly label?: string;
  readonly onSelect?: () => void;
  readonly onRemove?: () => void;
  /** The cross's accessible name (default: the catalogue's "Remove"), e.g. "Delete page 3". */
  readonly removeLabel?: string;
}

export function PageThumbnail(props: PageThumbnailProps) {
  const t = useT();
  const theme = useTheme();
  const ref = useRef<HTMLCanvasElement>(null);
  const [ready, setReady] = useState(false);
  const { source, cache, widthPx } = props;
  const heightPx = Math.round((widthPx * source.sizePt.heightPt) / Math.max(1e-6, source.sizePt.widthPt));
  useEffect(() => {
    setReady(false);
    return cache.request(source, widthPx, (image) => {
      const canvas = ref.current;
      const ctx = canvas?.getContext('2d');
      if (!canvas || !ctx) return;
      canvas.width = image.width;
      canvas.height = image.height;
      ctx.drawImage(image, 0, 0);
      setReady(true);
    });
  }, [source, cache, widthPx]);
  return (
    <div
      data-testid="page-thumbnail"
      data-ready={ready}
      style={{ position: 'relative', width: widthPx, height: heightPx, background: theme.colors.paper }}
    >
      <canvas
        ref={ref}
        aria-label={props.label}
        onClick={props.onSelect}
        style={{
          width: widthPx,
          height: heightPx,
          display: 'block',
          cursor: props.onSelect ? 'pointer' : undefined,
        }}
      />
      {props.onRemove && (
        <button
          type="button"
          aria-label={props.removeLabel ?? t('thumbnail.remove')}
          onClick={props.onRemove}
          style={{
            position: 'absolute',
            top: 2,
            right: 2,
            width: 20,
            height: 20,
            padding: 0,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            border: 'none',
            borderRadius: '50%',
            background: 'transparent',
            color: theme.colors.danger,
            font: `bold 16px/20px ${theme.font.family}`,
            cursor: 'pointer',
          }}
        >
          ×
        </button>
      )}
    </div>
  );
}
