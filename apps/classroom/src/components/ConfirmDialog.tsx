/**
 * A question with a confirm and a cancel button (the spec's confirms: 'Deleted data cannot be
 * restored. Proceed with deletion?', 'Edit the lesson?', the missing-textbook question). Closed
 * when `message` is undefined.
 */
import { Button } from 'react-aria-components';
import { AppDialog } from './Dialog';

export interface ConfirmDialogProps {
  readonly title: string;
  readonly message: string | undefined;
  readonly confirm: string;
  readonly cancel: string;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
  readonly testId?: string;
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  const id = props.testId ?? 'confirm-dialog';
  return (
    <AppDialog
      title={props.title}
      isOpen={props.message !== undefined}
      onClose={props.onCancel}
      role="alertdialog"
      testId={id}
      actions={
        <>
          <Button className="button" onPress={props.onCancel} data-testid={`${id}-cancel`}>
            {props.cancel}
          </Button>
          <Button
            className="button primary"
            onPress={props.onConfirm}
            autoFocus
            data-testid={`${id}-confirm`}
          >
            {props.confirm}
          </Button>
        </>
      }
    >
      <p data-testid={`${id}-text`}>{props.message}</p>
    </AppDialog>
  );
}
