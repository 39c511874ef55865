/**
 * The annotation controls of the replay bar (classroom.md §4): connect a pen (the shared pen
 * runtime's button, password dialog and pen messages), the count of pens, the strokes not
 * uploaded and the upload button — enabled only after a new pen-up with unuploaded strokes. The
 * outcome is told in a toast ('Uploaded the annotation information.' / 'Annotation information
 * was not uploaded. Please try again.', after 'student login failed' when the sign-in was
 * refused) and stays written beside the button until the next change.
 */
import { useT as useViewText } from '@dotink/view/i18n';
import { PenConnectButton, usePenStatus } from '@dotink/view/pens';
import { useEffect, useState } from 'react';
import { Button } from 'react-aria-components';
import { PenDialogs } from '../../../components/PenDialogs';
import { useT } from '../../../i18n/text';
import { errorText } from '../../../lib/services';
import { toast } from '../../../lib/toasts';
import { canUpload } from './annotationModel';
import type { Annotation } from './useAnnotation';

export function AnnotationControls(props: { readonly annotation: Annotation }) {
  const { annotation } = props;
  const t = useT();
  const viewText = useViewText();
  const pen = usePenStatus(annotation.penStatus);
  const state = annotation.state;
  const [outcome, setOutcome] = useState<'uploaded' | 'failed' | undefined>();
  const pending = state.pending.length;
  // a new stroke makes the last outcome old news
  useEffect(() => {
    if (pending > 0 && state.changed && !state.uploading)
      setOutcome((o) => (o === 'uploaded' ? undefined : o));
  }, [pending, state.changed, state.uploading]);

  // a passing note (old firmware) is a toast; the rest need reading (the alert below)
  const message = pen.message;
  useEffect(() => {
    if (message?.level !== 'toast') return;
    toast(viewText(message.key, message.params), 'info');
    annotation.penStatus.dismiss();
  }, [message, viewText, annotation.penStatus]);
  const alert = message?.level === 'alert' ? message : undefined;

  const upload = async () => {
    const result = await annotation.model.upload();
    if (result.ok) {
      setOutcome('uploaded');
      toast(t('annotation.uploaded'), 'success');
      annotation.onUploaded?.();
      return;
    }
    setOutcome('failed');
    // no answer at all is the network's failure, not a refused sign-in (§8 'Internet communication error')
    const unreachable = (result.error as { status?: unknown } | undefined)?.status === 0;
    if (unreachable) toast(errorText(t, result.error), 'error');
    else if (result.reason === 'login') toast(t('annotation.loginFailed'), 'error');
    toast(t('annotation.failed'), 'error');
  };

  return (
    <div className="annotation-controls" data-testid="annotation-controls">
      <PenConnectButton
        className="button small"
        connecting={pen.connecting}
        onConnect={() => void annotation.pens.connect()}
      />
      <span className="annotation-pens" data-testid="pen-count">
        {viewText('pen.count', { count: pen.pens.length })}
      </span>
      <Button
        className="button small primary"
        isDisabled={!canUpload(state)}
        onPress={() => void upload()}
        data-testid="annotation-upload"
      >
        {state.uploading ? t('annotation.uploading') : t('annotation.upload')}
      </Button>
      {pending > 0 && (
        <span className="annotation-pending" data-testid="annotation-pending">
          {t('annotation.pending', { count: pending })}
        </span>
      )}
      {outcome && (
        <span
          className={outcome === 'failed' ? 'annotation-outcome error-text' : 'annotation-outcome'}
          data-testid="annotation-outcome"
        >
          {t(outcome === 'uploaded' ? 'annotation.uploaded' : 'annotation.failed')}
        </span>
      )}
      <PenDialogs
        status={annotation.penStatus}
        pen={pen}
        alert={alert}
        title={t('annotation.penTitle')}
        confirm={t('common.confirm')}
      />
    </div>
  );
}
