import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PenEvent } from '@dotink/ink';
import { createStroke, dotsFrom } from '@dotink/ink';
import { createPuiRegistry, GRIDA_PUI_FILE_ORDER, pageAddress, pageId, parseNproj } from '@dotink/ncode';
import type { PointerPen } from '@dotink/pen';
import { describe, expect, it } from 'vitest';
import { BoardSession } from '../model/boardSession';
import { counterIds } from '../model/ids';
import { paperLookup } from '../model/paper';
import { manualTimers, memoryRepository } from '../model/testSupport';
import { createEditorStore } from './editorStore';
import { PenRuntime } from './penRuntime';

const CONTROLLER = pageAddress(3, 1013, 1116, 1);
const PAPER = pageAddress(3, 27, 168, 5);
/** The controller page with the undo and redo buttons (GridaBoard's first controller). */
const UNDO_SHEET = pageAddress(3, 1013, 1, 1);
/** The shared vendor data (as test-support/shared.ts finds it; this project cannot import it). */
const sharedDir =
  process.env.DOTINK_SHARED_DIR ??
  resolve(fileURLToPath(new URL('../../../../..', import.meta.url)), 'shared');
const readNcodeText = (...parts: string[]) =>
  readFileSync(join(sharedDir, 'data', 'ncode', ...parts), 'utf8');
const registry = createPuiRegistry(
  GRIDA_PUI_FILE_ORDER.map((n) => parseNproj(readNcodeText('nproj', `${n}.nproj`))),
);

/** A runtime whose mouse pen is driven by the test. */
function rig() {
  const editor = createEditorStore();
  const runtime = new PenRuntime({
    editor,
    bluetooth: () => undefined,
    controlSheets: async () => registry,
  });
  let emit: (e: PenEvent) => void = () => {};
  runtime.setMousePen({
    onEvent: (l: (e: PenEvent) => void) => {
      emit = l;
      return () => {};
    },
  } as unknown as PointerPen);
  const hovers: string[] = [];
  runtime.feed.subscribeAll({ hover: (p) => hovers.push(`${p.xNu},${p.yNu}`) });
  let t = 1000;
  const stroke = (page: typeof CONTROLLER, x: number, y: number) => {
    emit({ kind: 'down', penId: 'mouse-pen', timeMs: t++ });
    emit({ kind: 'page', penId: 'mouse-pen', timeMs: t++, page });
    emit({ kind: 'move', penId: 'mouse-pen', timeMs: t++, xNu: x, yNu: y, force: 400 });
    emit({ kind: 'move', penId: 'mouse-pen', timeMs: t++, xNu: x + 0.2, yNu: y + 0.1, force: 400 });
    emit({ kind: 'up', penId: 'mouse-pen', timeMs: t++ });
  };
  const hover = (x: number, y: number) =>
    emit({ kind: 'hover', penId: 'mouse-pen', timeMs: t++, xNu: x, yNu: y });
  return { editor, runtime, stroke, hover, hovers };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('pens on the board', () => {
  it('a pointer-tool pen still presses paper buttons: the pen button gives the pen back', async () => {
    const r = rig();
    r.editor.getState().updatePen('mouse-pen', { tool: 'pointer' });
    r.stroke(CONTROLLER, 13.5, 31.2); // 'pen' (fact sheet §7 example: (12, 31) → pen)
    await settle();
    expect(r.editor.getState().penSettings('mouse-pen').tool).toBe('pen');
  });

  it('hover moves show the laser only with the pointer tool', () => {
    const r = rig();
    r.stroke(PAPER, 10, 10);
    r.hover(20, 20);
    expect(r.hovers).toEqual([]);
    r.editor.getState().updatePen('mouse-pen', { tool: 'pointer' });
    r.hover(21, 21);
    expect(r.hovers).toEqual(['21,21']);
  });

  it('the undo and redo paper buttons undo and redo on the open board', async () => {
    const r = rig();
    const m = memoryRepository();
    const board = await m.repo.createBoard('B');
    const session = new BoardSession((await m.repo.loadBoard(board.id))!, {
      repo: m.repo,
      ids: counterIds('s'),
      paper: paperLookup(undefined),
      timers: manualTimers(),
    });
    r.runtime.setSession(session);
    await session.ensurePage(PAPER);
    session.addStrokes([
      createStroke(
        { key: 'written', page: PAPER },
        dotsFrom([
          { xNu: 1, yNu: 2, force: 100, timeMs: 1000 },
          { xNu: 3, yNu: 4, force: 200, timeMs: 1010 },
        ]),
      ),
    ]);
    const keys = () => session.store.strokesOnPage(pageId(PAPER)).map((s) => s.key);
    expect(keys()).toEqual(['written']);
    expect(registry.commandAt(UNDO_SHEET, 26.5, 16)).toBe('undo');
    expect(registry.commandAt(UNDO_SHEET, 31, 16)).toBe('redo');
    r.stroke(UNDO_SHEET, 26.5, 16);
    await settle();
    expect(keys()).toEqual([]);
    r.stroke(UNDO_SHEET, 31, 16);
    await settle();
    expect(keys()).toEqual(['written']);
    expect(r.editor.getState().toast).toBeUndefined();
  });
});
