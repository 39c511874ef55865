/**
 * Issue 17: the material upload checks its PDF (page count, outline) by byte ranges of the staged
 * file with a fixed memory ceiling, never reading it whole (pdf-lib held a 100 MB PDF three times
 * over). The file store here records how each staged file is read.
 */
import { createHash } from 'node:crypto';
import { PDFDocument, PDFName } from 'pdf-lib';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, SETUP_TIMEOUT_MS, useTestServer } from '../../../test/harness';
import {
  buildEduWorld,
  call,
  type EduWorld,
  multipartBody,
  podAttachmentPath,
  unique,
} from '../../../test/matrixFixtures';
import { diskFileStore } from '../../files/diskFileStore';
import type { FileStore } from '../../files/fileStore';
import { PDF_CEILING_BYTES } from '../../pdf/boundedPdf';
import { MAX_NPROJ_BYTES } from './uploadLimits';

const MiB = 1024 * 1024;

/** How the staged files were read: whole reads and ranged bytes. */
interface Reads {
  whole: number;
  rangeBytes: number;
  largestRange: number;
}

/** The disk store, counting how its staged files are read. */
function countingStore(dir: string, reads: Reads): FileStore {
  const inner = diskFileStore(dir);
  return {
    ...inner,
    async stage(content) {
      const staged = await inner.stage(content);
      return {
        ...staged,
        head: (n) => {
          reads.rangeBytes += Math.min(n, staged.sizeBytes);
          return staged.head(n);
        },
        range: (offset, length) => {
          reads.rangeBytes += length;
          reads.largestRange = Math.max(reads.largestRange, length);
          return staged.range(offset, length);
        },
        bytes: () => {
          reads.whole += 1;
          return staged.bytes();
        },
        commit: () => staged.commit(),
        discard: () => staged.discard(),
      };
    },
  };
}

/** A PDF of `pages` pages carrying `filler` bytes in an image-like stream (uncompressed). */
async function heavyPdf(pages: number, filler: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const data = new Uint8Array(filler).fill(0x41);
  const image = doc.context.register(doc.context.stream(data, { Type: 'XObject', Subtype: 'Image' }));
  for (let i = 0; i < pages; i++) {
    const page = doc.addPage([595, 842]);
    page.node.setXObject(PDFName.of('Im1'), image);
  }
  return doc.save();
}

describeEachDatabase('material upload: the PDF checked by ranges', (kind) => {
  const reads: Reads = { whole: 0, rangeBytes: 0, largestRange: 0 };
  const server = useTestServer(kind, { files: (dir) => countingStore(dir, reads) });
  let w: EduWorld;
  let path = '';
  beforeAll(async () => {
    const app = server().app;
    w = await buildEduWorld(app);
    path = await podAttachmentPath(app, w, 'Ranged', { section: 3, owner: 29, book: unique() });
  }, SETUP_TIMEOUT_MS);

  const upload = (bytes: Uint8Array) => {
    const form = multipartBody({}, { pdfFile: { name: 'heavy.pdf', type: 'application/pdf', bytes } });
    return call(server().app, w.callers.teacher, 'POST', path, form.payload, form.headers);
  };

  it('counts the pages of a 24 MiB PDF reading well under a MiB of it, never the whole file', async () => {
    Object.assign(reads, { whole: 0, rangeBytes: 0, largestRange: 0 });
    const pdf = await heavyPdf(4, 24 * MiB);
    const res = await upload(pdf);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ numPages: 4 });
    expect(reads.whole).toBe(0);
    expect(reads.rangeBytes).toBeLessThan(MiB);
    expect(reads.largestRange).toBeLessThanOrEqual(PDF_CEILING_BYTES);
    // what was stored is the upload, byte for byte
    const download = await call(server().app, w.callers.teacher, 'GET', `${path}/pdf`);
    const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
    expect(download.rawPayload.length).toBe(pdf.length);
    expect(sha(download.rawPayload)).toBe(sha(pdf));
  }, 60_000);

  it('refuses a .nproj over the parse limit without reading it whole', async () => {
    Object.assign(reads, { whole: 0, rangeBytes: 0, largestRange: 0 });
    const big = new Uint8Array(MAX_NPROJ_BYTES + 1).fill(0x20);
    big.set(new TextEncoder().encode('<?xml version="1.0" encoding="UTF-8"?>\n<nproj version="2.31">'));
    const form = multipartBody({}, { nprojFile: { name: 'big.nproj', type: 'application/xml', bytes: big } });
    const res = await call(server().app, w.callers.teacher, 'POST', path, form.payload, form.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The .nproj file could not be read or is for other pages.');
    expect(reads.whole).toBe(0);
  }, 60_000);

  it("still answers 'The PDF file could not be read.' for a big file that only starts like a PDF", async () => {
    const fake = new Uint8Array(8 * MiB).fill(0x20);
    fake.set(new TextEncoder().encode('%PDF-1.7\n'));
    const res = await upload(fake);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ ok: false, message: 'The PDF file could not be read.', data: null });
  }, 60_000);
});
