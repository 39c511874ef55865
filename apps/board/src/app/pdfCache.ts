/**
 * Open PDFs of the board being shown, for drawing their pages: opened once per PDF (asking for
 * the password of a protected one, remembered for the session), closed with the board.
 */
import type { GridaPdf } from '@dotink/ink';
import type { AskPdfPassword, OpenPdf, PdfEngine } from '../import/pdfEngine';

export class PdfCache {
  private readonly open = new Map<string, Promise<OpenPdf>>();
  /** Passwords given this session, by PDF fingerprint (never stored). */
  private readonly passwords = new Map<string, string>();

  constructor(
    private readonly engine: PdfEngine,
    private readonly askPassword: AskPdfPassword,
  ) {}

  /** Remembers the password of a PDF just imported. */
  rememberPassword(fingerprint: string, password: string): void {
    this.passwords.set(fingerprint, password);
  }

  /** The open PDF (opened on first use). */
  get(pdf: GridaPdf): Promise<OpenPdf> {
    let p = this.open.get(pdf.id);
    if (!p) {
      p = this.engine
        .open(pdf.bytes, this.askPassword, this.passwords.get(pdf.fingerprint))
        .then(({ pdf: doc, password }) => {
          if (password !== undefined) this.passwords.set(pdf.fingerprint, password);
          return doc;
        });
      p.catch(() => this.open.delete(pdf.id));
      this.open.set(pdf.id, p);
    }
    return p;
  }

  /** Closes every PDF (the board was closed). */
  async clear(): Promise<void> {
    const all = [...this.open.values()];
    this.open.clear();
    for (const p of all) {
      try {
        await (await p).destroy();
      } catch {
        // a PDF that failed to open has nothing to close
      }
    }
  }
}
