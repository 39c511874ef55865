/**
 * The view's viewport: computed from the fit mode while one is set, or the user's own (free)
 * viewport after a pan or zoom. Changing the fit prop re-fits.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Viewport } from '../pipeline/viewTransform';
import { type FitMode, type FitOptions, fitViewport, type Size } from '../viewport/fit';

export interface ViewportState {
  readonly viewport: Viewport;
  readonly fitMode: FitMode;
  /** Sets a free viewport (the fit mode becomes `free`). */
  setViewport(next: Viewport): void;
  setFitMode(mode: FitMode): void;
}

export function useViewportState(
  fitProp: FitMode | undefined,
  viewPx: Size,
  pagePt: Size,
  fitOptions: FitOptions | undefined,
  onFitChange: ((mode: FitMode) => void) | undefined,
  onViewportChange: ((vp: Viewport) => void) | undefined,
): ViewportState {
  const [fitMode, setFit] = useState<FitMode>(fitProp ?? 'full');
  const [free, setFree] = useState<Viewport>({ scale: 1, offsetXPx: 0, offsetYPx: 0 });
  useEffect(() => {
    if (fitProp !== undefined) setFit(fitProp);
  }, [fitProp]);
  const padding = fitOptions?.paddingPx;
  const factor = fitOptions?.fullFitFactor;
  const { width: viewW, height: viewH } = viewPx;
  const { width: pageW, height: pageH } = pagePt;
  const viewport = useMemo(
    () =>
      fitMode === 'free'
        ? free
        : fitViewport(fitMode, { width: viewW, height: viewH }, { width: pageW, height: pageH }, free, {
            paddingPx: padding,
            fullFitFactor: factor,
          }),
    [fitMode, free, viewW, viewH, pageW, pageH, padding, factor],
  );
  const fitRef = useRef(fitMode);
  fitRef.current = fitMode;
  const cb = useRef({ onFitChange, onViewportChange });
  cb.current = { onFitChange, onViewportChange };
  const last = useRef<Viewport | undefined>(undefined);
  useEffect(() => {
    if (last.current !== viewport) {
      last.current = viewport;
      cb.current.onViewportChange?.(viewport);
    }
  }, [viewport]);
  const setViewport = useCallback((next: Viewport) => {
    setFree(next);
    if (fitRef.current !== 'free') {
      fitRef.current = 'free';
      setFit('free');
      cb.current.onFitChange?.('free');
    }
  }, []);
  const setFitMode = useCallback((mode: FitMode) => {
    fitRef.current = mode;
    setFit(mode);
    cb.current.onFitChange?.(mode);
  }, []);
  return { viewport, fitMode, setViewport, setFitMode };
}
