/**
 * Keeping a page's ink when printing or registration gives the page another Ncode page: the board
 * shows the ink of a page's `address`, so the strokes already on the page (written with the mouse,
 * or on the paper it showed before) move to the new address, each dot carried through the old
 * page transform to pt and back through the new one to nu — they stay where they were on the page.
 * Keys, times, force, colours and status are kept.
 */
import { createStroke, dotList, dotsFrom, type GridaPage, type InkStore, type Stroke } from '@dotink/ink';
import {
  applyHomography,
  composeHomography,
  type Homography,
  invertHomography,
  type PageAddress,
  pageId,
} from '@dotink/ncode';

/** Ink to move: from a page's old address to its new one, through `map` (old nu → new nu). */
export interface InkMove {
  readonly from: PageAddress;
  readonly to: PageAddress;
  readonly map: Homography;
}

/** The moves for pages whose address changed between `before` and `after` (same pages, same order). */
export function inkMoves(before: readonly GridaPage[], after: readonly GridaPage[]): InkMove[] {
  return after.flatMap((page, i) => {
    const old = before[i];
    if (!old || pageId(old.address) === pageId(page.address)) return [];
    return [
      {
        from: old.address,
        to: page.address,
        map: composeHomography(old.nuToPt, invertHomography(page.nuToPt)),
      },
    ];
  });
}

/** A stroke on another page, its dots mapped. */
export function movedStroke(stroke: Stroke, page: PageAddress, map: Homography): Stroke {
  const dots = dotList(stroke.dots).map((d) => {
    const p = applyHomography(map, { x: d.xNu, y: d.yNu });
    return { ...d, xNu: p.x, yNu: p.y };
  });
  return createStroke(
    {
      key: stroke.key,
      originalKey: stroke.originalKey,
      page,
      mac: stroke.mac,
      inputType: stroke.inputType,
      brushType: stroke.brushType,
      thickness: stroke.thickness,
      colorArgb: stroke.colorArgb,
      status: stroke.status,
      penTipMode: stroke.penTipMode,
      strokeType: stroke.strokeType,
      updatedMs: stroke.updatedMs,
      startTimeMs: stroke.startTimeMs,
      endTimeMs: stroke.endTimeMs,
      surfaceOwnerId: stroke.surfaceOwnerId,
      writerId: stroke.writerId,
      uploaded: stroke.uploaded,
      multiPage: stroke.multiPage,
    },
    dotsFrom(dots),
  );
}

/** Moves the ink in the store (every stroke, any status). Returns how many strokes moved. */
export function moveInk(store: InkStore, moves: readonly InkMove[]): number {
  let moved = 0;
  store.batch(() => {
    for (const m of moves) {
      for (const stroke of [...store.strokesOnPage(pageId(m.from), { status: 'all' })]) {
        store.remove(stroke.key);
        store.add(movedStroke(stroke, m.to, m.map));
        moved++;
      }
    }
  });
  return moved;
}
