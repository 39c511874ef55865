/**
 * Edge-writing harness (issue 12 item 1): the board's mouse pen wiring — a PageView (whole A4
 * page in view, as the board opens a page), its pointer pen, one stroke builder, the live ink
 * feed and an ink store — exposed as `window.dotinkBoard` in the shape the edge-stroke driver
 * (bench/browser/edgeStrokes.ts) reads from the real board.
 */
import { BrushType, counterKeySource, createInkStore, createStrokeBuilder } from '@dotink/ink';
import { DEFAULT_PAPER, pageAddress, paperSizePt } from '@dotink/ncode';
import {
  createLiveInkFeed,
  createPageViewPointerPen,
  fanOutBuilderListener,
  PageView,
  type PageViewHandle,
} from '@dotink/view';
import { createRef } from 'react';
import { createRoot } from 'react-dom/client';

const PAGE = pageAddress(3, 27, 1068, 7);
const size = paperSizePt(DEFAULT_PAPER);
const store = createInkStore();
const feed = createLiveInkFeed();
const builder = createStrokeBuilder({
  keys: counterKeySource('edge'),
  listener: fanOutBuilderListener(feed, { strokeCompleted: (s) => store.add(s) }),
  brushFor: () => ({
    thickness: 0.2,
    brushType: BrushType.pen,
    writerId: '',
    surfaceOwnerId: '',
    inputType: 'mouse',
  }),
});
const handle = createRef<PageViewHandle>();
const mouse = createPageViewPointerPen(() => handle.current);
mouse.onEvent((e) => builder.handle(e));

createRoot(document.getElementById('root')!).render(
  <div style={{ width: '100vw', height: '100vh' }}>
    <PageView
      ref={handle}
      page={PAGE}
      pageSizePt={size}
      store={store}
      live={feed}
      pointerInput={mouse}
      fit="full"
    />
  </div>,
);

(globalThis as unknown as { dotinkBoard: unknown }).dotinkBoard = {
  viewHandle: handle,
  session: { pages: [{ address: PAGE, sizePt: size }], store },
};
(globalThis as unknown as { bench: unknown }).bench = {};
