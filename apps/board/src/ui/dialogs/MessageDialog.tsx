/** A message with OK (the errors of board.md §8). */
import { useBoardApp } from '../../app/boardApp';
import type { Message } from '../../app/editorStore';
import { useText } from '../../i18n/text';
import { Dialog } from '../Dialog';

export function MessageDialog(props: { message: Message }) {
  const app = useBoardApp();
  const t = useText();
  const close = () => app.deps.editor.getState().closeDialog();
  return (
    <Dialog title={t('notice.title')} onCancel={close} testId="message-dialog">
      <p className="dialog-message" role="alert" data-testid="message-text">
        {t(props.message.key, props.message.params)}
      </p>
      <div className="dialog-buttons">
        <button type="button" className="primary" data-autofocus onClick={close}>
          {t('common.ok')}
        </button>
      </div>
    </Dialog>
  );
}
