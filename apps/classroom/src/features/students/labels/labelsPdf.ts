/**
 * The PDF of QR labels (classroom.md §3, §9) with qrcode + pdf-lib: each label is drawn on a
 * canvas at 5 × the print size (QR code, name, number and the address's last 8 characters, in
 * the browser's fonts so every script prints) and placed at its cell, 3 × 8 per A4 page.
 */
import { PDFDocument } from 'pdf-lib';
import QRCode from 'qrcode';
import { addressTail } from '../studentEdits';
import { LABEL_PADDING_PT, labelPayload, labelRect, PAGE_PT, PT_PER_MM, QR_MM } from './labelLayout';

/** One pupil's label. */
export interface LabelStudent {
  readonly id: string;
  readonly password: string;
  readonly num: number;
  readonly name: string;
  readonly mac: string;
}

/** Drawing resolution: 5 canvas pixels per point (the spec's 5x canvas drawn at 0.2). */
const SCALE = 5;

async function labelPng(s: LabelStudent, widthPt: number, heightPt: number): Promise<Uint8Array> {
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(widthPt * SCALE);
  canvas.height = Math.round(heightPt * SCALE);
  const g = canvas.getContext('2d')!;
  g.fillStyle = '#fff';
  g.fillRect(0, 0, canvas.width, canvas.height);
  const pad = LABEL_PADDING_PT * SCALE;
  const qrPx = Math.round(Math.min(QR_MM * PT_PER_MM * SCALE, canvas.height - 2 * pad));
  const qr = document.createElement('canvas');
  await QRCode.toCanvas(qr, labelPayload(s.id, s.password, s.mac), {
    margin: 1,
    width: qrPx,
    errorCorrectionLevel: 'M',
  });
  g.imageSmoothingEnabled = false;
  g.drawImage(qr, pad, (canvas.height - qrPx) / 2, qrPx, qrPx);
  g.fillStyle = '#000';
  g.textBaseline = 'top';
  const x = pad * 2 + qrPx;
  const line = 11 * SCALE;
  g.font = `bold ${10 * SCALE}px system-ui, "Noto Sans KR", "Noto Sans CJK KR", sans-serif`;
  g.fillText(`${s.num}. ${s.name}`, x, pad * 4, canvas.width - x - pad);
  g.font = `${8 * SCALE}px system-ui, sans-serif`;
  g.fillText(s.id, x, pad * 4 + line * 1.4, canvas.width - x - pad);
  g.fillText(addressTail(s.mac), x, pad * 4 + line * 2.6, canvas.width - x - pad);
  const blob = await new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('label image failed'))), 'image/png'),
  );
  return new Uint8Array(await blob.arrayBuffer());
}

/**
 * The labels' PDF. `onProgress` gets 0–100; a true `cancelled()` stops between labels (the
 * promise then rejects with an AbortError).
 */
export async function labelsPdf(
  students: readonly LabelStudent[],
  onProgress: (percent: number) => void,
  cancelled: () => boolean,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const pages: ReturnType<typeof pdf.addPage>[] = [];
  for (const [i, s] of students.entries()) {
    if (cancelled()) throw new DOMException('cancelled', 'AbortError');
    const r = labelRect(i);
    while (pages.length <= r.page) pages.push(pdf.addPage([PAGE_PT.width, PAGE_PT.height]));
    const png = await pdf.embedPng(await labelPng(s, r.width, r.height));
    pages[r.page]!.drawImage(png, { x: r.x, y: r.y, width: r.width, height: r.height });
    onProgress(Math.round(((i + 1) / students.length) * 100));
  }
  return pdf.save();
}
