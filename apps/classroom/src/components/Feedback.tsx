/**
 * The shell's feedback furniture (classroom.md §2): bottom-right toasts, the loading backdrop
 * and the progress dialog (title, percent bar, cancel) every long job uses.
 */
import {
  Button,
  Dialog,
  Heading,
  Modal,
  ModalOverlay,
  ProgressBar,
  Text,
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastRegion as ToastRegion,
} from 'react-aria-components';
import { useT } from '../i18n/text';
import { useServices } from '../lib/services';
import { toastQueue } from '../lib/toasts';
import { useUi } from '../stores/uiStore';

export function Toasts() {
  return (
    <ToastRegion queue={toastQueue} className="toast-region">
      {({ toast }) => (
        <Toast toast={toast} className={`toast toast-${toast.content.kind}`} data-testid="toast">
          <ToastContent>
            <Text slot="title">{toast.content.text}</Text>
          </ToastContent>
        </Toast>
      )}
    </ToastRegion>
  );
}

/** The circular progress backdrop while the app is busy. */
export function Backdrop() {
  const { ui } = useServices();
  const t = useT();
  const busy = useUi(ui, (s) => s.busy > 0);
  if (!busy) return null;
  return (
    <div className="backdrop" data-testid="backdrop">
      <ProgressBar isIndeterminate aria-label={t('common.loading')} className="spinner" />
    </div>
  );
}

/** The progress dialog of the running long job, if any. */
export function ProgressDialog() {
  const { ui } = useServices();
  const t = useT();
  const progress = useUi(ui, (s) => s.progress);
  if (!progress) return null;
  return (
    <ModalOverlay className="overlay" isOpen isDismissable={false}>
      <Modal className="modal">
        <Dialog className="dialog" data-testid="progress-dialog">
          <Heading slot="title" className="dialog-title">
            {progress.title}
          </Heading>
          <ProgressBar value={progress.percent} aria-label={progress.title} className="progress">
            {({ valueText }) => (
              <>
                <div className="progress-track">
                  <div className="progress-fill" style={{ width: `${progress.percent}%` }} />
                </div>
                <span className="progress-text">{valueText}</span>
              </>
            )}
          </ProgressBar>
          {progress.cancel ? (
            <div className="dialog-actions">
              <Button className="button" onPress={progress.cancel} data-testid="progress-cancel">
                {t('common.cancel')}
              </Button>
            </div>
          ) : null}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
