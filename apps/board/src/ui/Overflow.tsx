/**
 * An overflow ("more") button: on small screens it holds what does not fit in a bar. Its panel
 * stays mounted while closed (hidden), so what lives inside keeps its state (sync, menus).
 * Keyboard: the button toggles it, Escape closes it and gives focus back to the button; a click
 * outside closes it. With `inline` the children are shown in place, without the button.
 */
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';

export function Overflow(props: {
  readonly label: string;
  readonly inline: boolean;
  readonly testId: string;
  readonly children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLFieldSetElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>('button:not([disabled]), select, input')?.focus();
    const onDown = (e: PointerEvent) => {
      const t = e.target as Node;
      if (!panelRef.current?.contains(t) && !buttonRef.current?.contains(t)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  if (props.inline) return <>{props.children}</>;
  return (
    <div className="overflow">
      <button
        ref={buttonRef}
        type="button"
        className="icon overflow-button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={props.label}
        title={props.label}
        data-testid={props.testId}
        onClick={() => setOpen((o) => !o)}
      >
        <svg width={18} height={18} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx={5} cy={12} r={2} fill="currentColor" />
          <circle cx={12} cy={12} r={2} fill="currentColor" />
          <circle cx={19} cy={12} r={2} fill="currentColor" />
        </svg>
      </button>
      <fieldset
        ref={panelRef}
        id={panelId}
        className="overflow-panel"
        hidden={!open}
        data-testid={`${props.testId}-panel`}
        onClick={(e) => {
          // an action inside was taken (not a menu or drawer opening): close, focus back here
          const b = (e.target as Element).closest('button');
          if (b && !b.hasAttribute('aria-haspopup') && !b.hasAttribute('aria-expanded')) {
            setOpen(false);
            buttonRef.current?.focus();
          }
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && !e.defaultPrevented) {
            e.preventDefault();
            setOpen(false);
            buttonRef.current?.focus();
          }
        }}
      >
        <legend className="sr-only">{props.label}</legend>
        {props.children}
      </fieldset>
    </div>
  );
}
