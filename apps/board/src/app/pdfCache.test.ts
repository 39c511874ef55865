import { describe, expect, it } from 'vitest';
import { type AskPdfPassword, type OpenPdf, PdfCancelledError, type PdfEngine } from '../import/pdfEngine';
import { PdfCache } from './pdfCache';

/** A protected PDF whose password is 'secret'. */
const engine: PdfEngine = {
  async open(_bytes: Uint8Array, ask: AskPdfPassword, known?: string) {
    let wrong = false;
    let pw = known;
    while (pw !== 'secret') {
      pw = await ask(wrong);
      if (pw === undefined) throw new PdfCancelledError();
      wrong = true;
    }
    const pdf = { fingerprint: 'fp', numPages: 1, destroy: async () => {} } as unknown as OpenPdf;
    return { pdf, password: pw };
  },
};

const PDF = { id: 'p1', fileName: 'Secret notes.pdf', fingerprint: 'fp', bytes: new Uint8Array([1]) };

function memoryStorage() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
}

describe('PDF cache passwords', () => {
  it('asks once a browser session, naming the file', async () => {
    const session = memoryStorage();
    const asked: string[] = [];
    const first = new PdfCache(
      engine,
      async (_wrong, name) => {
        asked.push(name);
        return 'secret';
      },
      session,
    );
    await first.get(PDF);
    await first.clear(); // the board closes
    await first.get(PDF); // and opens again
    // the page reloads: a new cache, the same tab session
    const second = new PdfCache(
      engine,
      async (_wrong, name) => {
        asked.push(name);
        return 'secret';
      },
      session,
    );
    await second.get(PDF);
    expect(asked).toEqual(['Secret notes.pdf']);
  });

  it('a cancelled prompt is not asked again for each page until the board opens again', async () => {
    let asked = 0;
    const cache = new PdfCache(engine, async () => {
      asked++;
      return undefined;
    });
    await expect(cache.get(PDF)).rejects.toBeInstanceOf(PdfCancelledError);
    await expect(cache.get(PDF)).rejects.toBeInstanceOf(PdfCancelledError);
    expect(asked).toBe(1);
    await cache.clear();
    await expect(cache.get(PDF)).rejects.toBeInstanceOf(PdfCancelledError);
    expect(asked).toBe(2);
  });
});
