/**
 * The modal dialog of the app (react-aria-components: focus trapped and restored, ESC closes,
 * named by its title for screen readers).
 */
import type { ReactNode } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';

export interface AppDialogProps {
  readonly title: string;
  readonly isOpen: boolean;
  readonly onClose: () => void;
  readonly children?: ReactNode;
  /** The buttons row. */
  readonly actions?: ReactNode;
  readonly testId?: string;
  /** alertdialog for confirmations and messages. */
  readonly role?: 'dialog' | 'alertdialog';
  readonly dismissable?: boolean;
}

export function AppDialog(props: AppDialogProps) {
  return (
    <ModalOverlay
      className="overlay"
      isOpen={props.isOpen}
      onOpenChange={(open) => {
        if (!open) props.onClose();
      }}
      isDismissable={props.dismissable ?? true}
    >
      <Modal className="modal">
        <Dialog className="dialog" role={props.role ?? 'dialog'} data-testid={props.testId}>
          <Heading slot="title" className="dialog-title">
            {props.title}
          </Heading>
          <div className="dialog-body">{props.children}</div>
          {props.actions ? <div className="dialog-actions">{props.actions}</div> : null}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

/** A message with one confirm button (the spec's alerts). Closed when `message` is undefined. */
export function AlertDialog(props: {
  readonly title: string;
  readonly message: string | undefined;
  readonly confirm: string;
  readonly onClose: () => void;
  readonly testId?: string;
}) {
  return (
    <AppDialog
      title={props.title}
      isOpen={props.message !== undefined}
      onClose={props.onClose}
      role="alertdialog"
      testId={props.testId ?? 'alert-dialog'}
      actions={
        <Button className="button primary" onPress={props.onClose} autoFocus data-testid="alert-confirm">
          {props.confirm}
        </Button>
      }
    >
      <p data-testid="alert-text">{props.message}</p>
    </AppDialog>
  );
}
