/**
 * A streaming PDF writer: pages go out to a sink one by one and are forgotten.
 *
 * Why not pdf-lib: pdf-lib holds every object of the document in memory until `save()` and
 * then serialises it again, so a 100-page print would hold ~100 pages of image data twice.
 * Our pages are made of two images and a short content stream, which needs only a few PDF
 * objects; this writer emits each page's objects as soon as they are ready and keeps only the
 * byte offsets (for the cross-reference table) and the page object numbers. Memory is bounded
 * by one page whatever the page count.
 *
 * File layout: header; catalog (object 1, written first, referring to the page tree 2 and
 * the XMP metadata 3); per page: the page, its content stream and its image XObjects; at the
 * end the page tree, the metadata stream, the Info dictionary, the cross-reference table and
 * the trailer. Objects may appear in any order in a PDF, so writing the page tree last is fine.
 */
import { ascii, fileIdBytes, pdfHexBytes, pdfNumber } from './pdfSyntax';

/** Receives the PDF bytes in order. May return a promise (back pressure). */
export type PdfSink = (chunk: Uint8Array) => void | Promise<void>;

/** An image XObject of a page: its dictionary entries (without `/Length`) and its stream data. */
export interface PdfImage {
  /** The resource name used in the content stream, e.g. `Dots` (no slash). */
  readonly name: string;
  /** Dictionary entries, e.g. `/Type /XObject /Subtype /Image /Width 10 …` (no `/Length`). */
  readonly dict: string;
  /** Stream data, already encoded by the filter named in `dict`. */
  readonly data: Uint8Array;
  /**
   * A stream object the image refers to (e.g. the tint transform of a DeviceN colour space):
   * written before the image; `@extra` in `dict` becomes its reference (`12 0 R`).
   */
  readonly extra?: { readonly dict: string; readonly data: Uint8Array };
}

/**
 * One page ready to write: no object numbers inside, so it can be made anywhere (a worker) and
 * numbered by the writer. Its buffers are transferable.
 */
export interface PreparedPage {
  readonly widthPt: number;
  readonly heightPt: number;
  readonly images: readonly PdfImage[];
  /** The content stream (uncompressed operators; it is short). */
  readonly content: Uint8Array;
  /** Extra page dictionary entries (PDF syntax), or ''. */
  readonly pageEntries?: string;
}

const HEADER = new Uint8Array([
  ...ascii('%PDF-1.7\n%'),
  0xe2,
  0xe3,
  0xcf,
  0xd3,
  0x0a, // a comment with 4 high bytes marks the file as binary
]);

/** Writes one PDF to a sink. Call {@link begin}, then {@link addPage} per page, then {@link finish}. */
export class PdfStreamWriter {
  private readonly sink: PdfSink;
  private offsets: number[] = [0, 0, 0, 0]; // index = object number; 0 is the free head
  private readonly pageRefs: number[] = [];
  private written = 0;
  private state: 'new' | 'open' | 'done' = 'new';

  constructor(sink: PdfSink) {
    this.sink = sink;
  }

  /** Bytes written so far. */
  get bytesWritten(): number {
    return this.written;
  }

  /** Pages written so far. */
  get pageCount(): number {
    return this.pageRefs.length;
  }

  private async emit(chunk: Uint8Array): Promise<void> {
    this.written += chunk.length;
    await this.sink(chunk);
  }

  private async objectStart(num: number): Promise<void> {
    this.offsets[num] = this.written;
    await this.emit(ascii(`${num} 0 obj\n`));
  }

  private async dictObject(num: number, dict: string): Promise<void> {
    await this.objectStart(num);
    await this.emit(ascii(`<< ${dict} >>\nendobj\n`));
  }

  private async streamObject(num: number, dict: string, data: Uint8Array): Promise<void> {
    await this.objectStart(num);
    await this.emit(ascii(`<< ${dict} /Length ${data.length} >>\nstream\n`));
    await this.emit(data);
    await this.emit(ascii('\nendstream\nendobj\n'));
  }

