/** The notice (board.md §2) with "do not show for a day" (kept in local storage). */
import { useState } from 'react';
import { useBoardApp } from '../../app/boardApp';
import { useText } from '../../i18n/text';
import { Dialog } from '../Dialog';

/** Where the time the notice stays hidden until is kept. */
export const NOTICE_HIDDEN_UNTIL = 'dotink-board.notice.hiddenUntil';
const DAY_MS = 24 * 60 * 60 * 1000;

/** True when the notice should show now. */
export function noticeDue(storage: Pick<Storage, 'getItem'> | undefined, nowMs: number): boolean {
  const until = Number(storage?.getItem(NOTICE_HIDDEN_UNTIL) ?? 0);
  return !(until > nowMs);
}

export function NoticeDialog() {
  const app = useBoardApp();
  const t = useText();
  const [hide, setHide] = useState(false);
  const close = () => {
    if (hide) app.deps.storage?.setItem(NOTICE_HIDDEN_UNTIL, String(app.deps.nowMs() + DAY_MS));
    app.deps.editor.getState().closeDialog();
  };
  return (
    <Dialog title={t('notice.title')} onCancel={close} testId="notice-dialog">
      <p className="dialog-message">{t('notice.text')}</p>
      <label className="check">
        <input
          type="checkbox"
          checked={hide}
          data-testid="notice-hide"
          onChange={(e) => setHide(e.target.checked)}
        />
        <span>{t('notice.hideForDay')}</span>
      </label>
      <div className="dialog-buttons">
        <button type="button" className="primary" data-autofocus data-testid="notice-close" onClick={close}>
          {t('notice.close')}
        </button>
      </div>
    </Dialog>
  );
}
