/**
 * PUI (paper user interface) strokes: writing on a printed control sheet presses its buttons.
 * Strokes on a control page get brush type pui and never draw; on pen up, the stroke's first dot
 * is tested against the page's symbols and the matching command is dispatched.
 *
 * Only the first dot is tested (ncode-paper.md §7 "only the first move dot of a stroke"): the
 * pens that fact describes report pen down without a position, so their first move dot is the
 * first dot with a position, which is our dot 0. Dots of dropped pages (3.1013.1.15) are
 * discarded by the builder. The symbol registry lives in `@dotink/ncode`; this module sees it
 * through the structural {@link PuiHitTester}.
 */
import type { PageAddress } from '@dotink/ncode';
import type { LiveStroke, StrokeRole } from './liveStroke';
import type { PageKind, StrokeBuilderListener } from './strokeBuilder';
import type { Stroke, StrokeKey } from './types';

/** What the ink side needs from a PUI symbol registry (implemented by `createPuiRegistry`). */
export interface PuiHitTester {
  /** True when the page is a control (PUI) page: its strokes are commands, never ink. */
  isControlPage(page: PageAddress): boolean;
  /** True when the page's dots are dropped altogether. */
  isDroppedPage(page: PageAddress): boolean;
  /** The command of the symbol at this position, if any. */
  commandAt(page: PageAddress, xNu: number, yNu: number): string | undefined;
}

/** A control-sheet button press. */
export interface PuiCommand {
  /** The symbol's command, e.g. `pen`, `strokesize_1`, `#FF000000`. */
  readonly command: string;
  readonly page: PageAddress;
  readonly xNu: number;
  readonly yNu: number;
  readonly strokeKey: StrokeKey;
  readonly writerId: string;
  readonly mac: string;
  /** Pen-up time (the stroke's last update). */
  readonly timeMs: number;
}

/** PUI gate and dispatcher. */
export interface PuiStrokes {
  /** For the stroke builder's `classifyPage` option. */
  classifyPage(page: PageAddress): PageKind;
  /**
   * A completed stroke: if it is a pui stroke, tests its first dot and dispatches the command
   * (if any). Returns true when the stroke was a pui stroke (consumed: not ink).
   */
  completed(stroke: Stroke, role: StrokeRole): boolean;
}

/** The command a pui stroke presses, if any (its first dot tested). */
export function puiCommandOf(tester: PuiHitTester, stroke: Stroke): PuiCommand | undefined {
  if (stroke.dots.count === 0) return undefined;
  const xNu = stroke.dots.xNu[0]!;
  const yNu = stroke.dots.yNu[0]!;
  const command = tester.commandAt(stroke.page, xNu, yNu);
  if (command === undefined) return undefined;
  return {
    command,
    page: stroke.page,
    xNu,
    yNu,
    strokeKey: stroke.key,
    writerId: stroke.writerId,
    mac: stroke.mac,
    timeMs: stroke.updatedMs,
  };
}

/** A PUI gate over a hit tester, dispatching matched commands to `dispatch`. */
export function createPuiStrokes(tester: PuiHitTester, dispatch: (command: PuiCommand) => void): PuiStrokes {
  return {
    classifyPage(page) {
      if (tester.isDroppedPage(page)) return 'dropped';
      return tester.isControlPage(page) ? 'pui' : 'ink';
    },
    completed(stroke, role) {
      if (role !== 'pui') return false;
      const cmd = puiCommandOf(tester, stroke);
      if (cmd) dispatch(cmd);
      return true;
    },
  };
}

/**
 * Wraps a builder listener so pui strokes are dispatched as commands and never reach it (no
 * live drawing, no storing); every other callback passes through.
 */
export function withPuiStrokes(pui: PuiStrokes, inner: StrokeBuilderListener): StrokeBuilderListener {
  const notPui = (live: LiveStroke) => live.role !== 'pui';
  return {
    ...inner,
    strokeStarted: (live) => {
      if (notPui(live)) inner.strokeStarted?.(live);
    },
    strokeDots: (live, from) => {
      if (notPui(live)) inner.strokeDots?.(live, from);
    },
    strokeCompleted: (stroke, role) => {
      if (!pui.completed(stroke, role)) inner.strokeCompleted?.(stroke, role);
    },
    strokeCancelled: (live) => {
      if (notPui(live)) inner.strokeCancelled?.(live);
    },
  };
}
