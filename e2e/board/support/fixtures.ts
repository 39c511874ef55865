/** Test files: PDFs made with pdf-lib (text on each page), one encrypted with qpdf. */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';

/** A PDF whose pages carry `texts` (one page each). */
export async function textPdf(texts: readonly string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const text of texts) {
    const page = doc.addPage([595.28, 841.89]);
    page.drawText(text, { x: 60, y: 770, size: 22, font, color: rgb(0.1, 0.1, 0.2) });
    page.drawRectangle({
      x: 60,
      y: 600,
      width: 300,
      height: 120,
      borderColor: rgb(0.6, 0.6, 0.7),
      borderWidth: 1,
    });
  }
  return doc.save();
}

/** `pdf` encrypted with a user password (qpdf, AES-256). */
export function encryptPdf(pdf: Uint8Array, dir: string, password: string): Uint8Array {
  const plain = join(dir, 'plain.pdf');
  const locked = join(dir, 'locked.pdf');
  writeFileSync(plain, pdf);
  execFileSync('qpdf', ['--encrypt', password, `${password}-owner`, '256', '--', plain, locked]);
  return new Uint8Array(readFileSync(locked));
}
