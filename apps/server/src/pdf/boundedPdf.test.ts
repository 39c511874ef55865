/**
 * The bounded PDF reader against pdf-lib's own files: the same page count (classic xref tables
 * and cross-reference streams with object streams, incremental updates along /Prev), and on
 * damaged input nothing but its typed error, never a read or a hold above its memory ceiling.
 */
import fc from 'fast-check';
import { PDFDocument, type PDFRef } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { type BoundedPdf, openBoundedPdf, PDF_CEILING_BYTES } from './boundedPdf';
import { PdfDict, PdfReadError, type PdfValue } from './pdfSyntax';

/** A source over `bytes` that fails the test on any read above `ceiling`. */
function source(bytes: Uint8Array, ceiling = PDF_CEILING_BYTES) {
  return {
    size: bytes.length,
    ceilingBytes: ceiling,
    read: async (offset: number, length: number) => {
      if (length > ceiling) throw new Error(`read of ${length} bytes above the ceiling ${ceiling}`);
      return bytes.subarray(offset, offset + length);
    },
  };
}

async function pdfLibPdf(pages: number, useObjectStreams: boolean): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([200 + i, 300]);
  return doc.save({ useObjectStreams });
}

const latin1 = (text: string) => Buffer.from(text, 'latin1');

/**
 * `bytes` with an incremental update appended (a classic xref section with /Prev) that replaces
 * the page tree's root with the pages at `keep` (indexes) of the previous version.
 */
