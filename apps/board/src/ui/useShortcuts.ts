/** Applies the board's keyboard shortcuts (see `app/shortcuts.ts`) while no dialog is open. */
import { useEffect, useRef } from 'react';
import { useBoardApp } from '../app/boardApp';
import { isTypingTarget, type ShortcutAction, shortcutFor } from '../app/shortcuts';

export function useShortcuts(apply: (action: ShortcutAction) => void): void {
  const app = useBoardApp();
  const applyRef = useRef(apply);
  applyRef.current = apply;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || isTypingTarget(e.target)) return;
      if (app.deps.editor.getState().dialog) return;
      if ((e.target as Element | null)?.closest?.('[role="menu"]')) return;
      const action = shortcutFor(e);
      if (!action) return;
      e.preventDefault();
      applyRef.current(action);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [app]);
}
