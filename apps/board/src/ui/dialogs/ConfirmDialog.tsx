/** A question with Cancel (focused) and the action, before something that cannot be undone. */
import { useBoardApp } from '../../app/boardApp';
import type { Message } from '../../app/editorStore';
import { type TextKey, useText } from '../../i18n/text';
import { Dialog } from '../Dialog';

export function ConfirmDialog(props: { message: Message; confirmLabel: TextKey; onConfirm: () => void }) {
  const app = useBoardApp();
  const t = useText();
  const close = () => app.deps.editor.getState().closeDialog();
  return (
    <Dialog title={t('notice.title')} onCancel={close} testId="confirm-dialog">
      <p className="dialog-message" data-testid="confirm-text">
        {t(props.message.key, props.message.params)}
      </p>
      <div className="dialog-buttons">
        <button type="button" data-autofocus data-testid="confirm-cancel" onClick={close}>
          {t('common.cancel')}
        </button>
        <button
          type="button"
          className="danger"
          data-testid="confirm-ok"
          onClick={() => {
            close();
            props.onConfirm();
          }}
        >
          {t(props.confirmLabel)}
        </button>
      </div>
    </Dialog>
  );
}
