/**
 * Keyboard shortcuts (board.md §2): Q pen, R highlighter, E eraser, T pointer, 1 … 0 colour,
 * Z … B thickness, ← / → page, and Ctrl+Z / Ctrl+Shift+Z (or Ctrl+Y) undo and redo (⌘ on a Mac).
 * Pure: maps a key event to an action; the board applies it.
 */
import type { Tool } from './penSettings';

/** What a shortcut does. */
export type ShortcutAction =
  | { readonly kind: 'tool'; readonly tool: Tool }
  | { readonly kind: 'color'; readonly index: number }
  | { readonly kind: 'thickness'; readonly index: number }
  | { readonly kind: 'page'; readonly delta: -1 | 1 }
  | { readonly kind: 'undo' }
  | { readonly kind: 'redo' };

/** The fields of a keyboard event the mapping reads. */
export interface KeyLike {
  readonly key: string;
  readonly code?: string;
  readonly ctrlKey?: boolean;
  readonly metaKey?: boolean;
  readonly shiftKey?: boolean;
  readonly altKey?: boolean;
}

const TOOLS: Readonly<Record<string, Tool>> = {
  KeyQ: 'pen',
  KeyR: 'highlighter',
  KeyE: 'eraser',
  KeyT: 'pointer',
};
const THICKNESS: Readonly<Record<string, number>> = { KeyZ: 0, KeyX: 1, KeyC: 2, KeyV: 3, KeyB: 4 };

/** The physical key (`KeyQ`, `Digit1`), from `code`, else from the character. */
function codeOf(e: KeyLike): string {
  if (e.code) return e.code;
  const k = e.key;
  if (/^[a-z]$/i.test(k)) return `Key${k.toUpperCase()}`;
  if (/^\d$/.test(k)) return `Digit${k}`;
  return k;
}

/** The action of a key press, or undefined. Letters work whatever the keyboard language. */
export function shortcutFor(e: KeyLike): ShortcutAction | undefined {
  const mod = Boolean(e.ctrlKey || e.metaKey);
  const code = codeOf(e);
  if (mod && !e.altKey) {
    if (code === 'KeyZ') return e.shiftKey ? { kind: 'redo' } : { kind: 'undo' };
    if (code === 'KeyY' && !e.shiftKey) return { kind: 'redo' };
    return undefined;
  }
  if (mod || e.altKey) return undefined;
  if (e.key === 'ArrowLeft') return { kind: 'page', delta: -1 };
  if (e.key === 'ArrowRight') return { kind: 'page', delta: 1 };
  if (e.shiftKey) return undefined;
  const tool = TOOLS[code];
  if (tool) return { kind: 'tool', tool };
  const thickness = THICKNESS[code];
  if (thickness !== undefined) return { kind: 'thickness', index: thickness };
  const digit = /^(?:Digit|Numpad)(\d)$/.exec(code);
  if (digit) {
    const d = Number(digit[1]);
    return { kind: 'color', index: d === 0 ? 9 : d - 1 };
  }
  return undefined;
}

/** The key shown beside each tool in the toolbar. */
export const TOOL_KEYS: Readonly<Record<Tool, string>> = {
  pen: 'Q',
  highlighter: 'R',
  eraser: 'E',
  pointer: 'T',
};
/** Keys of the colours 0 … 9 and thicknesses 0 … 4. */
export const COLOR_KEYS: readonly string[] = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0'];
export const THICKNESS_KEYS: readonly string[] = ['Z', 'X', 'C', 'V', 'B'];

/** True when the key press is typed into a field (shortcuts then stay out of the way). */
export function isTypingTarget(target: unknown): boolean {
  const el = target as { tagName?: string; isContentEditable?: boolean; type?: string } | null;
  if (!el?.tagName) return false;
  const tag = el.tagName.toUpperCase();
  if (tag === 'TEXTAREA' || tag === 'SELECT' || el.isContentEditable) return true;
  return tag === 'INPUT' && !['button', 'checkbox', 'radio', 'submit', 'reset'].includes(el.type ?? 'text');
}
