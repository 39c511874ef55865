/**
 * Reading a pupil's QR label with the camera: `getUserMedia` (the back camera when there is
 * one), frames drawn on a canvas a few times a second (not every frame: a classroom tablet has
 * other work) and decoded with jsQR; the camera stops as soon as a label is read or the dialog
 * closes. Failures are named so the station can say them in the pupil's language.
 */
import jsQR from 'jsqr';

/** Why the camera did not start. */
export type CameraFailure = 'none' | 'denied' | 'busy' | 'failed';

/** The kind of a `getUserMedia` failure (DOMException names). */
export function cameraFailure(error: unknown): CameraFailure {
  const name = (error as { name?: unknown } | undefined)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError')
    return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError')
    return 'none';
  if (name === 'NotReadableError' || name === 'TrackStartError' || name === 'AbortError') return 'busy';
  return 'failed';
}

/** A camera failure with its kind. */
export class CameraError extends Error {
  override readonly name = 'CameraError';
  constructor(
    readonly kind: CameraFailure,
    override readonly cause?: unknown,
  ) {
    super(cause instanceof Error ? cause.message : kind);
  }
}

/** Opens the camera; rejects with a {@link CameraError}. */
export async function openCamera(media: MediaDevices | undefined): Promise<MediaStream> {
  if (!media?.getUserMedia) throw new CameraError('none');
  try {
    return await media.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
  } catch (error) {
    throw new CameraError(cameraFailure(error), error);
  }
}

/** Stops every track of a stream (the camera light goes off). */
export function stopCamera(stream: MediaStream | undefined): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/** Frames decoded per second while scanning. */
export const SCAN_PER_SECOND = 6;
/** Longest side of the frame handed to the decoder (px): enough for a label held up close. */
const SCAN_SIDE = 640;

/**
 * Decodes the video's frames until `onText` returns true (a label was read); returns the stop
 * function. Each decoded QR text is given once per change (the same code held up is not re-read).
 */
export function scanVideo(video: HTMLVideoElement, onText: (text: string) => boolean): () => void {
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  let last = '';
  let stopped = false;
  const tick = () => {
    if (stopped || !ctx) return;
    const w = video.videoWidth;
    const h = video.videoHeight;
    if (w > 0 && h > 0) {
      const scale = Math.min(1, SCAN_SIDE / Math.max(w, h));
      canvas.width = Math.round(w * scale);
      canvas.height = Math.round(h * scale);
      ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
      const image = ctx.getImageData(0, 0, canvas.width, canvas.height);
      const code = jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' });
      if (code && code.data !== last) {
        last = code.data;
        if (onText(code.data)) {
          stop();
          return;
        }
      }
    }
    timer = setTimeout(tick, 1000 / SCAN_PER_SECOND);
  };
  let timer = setTimeout(tick, 0);
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
  };
  return stop;
}
