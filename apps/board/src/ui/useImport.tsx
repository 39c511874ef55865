/**
 * The import menu's file pickers (board.md §2): PDF and .GRIDA, each a hidden file input.
 * Results and errors (board.md §8) become messages; a picker closed without a file says
 * 'Importing has been canceled.'.
 */
import { useEffect, useRef, useState } from 'react';
import { useBoardApp } from '../app/boardApp';
import { useText } from '../i18n/text';
import { importFile } from '../import/importFlow';

export function useImport() {
  const app = useBoardApp();
  const t = useText();
  const pdfInput = useRef<HTMLInputElement>(null);
  const gridaInput = useRef<HTMLInputElement>(null);

  // a PDF import in progress: its pages read so far, and how to cancel it
  const [progress, setProgress] = useState<{ name: string; done: number; total: number }>();
  const cancelImport = useRef<AbortController | undefined>(undefined);

  const run = async (file: File, expect: 'pdf' | 'grida') => {
    const editor = app.deps.editor.getState();
    // "← Boards" pressed while the import finishes: the board is not opened again over the list
    const lefts = app.leftCount;
    const stayed = () => app.leftCount === lefts;
    const abort = new AbortController();
    cancelImport.current = abort;
    if (expect === 'pdf') setProgress({ name: file.name, done: 0, total: 0 });
    try {
      const bytes = new Uint8Array(await file.arrayBuffer());
      const session = app.session;
      const result = await importFile(
        { name: file.name, bytes },
        {
          repo: app.deps.repo,
          pdf: app.deps.pdf,
          paper: app.deps.paper,
          askPassword: (wrong) => app.askPdfPassword(wrong, file.name),
          ...(session ? { session } : {}),
          openSession: (id) => app.openBoard(id),
          newSession: (title) => app.newBoard(title),
          untitled: t('list.newBoardTitle'),
          signal: abort.signal,
          progress: (done, total) => setProgress({ name: file.name, done, total }),
          nowMs: app.deps.nowMs,
        },
        expect,
      );
      if (result.kind === 'failed') {
        editor.showMessage(result.message, result.params);
        return;
      }
      if (result.kind === 'pdfAdded') {
        if (result.password !== undefined && result.fingerprint)
          app.pdfs.rememberPassword(result.fingerprint, result.password);
        if (!stayed()) {
          // the user went back to the list: the board waits there
        } else if (app.session?.board.id !== result.boardId)
          await app.openBoard(result.boardId, result.firstPageIndex);
        else app.deps.editor.getState().setPageIndex(result.firstPageIndex);
      } else if (stayed()) {
        await app.openBoard(result.boardId);
      }
      app.deps.editor.getState().showToast('import.done', { name: file.name });
    } catch (error) {
      // a failure that is not about the file (storage, say) is told as what it is
      app.report(error);
    } finally {
      if (cancelImport.current === abort) cancelImport.current = undefined;
      setProgress(undefined);
    }
  };

  // A picker closed without a file fires `cancel` on its input (not in React's event list).
  useEffect(() => {
    const cancelled = () => app.deps.editor.getState().showMessage('import.cancelled');
    const inputs = [pdfInput.current, gridaInput.current];
    for (const el of inputs) el?.addEventListener('cancel', cancelled);
    return () => {
      for (const el of inputs) el?.removeEventListener('cancel', cancelled);
    };
  }, [app]);

  const input = (kind: 'pdf' | 'grida') => (
    <input
      ref={kind === 'pdf' ? pdfInput : gridaInput}
      type="file"
      hidden
      data-testid={`import-${kind}-input`}
      accept={kind === 'pdf' ? '.pdf,application/pdf' : '.grida,.GRIDA'}
      onChange={(e) => {
        const file = e.currentTarget.files?.[0];
        e.currentTarget.value = '';
        if (file) void run(file, kind);
        else app.deps.editor.getState().showMessage('import.cancelled');
      }}
    />
  );

  return {
    inputs: (
      <>
        {input('pdf')}
        {input('grida')}
        {progress ? (
          <div className="import-progress" role="status" data-testid="import-progress">
            <span>
              {t('import.progress', {
                name: progress.name,
                done: progress.done,
                total: progress.total || '…',
              })}
            </span>
            <progress max={progress.total || 1} value={progress.done} />
            <button type="button" data-testid="import-cancel" onClick={() => cancelImport.current?.abort()}>
              {t('common.cancel')}
            </button>
          </div>
        ) : null}
      </>
    ),
    pickPdf: () => pdfInput.current?.click(),
    pickGrida: () => gridaInput.current?.click(),
  };
}
