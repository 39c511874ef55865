/**
 * The screen layout (issue 12 item 5): `phone` below 768 px, `tablet` below 1280 px, `desktop`
 * from 1280 px. Phone and tablet show the page list and the pen panel as drawers and move the
 * less used toolbar groups into an overflow panel, so the page gets the width.
 */
import { useSyncExternalStore } from 'react';

export type Layout = 'phone' | 'tablet' | 'desktop';

/** The layout of a viewport `widthPx` wide. */
export function layoutOf(widthPx: number): Layout {
  return widthPx < 768 ? 'phone' : widthPx < 1280 ? 'tablet' : 'desktop';
}

const QUERIES = ['(max-width: 767.98px)', '(max-width: 1279.98px)'] as const;

function subscribe(listener: () => void): () => void {
  const lists = QUERIES.map((q) => window.matchMedia(q));
  for (const l of lists) l.addEventListener('change', listener);
  return () => {
    for (const l of lists) l.removeEventListener('change', listener);
  };
}

function current(): Layout {
  if (window.matchMedia(QUERIES[0]).matches) return 'phone';
  return window.matchMedia(QUERIES[1]).matches ? 'tablet' : 'desktop';
}

/** The current layout, re-rendering when the viewport crosses 768 or 1280 px. */
export function useLayout(): Layout {
  return useSyncExternalStore(subscribe, current, () => 'desktop');
}
