/**
 * The modal dialog of the app (react-aria-components: focus trapped and restored, ESC closes,
 * named by its title for screen readers).
 */
import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';

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
