/**
 * The laser pointer's state: the head (the newest hover point on this page, in pt), the trail of
 * followers easing after it frame by frame, and the visibility (hidden when the last point is
 * about 1 s old, checked 1.5 s after it).
 */
import type { Homography, PageId } from '@dotink/ncode';
import { useEffect, useRef, useState } from 'react';
import type { LiveInkFeed } from '../live/liveInkFeed';
import {
  HOVER_CHECK_AFTER_MS,
  HOVER_HIDE_AFTER_MS,
  hoverStale,
  type LaserMode,
  startTrail,
  stepTrail,
  trailFollowers,
  trailSettled,
} from '../overlay/hoverTrail';
import { nuToPagePt } from '../pipeline/pageTransform';
import type { PointXY } from '../pipeline/viewTransform';
import type { ViewScheduler } from '../timing/viewScheduler';

export interface HoverTrailState {
  readonly visible: boolean;
  /** Page pt. */
  readonly head: PointXY | undefined;
  /** Page pt, nearest follower first. */
  readonly trail: readonly PointXY[];
}

const HIDDEN: HoverTrailState = { visible: false, head: undefined, trail: [] };

export function useHoverTrail(
  feed: LiveInkFeed | undefined,
  pageId: PageId | undefined,
  mode: LaserMode | 'off',
  nuToPt: Homography,
  scheduler: ViewScheduler,
): HoverTrailState {
  const [state, setState] = useState<HoverTrailState>(HIDDEN);
  const nuToPtRef = useRef(nuToPt);
  nuToPtRef.current = nuToPt;

  useEffect(() => {
    setState(HIDDEN);
    if (!feed || !pageId || mode === 'off') return;
    const followers = trailFollowers(mode);
    let lastMs = Number.NEGATIVE_INFINITY;
    let cancelCheck: (() => void) | undefined;
    let cancelFrame: (() => void) | undefined;
    let current: HoverTrailState = HIDDEN;
    const set = (s: HoverTrailState) => {
      current = s;
      setState(s);
    };
    const check = () => {
      cancelCheck = undefined;
      const now = scheduler.nowMs();
      if (hoverStale(lastMs, now)) {
        cancelFrame?.();
        cancelFrame = undefined;
        set(HIDDEN);
      } else {
        cancelCheck = scheduler.after(HOVER_HIDE_AFTER_MS - (now - lastMs), check);
      }
    };
    const animate = () => {
      cancelFrame = undefined;
      const head = current.head;
      if (!head || !current.visible) return;
      const trail = stepTrail(current.trail, head);
      set({ ...current, trail });
      if (!trailSettled(trail, head)) cancelFrame = scheduler.frame(animate);
    };
    const off = feed.subscribePage(pageId, {
      hover(point) {
        const head = nuToPagePt(point.xNu, point.yNu, nuToPtRef.current);
        lastMs = scheduler.nowMs();
        const trail = current.visible ? current.trail : startTrail(head, followers);
        set({ visible: true, head, trail });
        cancelCheck?.();
        cancelCheck = scheduler.after(HOVER_CHECK_AFTER_MS, check);
        cancelFrame ??= scheduler.frame(animate);
      },
    });
    return () => {
      off();
      cancelCheck?.();
      cancelFrame?.();
    };
  }, [feed, pageId, mode, scheduler]);

  return state;
}
