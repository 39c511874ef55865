/**
 * The save dialogs (board.md §2): PDF, .GRIDA, save as, overwrite — each a title field with Save
 * and Cancel; the title must be a valid file name (board.md §5).
 */
import { useState } from 'react';
import { useBoardApp } from '../../app/boardApp';
import type { SaveMode } from '../../app/editorStore';
import { save } from '../../app/saveFlow';
import { useText } from '../../i18n/text';
import type { BoardSession } from '../../model/boardSession';
import { fileNameProblem, suggestFileName } from '../../model/fileName';
import { Dialog } from '../Dialog';

const TITLES = {
  pdf: 'save.pdf',
  grida: 'save.grida',
  saveAs: 'save.saveAs',
  overwrite: 'save.overwrite',
} as const;

/** A board with no PDF and no stroke: saving it gives an empty file. */
function isEmptyBoard(session: BoardSession): boolean {
  return session.pdfs.length === 0 && session.toDocument(0).strokes.length === 0;
}

export function SaveDialog(props: { mode: SaveMode }) {
  const app = useBoardApp();
  const t = useText();
  const session = app.session;
  const [name, setName] = useState(() => suggestFileName(session?.board.title ?? ''));
  const [busy, setBusy] = useState(false);
  const [tried, setTried] = useState(false);
  const problem = fileNameProblem(name);
  const close = () => app.deps.editor.getState().closeDialog();
  const submit = async () => {
    setTried(true);
    if (problem || !session || busy) return;
    setBusy(true);
    try {
      const result = await save(props.mode, name, {
        session,
        repo: app.deps.repo,
        deliver: app.deps.deliver,
        nowMs: app.deps.nowMs,
        rasterPage: async (pdfId, pageNo) => {
          const pdf = session.pdfs.find((p) => p.id === pdfId);
          const open = pdf ? await app.pdfs.get(pdf) : undefined;
          if (!open?.renderPng) throw new Error('cannot render the page');
          return open.renderPng(pageNo, 2);
        },
      });
      close();
      if (result.openBoardId) await app.openBoard(result.openBoardId);
      app.deps.editor.getState().showToast('save.done', { name: result.fileName });
    } catch (error) {
      close();
      app.report(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog title={t(TITLES[props.mode])} onCancel={close} testId="save-dialog">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <label className="field">
          <span>{t('save.title')}</span>
          <input
            value={name}
            data-testid="save-title"
            aria-invalid={tried && problem !== undefined}
            aria-describedby="save-title-problem"
            onChange={(e) => setName(e.target.value)}
          />
        </label>
        <p id="save-title-problem" className="field-error" role="alert" data-testid="save-problem">
          {tried && problem ? t(`fileName.${problem}`) : ''}
        </p>
        {session && isEmptyBoard(session) ? (
          <p className="field-warning" role="status" data-testid="save-empty">
            {t('save.emptyWarning')}
          </p>
        ) : null}
        <div className="dialog-buttons">
          <button type="button" onClick={close}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="primary" data-testid="save-confirm" disabled={busy}>
            {t('common.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
