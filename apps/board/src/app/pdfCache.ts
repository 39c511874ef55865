/**
 * Open PDFs of the board being shown, for drawing their pages: opened once per PDF, closed with
 * the board. A protected PDF's password is asked once a browser session (kept in the tab's
 * session storage, by fingerprint: never written to disk, gone when the tab closes), naming the
 * file; a cancelled prompt is not asked again until the board is opened again.
 */
import type { GridaPdf } from '@dotink/ink';
import { type OpenPdf, PdfCancelledError, type PdfEngine } from '../import/pdfEngine';

/** Asks a PDF's password, naming the file; undefined = cancelled. */
export type AskNamedPdfPassword = (wrong: boolean, fileName: string) => Promise<string | undefined>;

/** Where passwords are kept for the browser session (sessionStorage in the browser). */
export type SessionPasswords = Pick<Storage, 'getItem' | 'setItem'>;

const KEY = 'dotink.pdfPassword.';

export class PdfCache {
  private readonly open = new Map<string, Promise<OpenPdf>>();
  /** Passwords given this session, by PDF fingerprint (also in `session`, when given). */
  private readonly passwords = new Map<string, string>();
  /** PDFs whose prompt was cancelled since the board opened. */
  private readonly cancelled = new Set<string>();

  constructor(
    private readonly engine: PdfEngine,
    private readonly askPassword: AskNamedPdfPassword,
    private readonly session?: SessionPasswords,
  ) {}

  /** Remembers the password of a PDF just imported. */
  rememberPassword(fingerprint: string, password: string): void {
    this.passwords.set(fingerprint, password);
    if (fingerprint) this.session?.setItem(KEY + fingerprint, password);
  }

  private knownPassword(fingerprint: string): string | undefined {
    return (
      this.passwords.get(fingerprint) ??
      (fingerprint ? this.session?.getItem(KEY + fingerprint) : null) ??
      undefined
    );
  }

  /** The open PDF (opened on first use). */
  get(pdf: GridaPdf): Promise<OpenPdf> {
    let p = this.open.get(pdf.id);
    if (!p) {
      if (this.cancelled.has(pdf.id)) return Promise.reject(new PdfCancelledError());
      p = this.engine
        .open(
          pdf.bytes,
          (wrong) => this.askPassword(wrong, pdf.fileName),
          this.knownPassword(pdf.fingerprint),
        )
        .then(({ pdf: doc, password }) => {
          if (password !== undefined) this.rememberPassword(pdf.fingerprint, password);
          return doc;
        });
      p.catch((error: unknown) => {
        this.open.delete(pdf.id);
        if (error instanceof PdfCancelledError) this.cancelled.add(pdf.id);
      });
      this.open.set(pdf.id, p);
    }
    return p;
  }

  /** Closes every PDF (the board was closed). */
  async clear(): Promise<void> {
    const all = [...this.open.values()];
    this.open.clear();
    this.cancelled.clear();
    for (const p of all) {
      try {
        await (await p).destroy();
      } catch {
        // a PDF that failed to open has nothing to close
      }
    }
  }
}
