/**
 * The form fields and dialog buttons every classroom form uses (course, lesson, class, material,
 * school): a label tied to its control, an optional hint tied by `aria-describedby`, and the test
 * id equal to the control's id. One place for their markup, so the forms read as their rules.
 */
import type { ReactNode } from 'react';
import { Button } from 'react-aria-components';
import { useT } from '../i18n/text';

interface FieldProps {
  /** The control's id (and test id). */
  readonly id: string;
  readonly label: string;
  /** Text under the control, read with it by screen readers. */
  readonly hint?: ReactNode;
  readonly hintClassName?: string | undefined;
}

/** A labelled field around any control whose id is `id`. */
export function Field({
  id,
  label,
  hint,
  hintClassName = 'muted',
  children,
}: FieldProps & { children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint !== undefined && hint !== null ? (
        <span id={`${id}-hint`} className={hintClassName} data-testid={`${id}-hint`}>
          {hint}
        </span>
      ) : null}
    </div>
  );
}

export interface TextFieldProps extends FieldProps {
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly required?: boolean;
  readonly disabled?: boolean;
  readonly placeholder?: string | undefined;
  readonly maxLength?: number | undefined;
  readonly type?: 'text' | 'date';
}

/** A labelled text (or date) input. */
export function TextField(p: TextFieldProps) {
  return (
    <Field id={p.id} label={p.label} hint={p.hint} hintClassName={p.hintClassName}>
      <input
        id={p.id}
        data-testid={p.id}
        type={p.type ?? 'text'}
        value={p.value}
        placeholder={p.placeholder}
        maxLength={p.maxLength}
        disabled={p.disabled}
        aria-required={p.required ? 'true' : undefined}
        aria-describedby={p.hint !== undefined && p.hint !== null ? `${p.id}-hint` : undefined}
        onChange={(e) => p.onChange(e.target.value)}
      />
    </Field>
  );
}

/** One choice of a {@link SelectField}. */
export interface Choice<V extends string | number> {
  readonly value: V;
  readonly label: ReactNode;
  readonly disabled?: boolean;
}

export interface SelectFieldProps<V extends string | number> extends FieldProps {
  readonly value: V | undefined;
  readonly choices: readonly Choice<V>[];
  /** Called with the chosen value, or undefined for the empty choice. */
  readonly onChange: (value: V | undefined) => void;
  /** The label of the empty choice (value ''); none when absent. */
  readonly empty?: ReactNode;
  /** Choices after the real ones that can never be chosen (e.g. 'individual student'). */
  readonly after?: ReactNode;
}

/** A labelled native select whose values keep their type (numbers stay numbers). */
export function SelectField<V extends string | number>(p: SelectFieldProps<V>) {
  return (
    <Field id={p.id} label={p.label} hint={p.hint} hintClassName={p.hintClassName}>
      <select
        id={p.id}
        data-testid={p.id}
        value={p.value === undefined ? '' : String(p.value)}
        onChange={(e) => p.onChange(p.choices.find((c) => String(c.value) === e.target.value)?.value)}
      >
        {p.empty !== undefined ? <option value="">{p.empty}</option> : null}
        {p.choices.map((c) => (
          <option key={String(c.value)} value={String(c.value)} disabled={c.disabled}>
            {c.label}
          </option>
        ))}
        {p.after}
      </select>
    </Field>
  );
}

export interface DialogActionsProps {
  readonly onCancel: () => void;
  readonly onConfirm: () => void;
  /** While true a press of confirm does nothing (the button keeps the focus, see below). */
  readonly busy?: boolean;
  /** Disables both buttons (e.g. while a file uploads). */
  readonly disabled?: boolean;
  readonly confirmTestId: string;
  /** Buttons before cancel (e.g. delete). */
  readonly before?: ReactNode;
}

/**
 * Cancel and confirm of a dialog. Confirm is ignored while `busy` but not disabled: it keeps the
 * focus, which an alert gives back to it when it closes, so ESC still reaches the dialog.
 */
export function DialogActions(p: DialogActionsProps) {
  const t = useT();
  return (
    <>
      {p.before}
      <Button className="button" onPress={p.onCancel} isDisabled={p.disabled}>
        {t('common.cancel')}
      </Button>
      <Button
        className="button primary"
        onPress={p.busy ? undefined : p.onConfirm}
        isDisabled={p.disabled}
        data-testid={p.confirmTestId}
      >
        {t('common.confirm')}
      </Button>
    </>
  );
}
