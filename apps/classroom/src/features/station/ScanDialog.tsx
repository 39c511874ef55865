/**
 * The camera dialog: the back camera's picture, scanned a few times a second for a pupil's QR
 * label; the first label read closes the dialog (and the camera) and signs the pupil in. A QR
 * code that is not a label is said and the scan goes on; a camera that cannot start closes the
 * dialog with its reason (no camera, not allowed, in use).
 */
import { useEffect, useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import { AppDialog } from '../../components/Dialog';
import { useT } from '../../i18n/text';
import { CameraError, openCamera, scanVideo, stopCamera } from './cameraScan';
import { decodeLabelPayload, type LabelContent } from './labelCode';
import type { StationNotice } from './stationModel';

const FAILURE_KEYS = {
  none: 'station.cameraNone',
  denied: 'station.cameraDenied',
  busy: 'station.cameraBusy',
  failed: 'station.cameraFailed',
} as const;

export function ScanDialog(props: {
  readonly onLabel: (label: LabelContent) => void;
  readonly onFailure: (notice: StationNotice) => void;
  readonly onClose: () => void;
}) {
  const t = useT();
  const video = useRef<HTMLVideoElement>(null);
  const [notLabel, setNotLabel] = useState(false);
  // the latest callbacks, read when needed: the camera opens once per dialog, not per render
  const callbacks = useRef(props);
  callbacks.current = props;
  useEffect(() => {
    let stream: MediaStream | undefined;
    let stopScan: (() => void) | undefined;
    let gone = false;
    openCamera(navigator.mediaDevices).then(
      async (s) => {
        stream = s;
        const v = video.current;
        if (gone || !v) return stopCamera(s);
        v.srcObject = s;
        await v.play().catch(() => undefined); // a muted inline video plays; a refusal shows a still frame
        stopScan = scanVideo(v, (text) => {
          const label = decodeLabelPayload(text);
          setNotLabel(label === undefined);
          if (!label) return false;
          stopCamera(stream);
          callbacks.current.onLabel(label);
          return true;
        });
      },
      (error: unknown) => {
        const kind = error instanceof CameraError ? error.kind : 'failed';
        callbacks.current.onFailure({
          key: FAILURE_KEYS[kind],
          params: { text: error instanceof Error ? error.message : String(error) },
          level: 'error',
        });
        callbacks.current.onClose();
      },
    );
    return () => {
      gone = true;
      stopScan?.();
      stopCamera(stream);
    };
  }, []);
  return (
    <AppDialog
      title={t('station.scanTitle')}
      isOpen
      onClose={props.onClose}
      testId="station-scan"
      actions={
        <Button className="button" onPress={props.onClose} data-testid="station-scan-stop">
          {t('station.scanStop')}
        </Button>
      }
    >
      <p>{t('station.scanHelp')}</p>
      <video ref={video} className="station-video" muted playsInline aria-label={t('station.scanHelp')} />
      {notLabel && (
        <p className="error-text" role="alert" data-testid="station-not-label">
          {t('station.notLabel')}
        </p>
      )}
    </AppDialog>
  );
}