  private allocate(): number {
    this.offsets.push(0);
    return this.offsets.length - 1;
  }

  /** Writes the header and the catalog. `catalogEntries` adds entries (PDF syntax). */
  async begin(catalogEntries = ''): Promise<void> {
    if (this.state !== 'new') throw new Error('PdfStreamWriter.begin called twice');
    this.state = 'open';
    await this.emit(HEADER);
    await this.dictObject(1, `/Type /Catalog /Pages 2 0 R /Metadata 3 0 R ${catalogEntries}`.trim());
  }

  /** Writes one page (page dictionary, content stream, images). */
  async addPage(page: PreparedPage): Promise<void> {
    if (this.state !== 'open') throw new Error('PdfStreamWriter.addPage needs begin() and no finish()');
    const pageNum = this.allocate();
    const contentNum = this.allocate();
    const imageNums = page.images.map(() => this.allocate());
    const xobjects = page.images.map((im, k) => `/${im.name} ${imageNums[k]} 0 R`).join(' ');
    const entries = [
      '/Type /Page /Parent 2 0 R',
      `/MediaBox [0 0 ${pdfNumber(page.widthPt)} ${pdfNumber(page.heightPt)}]`,
      `/Resources << /XObject << ${xobjects} >> >>`,
      `/Contents ${contentNum} 0 R`,
      page.pageEntries ?? '',
    ];
    await this.dictObject(pageNum, entries.join(' ').trim());
    await this.streamObject(contentNum, '', page.content);
    for (const [k, im] of page.images.entries()) {
      let dict = im.dict;
      if (im.extra) {
        const extraNum = this.allocate();
        await this.streamObject(extraNum, im.extra.dict, im.extra.data);
        dict = dict.replaceAll('@extra', `${extraNum} 0 R`);
      }
      await this.streamObject(imageNums[k]!, dict, im.data);
    }
    this.pageRefs.push(pageNum);
  }

  /**
   * Writes the page tree, the XMP metadata, the Info dictionary (`infoEntries`, PDF syntax), the
   * cross-reference table and the trailer. Returns the total size in bytes.
   */
  async finish(infoEntries: string, xmp: string, idSeed: string): Promise<number> {
    if (this.state !== 'open') throw new Error('PdfStreamWriter.finish needs begin() and is allowed once');
    this.state = 'done';
    const kids = this.pageRefs.map((n) => `${n} 0 R`).join(' ');
    await this.dictObject(2, `/Type /Pages /Kids [${kids}] /Count ${this.pageRefs.length}`);
    await this.streamObject(3, '/Type /Metadata /Subtype /XML', utf8(xmp));
    const infoNum = this.allocate();
    await this.dictObject(infoNum, infoEntries);
    const xrefAt = this.written;
    const size = this.offsets.length;
    let xref = `xref\n0 ${size}\n0000000000 65535 f \n`;
    for (let n = 1; n < size; n++) xref += `${String(this.offsets[n]).padStart(10, '0')} 00000 n \n`;
    const id = pdfHexBytes(fileIdBytes(idSeed));
    xref += `trailer\n<< /Size ${size} /Root 1 0 R /Info ${infoNum} 0 R /ID [${id} ${id}] >>\nstartxref\n${xrefAt}\n%%EOF\n`;
    await this.emit(ascii(xref));
    this.offsets = [];
    return this.written;
  }
}

/** UTF-8 bytes of a string (XMP packets are UTF-8). */
export function utf8(text: string): Uint8Array {
  const out: number[] = [];
  for (const ch of text) {
    let c = ch.codePointAt(0)!;
    if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd;
    if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return new Uint8Array(out);
}

/** Joins chunks into one buffer (for small documents and tests). */
export function concatChunks(chunks: readonly Uint8Array[]): Uint8Array {
  const total = chunks.reduce((n, c) => n + c.length, 0);
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
