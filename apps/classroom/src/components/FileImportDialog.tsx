/**
 * The frame of the app's file imports (the spreadsheet of a class's pupils, a OneRoster zip): a
 * dialog with a file chooser, the caller's preview of what the file would do, Cancel and the
 * import button; when the preview found rows to leave out, the import asks once more (an
 * alertdialog: 'import anyway?'). The caller reads the file and says what the import does.
 */
import { type ReactNode, useState } from 'react';
import { Button } from 'react-aria-components';
import { AppDialog } from './Dialog';

/** The test ids of the dialog's parts (browser tests name them). */
export interface FileImportTestIds {
  readonly dialog: string;
  /** The file input (also its element id, for its label). */
  readonly file: string;
  readonly confirm: string;
  readonly anywayDialog: string;
  readonly anywayConfirm: string;
}

export interface FileImportDialogProps {
  readonly title: string;
  readonly onClose: () => void;
  readonly testIds: FileImportTestIds;
  /** The file chooser's label and the types it offers (`accept`). */
  readonly chooseLabel: string;
  readonly accept: string;
  readonly onFile: (file: File) => void;
  readonly cancelLabel: string;
  /** The import button's label (and the confirmation's). */
  readonly confirmLabel: string;
  /** Whether there is something to import (the button shows). */
  readonly canConfirm: boolean;
  /** An import on its way (the button waits). */
  readonly pending: boolean;
  /** Rows would be left out: the import asks once more, with this title and text. */
  readonly anyway: { readonly needed: boolean; readonly title: string; readonly text: string };
  /** Imports; `anyway` once the user confirmed leaving the problem rows out. */
  readonly onConfirm: (anyway: boolean) => void;
  /** Buttons before Cancel (a help button). */
  readonly extraActions?: ReactNode;
  /** The preview and the file's problems. */
  readonly children?: ReactNode;
}

export function FileImportDialog(props: FileImportDialogProps) {
  const [asking, setAsking] = useState(false);
  const { testIds: ids } = props;
  const confirm = () => (props.anyway.needed ? setAsking(true) : props.onConfirm(false));
  return (
    <AppDialog
      title={props.title}
      isOpen
      onClose={props.onClose}
      testId={ids.dialog}
      actions={
        <>
          {props.extraActions}
          <Button className="button" onPress={props.onClose}>
            {props.cancelLabel}
          </Button>
          {props.canConfirm ? (
            <Button
              className="button primary"
              onPress={confirm}
              isDisabled={props.pending}
              data-testid={ids.confirm}
            >
              {props.confirmLabel}
            </Button>
          ) : null}
        </>
      }
    >
      <div className="field">
        <label htmlFor={ids.file}>{props.chooseLabel}</label>
        <input
          id={ids.file}
          type="file"
          accept={props.accept}
          data-testid={ids.file}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) props.onFile(file);
          }}
        />
      </div>
      {props.children}
      <AppDialog
        title={props.anyway.title}
        isOpen={asking}
        role="alertdialog"
        onClose={() => setAsking(false)}
        testId={ids.anywayDialog}
        actions={
          <>
            <Button className="button" onPress={() => setAsking(false)}>
              {props.cancelLabel}
            </Button>
            <Button
              className="button primary"
              data-testid={ids.anywayConfirm}
              autoFocus
              onPress={() => {
                setAsking(false);
                props.onConfirm(true);
              }}
            >
              {props.confirmLabel}
            </Button>
          </>
        }
      >
        <p>{props.anyway.text}</p>
      </AppDialog>
    </AppDialog>
  );
}
