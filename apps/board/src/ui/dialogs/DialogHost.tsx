/** Shows the editor's current dialog. */
import { lazy, Suspense } from 'react';
import { useEditor } from '../../app/boardApp';
import { ConfirmDialog } from './ConfirmDialog';

/** The tutorial loads when help is first opened. */
const HelpTutorial = lazy(() => import('./HelpTutorial').then((m) => ({ default: m.HelpTutorial })));

import { MessageDialog } from './MessageDialog';
import { NoticeDialog } from './NoticeDialog';
import { PdfPasswordDialog, PenPasswordDialog } from './PasswordDialogs';
import { SaveDialog } from './SaveDialog';

export function DialogHost() {
  const dialog = useEditor((s) => s.dialog);
  if (!dialog) return null;
  switch (dialog.kind) {
    case 'message':
      return <MessageDialog message={dialog.message} />;
    case 'save':
      return <SaveDialog mode={dialog.mode} />;
    case 'pdfPassword':
      return (
        <PdfPasswordDialog
          key={`pdf-${dialog.wrong}`}
          wrong={dialog.wrong}
          fileName={dialog.fileName ?? ''}
          resolve={dialog.resolve}
        />
      );
    case 'penPassword':
      return (
        <PenPasswordDialog
          key={`pen-${dialog.prompt.retryCount}`}
          prompt={dialog.prompt}
          resolve={dialog.resolve}
        />
      );
    case 'confirm':
      return <ConfirmDialog {...dialog} />;
    case 'help':
      return (
        <Suspense fallback={null}>
          <HelpTutorial />
        </Suspense>
      );
    case 'notice':
      return <NoticeDialog />;
  }
}
