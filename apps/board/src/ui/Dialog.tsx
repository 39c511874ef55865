/**
 * A modal dialog on the native `<dialog>` element, with a title and the focus on its first field
 * or button. Tab and Shift+Tab cycle inside it (the browser would let Tab leave a modal dialog
 * for its own controls); Escape cancels; on close the focus goes back to where it was when the
 * dialog opened (or, if that is gone, to the main area).
 */
import { type ReactNode, useEffect, useId, useRef } from 'react';

export function Dialog(props: {
  title: string;
  onCancel: () => void;
  children: ReactNode;
  testId?: string;
  wide?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCancel = useRef(props.onCancel);
  onCancel.current = props.onCancel;
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : undefined;
    if (typeof el.showModal === 'function' && !el.open) el.showModal();
    else el.setAttribute('open', '');
    el.querySelector<HTMLElement>('[data-autofocus], input, button')?.focus();
    const cancel = (e: Event) => {
      e.preventDefault();
      onCancel.current();
    };
    const trap = (e: KeyboardEvent) => {
      if (e.key !== 'Tab') return;
      const items = focusables(el);
      if (items.length === 0) return;
      const first = items[0]!;
      const last = items[items.length - 1]!;
      const at = document.activeElement;
      if (e.shiftKey && (at === first || !el.contains(at))) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (at === last || !el.contains(at))) {
        e.preventDefault();
        first.focus();
      }
    };
    el.addEventListener('cancel', cancel);
    el.addEventListener('keydown', trap);
    return () => {
      el.removeEventListener('cancel', cancel);
      el.removeEventListener('keydown', trap);
      if (el.open && typeof el.close === 'function') el.close();
      restoreFocus(opener);
    };
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className={props.wide ? 'dialog wide' : 'dialog'}
      data-testid={props.testId}
    >
      <h2 id={titleId}>{props.title}</h2>
      {props.children}
    </dialog>
  );
}

const FOCUSABLE =
  'button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

/** The dialog's focusable controls, in order (hidden ones left out). */
function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((e) => e.getClientRects().length > 0);
}

/**
 * Gives the focus back to `opener` once the dialog is gone (the next task: another dialog may
 * open meanwhile and keep it); if the opener left the page, to the main area.
 */
function restoreFocus(opener: HTMLElement | undefined): void {
  setTimeout(() => {
    const now = document.activeElement;
    if (now && now !== document.body && now.closest('dialog')) return;
    if (opener?.isConnected && opener.getClientRects().length > 0) opener.focus();
    else document.querySelector<HTMLElement>('main')?.focus();
  }, 0);
}
