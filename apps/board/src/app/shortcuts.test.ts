import { describe, expect, it } from 'vitest';
import { isTypingTarget, shortcutFor } from './shortcuts';

describe('shortcuts (board.md §2)', () => {
  it('tools: Q pen, R highlighter, E eraser, T pointer', () => {
    expect(shortcutFor({ key: 'q', code: 'KeyQ' })).toEqual({ kind: 'tool', tool: 'pen' });
    expect(shortcutFor({ key: 'r' })).toEqual({ kind: 'tool', tool: 'highlighter' });
    expect(shortcutFor({ key: 'E' })).toEqual({ kind: 'tool', tool: 'eraser' });
    expect(shortcutFor({ key: 'ㅅ', code: 'KeyT' })).toEqual({ kind: 'tool', tool: 'pointer' });
  });

  it('colours 1 … 0 and thickness Z … B', () => {
    expect(shortcutFor({ key: '1' })).toEqual({ kind: 'color', index: 0 });
    expect(shortcutFor({ key: '9' })).toEqual({ kind: 'color', index: 8 });
    expect(shortcutFor({ key: '0' })).toEqual({ kind: 'color', index: 9 });
    expect(['z', 'x', 'c', 'v', 'b'].map((key) => shortcutFor({ key }))).toEqual(
      [0, 1, 2, 3, 4].map((index) => ({ kind: 'thickness', index })),
    );
  });

  it('arrows change page; Ctrl+Z undoes, Ctrl+Shift+Z and Ctrl+Y redo', () => {
    expect(shortcutFor({ key: 'ArrowLeft' })).toEqual({ kind: 'page', delta: -1 });
    expect(shortcutFor({ key: 'ArrowRight' })).toEqual({ kind: 'page', delta: 1 });
    expect(shortcutFor({ key: 'z', ctrlKey: true })).toEqual({ kind: 'undo' });
    expect(shortcutFor({ key: 'Z', ctrlKey: true, shiftKey: true })).toEqual({ kind: 'redo' });
    expect(shortcutFor({ key: 'z', metaKey: true, shiftKey: true })).toEqual({ kind: 'redo' });
    expect(shortcutFor({ key: 'y', ctrlKey: true })).toEqual({ kind: 'redo' });
  });

  it('other keys and modified letters do nothing', () => {
    expect(shortcutFor({ key: 'a' })).toBeUndefined();
    expect(shortcutFor({ key: 'q', ctrlKey: true })).toBeUndefined();
    expect(shortcutFor({ key: 'Q', shiftKey: true })).toBeUndefined();
    expect(shortcutFor({ key: 'q', altKey: true })).toBeUndefined();
  });

  it('stays out of text fields', () => {
    expect(isTypingTarget({ tagName: 'INPUT', type: 'text' })).toBe(true);
    expect(isTypingTarget({ tagName: 'INPUT', type: 'checkbox' })).toBe(false);
    expect(isTypingTarget({ tagName: 'BUTTON' })).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});
