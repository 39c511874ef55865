/**
 * What a pressed paper button does on the board (fact sheet §7 "Commands GridaBoard executes"):
 * tool, colour and thickness change for the pen that pressed it; pointer toggles its laser
 * pointer; fit, zoom, previous / next and add page act on the page shown; undo and redo act on
 * the open board, as its toolbar buttons do. The rest of the vocabulary (record, ppt_*, …) is
 * told as not supported here.
 */
import { type PuiCommand, parsePuiCommand } from '@dotink/ncode';
import { PEN_COLORS, PEN_THICKNESSES } from '@dotink/view';
import type { EditorStore } from './editorStore';
import { currentStyle, type PenSettingsChange } from './penSettings';

/** What a paper button acts on. */
export interface PuiTarget {
  readonly editor: EditorStore;
  /** Zooms the page shown (undefined with no page view). */
  zoomBy?(factor: number): void;
  /** Adds a blank page and returns its index (undefined with no board open). */
  addPage?(): Promise<number>;
  /** Number of pages of the open board. */
  pageCount(): number;
  /** Undoes / redoes the last edit of the open board (undefined with no board open). */
  undo?(): void;
  redo?(): void;
}

/** The board palette index of a PUI colour (matched by name: `lightblue` is our `lightBlue`). */
export function paletteIndexOf(puiColorName: string): number {
  return PEN_COLORS.findIndex((c) => c.name.toLowerCase() === puiColorName.toLowerCase());
}

/** The board thickness index of a PUI thickness (0.04 … 0.2). */
export function thicknessIndexOf(thickness: number): number {
  let best = 0;
  PEN_THICKNESSES.forEach((t, i) => {
    if (Math.abs(t - thickness) < Math.abs(PEN_THICKNESSES[best]! - thickness)) best = i;
  });
  return best;
}

/** The pen settings change a command makes, if it changes the pen (pure). */
export function penChangeOf(
  command: PuiCommand,
  current: { readonly tool: string; readonly thicknessIndex: number },
): PenSettingsChange | undefined {
  switch (command.kind) {
    case 'tool':
      return { tool: command.tool };
    case 'color': {
      const i = paletteIndexOf(command.color.name);
      return i < 0 ? undefined : { colorIndex: i };
    }
    case 'thickness':
      return { thicknessIndex: thicknessIndexOf(command.thickness) };
    case 'thicknessStep': {
      const next = current.thicknessIndex + (command.direction === 'up' ? 1 : -1);
      return { thicknessIndex: Math.min(PEN_THICKNESSES.length - 1, Math.max(0, next)) };
    }
    case 'pointer':
      return { tool: current.tool === 'pointer' ? 'pen' : 'pointer' };
    default:
      return undefined;
  }
}

/** Carries out the paper button `param` pressed by pen `penId`. */
export function applyPuiCommand(param: string, penId: string, target: PuiTarget): void {
  const command = parsePuiCommand(param);
  const editor = target.editor.getState();
  const settings = editor.penSettings(penId);
  const change = penChangeOf(command, { tool: settings.tool, ...currentStyle(settings) });
  if (change) {
    editor.updatePen(penId, change);
    if (command.kind === 'tool' && command.tool === 'eraser') editor.setEraserMode('whole');
    return;
  }
  switch (command.kind) {
    case 'fit':
      editor.setFit(command.fit);
      return;
    case 'zoom':
      target.zoomBy?.(command.factor);
      return;
    case 'page': {
      const next = editor.pageIndex + (command.direction === 'next' ? 1 : -1);
      if (next >= 0 && next < target.pageCount()) editor.setPageIndex(next);
      return;
    }
    case 'addPage':
      void target
        .addPage?.()
        .then((i) => target.editor.getState().setPageIndex(i))
        .catch(() => target.editor.getState().showToast('control.failed', { command: param }));
      return;
    case 'unhandled':
      if (command.param === 'undo' || command.param === 'redo') {
        const act = command.param === 'undo' ? target.undo : target.redo;
        if (act) act.call(target);
        else editor.showToast('control.failed', { command: param }); // no board open
        return;
      }
      editor.showToast('control.unsupported', { command: param });
      return;
    default:
      editor.showToast('control.unsupported', { command: param });
  }
}
