import { PUI_COLORS } from '@dotink/ncode';
import { PEN_COLORS } from '@dotink/view';
import { describe, expect, it } from 'vitest';
import { createEditorStore } from './editorStore';
import { applyPuiCommand, paletteIndexOf } from './puiActions';

describe('paper buttons on the board', () => {
  it('every PUI colour has a board palette entry of the same name', () => {
    for (const c of PUI_COLORS) expect(PEN_COLORS[paletteIndexOf(c.name)]?.name.toLowerCase()).toBe(c.name);
  });

  it('changes the pressing pen only: colour, thickness, steps, tool, pointer toggle', () => {
    const editor = createEditorStore();
    const target = { editor, pageCount: () => 3 };
    applyPuiCommand('lightblue', 'pen-a', target);
    applyPuiCommand('strokesize_2', 'pen-a', target);
    applyPuiCommand('strokesize_up', 'pen-a', target);
    expect(editor.getState().penSettings('pen-a').pen).toEqual({ colorIndex: 6, thicknessIndex: 3 });
    expect(editor.getState().penSettings('mouse-pen').pen.colorIndex).toBe(4);
    applyPuiCommand('erase_brush', 'pen-a', target);
    expect(editor.getState().penSettings('pen-a').tool).toBe('eraser');
    expect(editor.getState().eraserMode).toBe('whole');
    applyPuiCommand('pointer', 'pen-a', target);
    expect(editor.getState().penSettings('pen-a').tool).toBe('pointer');
    applyPuiCommand('pointer', 'pen-a', target);
    expect(editor.getState().penSettings('pen-a').tool).toBe('pen');
  });

  it('acts on the page shown: next stops at the end, fit; tells what it cannot do', () => {
    const editor = createEditorStore();
    const target = { editor, pageCount: () => 2 };
    applyPuiCommand('next', 'p', target);
    applyPuiCommand('next', 'p', target);
    expect(editor.getState().pageIndex).toBe(1);
    applyPuiCommand('fit', 'p', target);
    expect(editor.getState().fit).toBe('width');
    applyPuiCommand('start_ppt', 'p', target);
    expect(editor.getState().toast).toEqual({ key: 'control.unsupported', params: { command: 'start_ppt' } });
  });

  it('undo and redo act on the open board; with no board open the button says it failed', () => {
    const editor = createEditorStore();
    const done: string[] = [];
    const target = {
      editor,
      pageCount: () => 1,
      undo: () => void done.push('undo'),
      redo: () => void done.push('redo'),
    };
    applyPuiCommand('undo', 'p', target);
    applyPuiCommand('redo', 'p', target);
    expect(done).toEqual(['undo', 'redo']);
    expect(editor.getState().toast).toBeUndefined();
    applyPuiCommand('undo', 'p', { editor, pageCount: () => 0 });
    expect(editor.getState().toast).toEqual({ key: 'control.failed', params: { command: 'undo' } });
  });
});