async function withUpdate(
  bytes: Uint8Array,
  keep: (count: number) => number[],
): Promise<{ bytes: Uint8Array; pages: number }> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const pagesRef = doc.catalog.get(doc.catalog.context.obj('Pages') as never) as PDFRef;
  const refs = doc.getPages().map((p) => p.ref);
  const kept = keep(refs.length).map((i) => refs[i]!);
  const text = Buffer.from(bytes).toString('latin1');
  const prev = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)![1]);
  const size = doc.context.largestObjectNumber + 1;
  const at = bytes.length + 1;
  const object = `\n${pagesRef.objectNumber} 0 obj\n<< /Type /Pages /Kids [${kept.map((r) => `${r.objectNumber} 0 R`).join(' ')}] /Count ${kept.length} >>\nendobj\n`;
  const xrefAt = bytes.length + object.length;
  const root = doc.context.trailerInfo.Root as PDFRef;
  const tail =
    `xref\n0 1\n0000000000 65535 f \n${pagesRef.objectNumber} 1\n${String(at).padStart(10, '0')} 00000 n \n` +
    `trailer\n<< /Size ${size} /Root ${root.objectNumber} 0 R /Prev ${prev} >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return { bytes: new Uint8Array(Buffer.concat([bytes, latin1(object + tail)])), pages: kept.length };
}

/** Reads everything the route reads (pages, then every value of the catalogue) or throws. */
async function readAll(pdf: BoundedPdf): Promise<number> {
  const { count } = await pdf.pages(500);
  const walk = async (v: PdfValue | undefined, depth: number): Promise<void> => {
    const r = await pdf.resolve(v);
    if (depth > 3) return;
    if (r instanceof PdfDict) for (const x of r.entries.values()) await walk(x, depth + 1);
    else if (Array.isArray(r)) for (const x of r.slice(0, 20)) await walk(x, depth + 1);
  };
  await walk(pdf.catalog, 0);
  return count;
}

describe('bounded PDF reader', () => {
  it('counts the pages pdf-lib counts, with and without object streams', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 60 }), fc.boolean(), async (pages, objectStreams) => {
        const bytes = await pdfLibPdf(pages, objectStreams);
        const expected = (await PDFDocument.load(bytes)).getPageCount();
        const pdf = await openBoundedPdf(source(bytes));
        const read = await pdf.pages(500);
        expect(read.count).toBe(expected);
        expect(read.refs).toHaveLength(expected);
        expect(pdf.stats().peakHeldBytes).toBeLessThanOrEqual(PDF_CEILING_BYTES);
      }),
      { numRuns: 40 },
    );
  });

  it('follows incremental updates (/Prev) over xref tables and streams', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 30 }),
        fc.boolean(),
        fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 1, maxLength: 3 }),
        async (pages, objectStreams, cuts) => {
          let file = { bytes: await pdfLibPdf(pages, objectStreams), pages };
          for (const cut of cuts)
            file = await withUpdate(file.bytes, (n) => [...Array(n).keys()].slice(cut % n));
          const read = await (await openBoundedPdf(source(file.bytes))).pages(500);
          expect(read.count).toBe(file.pages);
          if (!objectStreams) expect(read.count).toBe((await PDFDocument.load(file.bytes)).getPageCount());
        },
      ),
      { numRuns: 25 },
    );
  });

  it('reads a file whose cross-reference is lost by one bounded scan (the fallback)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 40 }),
        fc.boolean(),
        fc.constantFrom('startxref', 'xref'),
        async (pages, objectStreams, spoil) => {
          const original = await pdfLibPdf(pages, objectStreams);
          const expected = (await PDFDocument.load(original)).getPageCount();
          const text = Buffer.from(original).toString('latin1');
          // the keyword made unreadable: no chain to follow
          const at = text.lastIndexOf(spoil);
          const broken = latin1(
            `${text.slice(0, at)}${'X'.repeat(spoil.length)}${text.slice(at + spoil.length)}`,
          );
          // a ceiling below the file's size: the scan reads it window by window
          const ceiling = 96 * 1024;
          const padded = latin1(
            `${broken.toString('latin1').replace('%PDF-1.7\n', `%PDF-1.7\n%${'-'.repeat(200_000)}\n`)}`,
          );
          const pdf = await openBoundedPdf(source(padded, ceiling));
          expect((await pdf.pages(500)).count).toBe(expected);
          expect(pdf.stats().peakHeldBytes).toBeLessThanOrEqual(ceiling);
        },
      ),
      { numRuns: 30 },
    );
  });

  it('answers the page tree past the limit by its /Count, walking no further', async () => {
    const bytes = await pdfLibPdf(520, true);
    const read = await (await openBoundedPdf(source(bytes))).pages(500);
    expect(read.count).toBe(520);
    expect(read.refs).toHaveLength(500);
  });

  it('throws only its typed error on mutated or truncated files, never above the ceiling', async () => {
    const base = [await pdfLibPdf(5, true), await pdfLibPdf(5, false)];
    const edit = fc.record({ at: fc.nat(), byte: fc.integer({ min: 0, max: 255 }) });
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 1 }),
        fc.array(edit, { maxLength: 12 }),
        fc.option(fc.nat(), { nil: undefined }),
        fc.constantFrom(PDF_CEILING_BYTES, 64 * 1024, 20 * 1024),
        async (which, edits, cut, ceiling) => {
          const bytes = Uint8Array.from(base[which]!);
          for (const e of edits) bytes[e.at % bytes.length] = e.byte;
          const file = cut === undefined ? bytes : bytes.subarray(0, cut % (bytes.length + 1));
          let pdf: BoundedPdf | undefined;
          try {
            pdf = await openBoundedPdf(source(file, ceiling));
            await readAll(pdf);
          } catch (error) {
            if (!(error instanceof PdfReadError)) throw error;
          }
          if (pdf) expect(pdf.stats().peakHeldBytes).toBeLessThanOrEqual(ceiling);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses what is not a PDF, and a file without its cross-reference, with reasons', async () => {
    const reason = (bytes: Uint8Array) =>
      openBoundedPdf(source(bytes)).then(
        () => 'read',
        (e: unknown) => (e instanceof PdfReadError ? e.reason : String(e)),
      );
    expect(await reason(latin1('hello'))).toBe('notPdf');
    expect(await reason(latin1('%PDF-1.7\ngarbage'))).toBe('damaged');
    expect(await reason(new Uint8Array(0))).toBe('notPdf');
  });
});
