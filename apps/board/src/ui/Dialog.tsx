/**
 * A modal dialog on the native `<dialog>` element (focus stays inside, Escape cancels), with a
 * title and the focus on its first field or button.
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
    if (typeof el.showModal === 'function' && !el.open) el.showModal();
    else el.setAttribute('open', '');
    el.querySelector<HTMLElement>('[data-autofocus], input, button')?.focus();
    const cancel = (e: Event) => {
      e.preventDefault();
      onCancel.current();
    };
    el.addEventListener('cancel', cancel);
    return () => {
      el.removeEventListener('cancel', cancel);
      if (el.open && typeof el.close === 'function') el.close();
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
