/**
 * The pen dialogs every pen screen of the classroom shows (annotation, pen station, collect
 * pens): the pen's password form while a pen asks for it, and the pen's message (failures,
 * warnings) until the user closes it.
 */
import { useT as useViewText } from '@dotink/view/i18n';
import { type PenMessage, PenPasswordForm, type PenStatus, type PenStatusState } from '@dotink/view/pens';
import { AlertDialog, AppDialog } from './Dialog';

export function PenDialogs(props: {
  readonly status: PenStatus;
  /** The status's state (the caller's `usePenStatus`). */
  readonly pen: PenStatusState;
  /** The message shown in the alert (default: the pen's message). */
  readonly alert?: PenMessage | undefined;
  readonly title: string;
  readonly confirm: string;
}) {
  const viewText = useViewText();
  const { pen } = props;
  const alert = 'alert' in props ? props.alert : pen.message;
  return (
    <>
      {pen.password && (
        <AppDialog
          title={viewText('pen.passwordTitle')}
          isOpen
          onClose={() => pen.password?.resolve(undefined)}
          testId="pen-password-dialog"
        >
          <PenPasswordForm
            key={pen.password.prompt.retryCount}
            prompt={pen.password.prompt}
            resolve={pen.password.resolve}
            buttonClassName="button"
          />
        </AppDialog>
      )}
      <AlertDialog
        title={props.title}
        message={alert ? viewText(alert.key, alert.params) : undefined}
        confirm={props.confirm}
        onClose={() => props.status.dismiss()}
        testId="pen-message"
      />
    </>
  );
}
