/**
 * The vendor data directory (`NCODE_DATA_DIR`, default `DATA_DIR/ncode` = `./data/ncode`): data
 * from NeoLAB that we may not redistribute, read where the operator puts it.
 *
 * | path                                         | what                                          |
 * | -------------------------------------------- | --------------------------------------------- |
 * | `nbs.json.gz`                                | the paper catalogue (fact sheet §2)            |
 * | `code/s{s}-o{o}-b{b}/s{s}-o{o}-b{b}-p{p}.code.gz` | Ncode code pages (fact sheet §4.1)        |
 * | `books/s{s}-o{o}-b{b}.pdf`                   | a book's (textbook's) PDF                      |
 * | `books/s{s}-o{o}-b{b}.nproj`                 | its project file                               |
 * | `nproj/*.nproj`                              | more project files, found by their book header |
 *
 * Everything is optional: what is missing is reported by {@link VendorDataMissing}, whose message
 * names the file to add.
 */
import { open, readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gunzip, constants as zlibConstants } from 'node:zlib';
import {
  type BookAddress,
  bookId,
  GRIDA_PUI_FILE_ORDER,
  loadPaperCatalogue,
  type PageAddress,
  type PaperCatalogue,
  pageId,
  parseNproj,
  scanNprojBook,
} from '@dotink/ncode';
import { codePageFile } from '@dotink/print';
import type { ServerConfig } from '../config';

/** The setting naming the directory. */
export const NCODE_DATA_DIR_SETTING = 'NCODE_DATA_DIR';

/** The directory a configuration names: `NCODE_DATA_DIR`, else `ncode` in the data directory. */
export function vendorDataDir(config: Pick<ServerConfig, 'ncodeDataDir' | 'dataDir'>): string {
  return config.ncodeDataDir ?? resolve(config.dataDir, 'ncode');
}

/** Something needed from the vendor data directory is not there. */
export class VendorDataMissing extends Error {
  override readonly name = 'VendorDataMissing';
  constructor(
    /** What is missing, e.g. "the Ncode code page 3.27.1068.20". */
    readonly what: string,
    /** The file to add, relative to the directory. */
    readonly file: string,
  ) {
    super(`${what} is not available: add ${file} to the vendor data directory (${NCODE_DATA_DIR_SETTING})`);
  }
}

export const CATALOGUE_FILE = 'nbs.json.gz';

/** `s3-o27-b1068`: a book's file stem. */
export function bookStem(b: BookAddress): string {
  return `s${b.section}-o${b.owner}-b${b.book}`;
}

const gunzipAsync = promisify(gunzip);
const brotliAsync = promisify(brotliCompress);
/**
 * Brotli quality for the catalogue sent to browsers: 5 packs the 3.1 MB of JSON to ~40 kB in
 * ~40 ms, once per process (the best quality saves 6 kB more but takes tens of seconds).
 */
const CATALOGUE_BROTLI_QUALITY = 5;

async function readOptional(path: string): Promise<Uint8Array | undefined> {
  try {
    return new Uint8Array(await readFile(path));
  } catch (error) {
    if (
      (error as NodeJS.ErrnoException).code === 'ENOENT' ||
      (error as NodeJS.ErrnoException).code === 'ENOTDIR'
    )
      return undefined;
    throw error;
  }
}

/** Reads the vendor data directory (the catalogue and the project-file index are read once). */
export class VendorData {
  private catalogueLoad: Promise<PaperCatalogue | undefined> | undefined;
  private catalogueBrotliLoad: Promise<Uint8Array | undefined> | undefined;
  private nprojIndex: Promise<ReadonlyMap<string, string>> | undefined;

  constructor(readonly root: string) {}

  /**
   * Reads what is read once per process (the catalogue, its brotli copy, the `nproj/` index) now,
   * so the first request that needs them does not pay for them. Rejects with the catalogue's read error (the
   * requests that need it get the same error).
   */
  async warm(): Promise<void> {
    await this.nprojFiles();
    await this.catalogue();
    await this.catalogueBrotli();
  }

  /** The code file of a page, relative to the root. */
  codeFileName(page: PageAddress): string {
    return `code/${codePageFile(page)}`;
  }

  /** The gzip bytes of a page's code file, or undefined. */
  codeFile(page: PageAddress): Promise<Uint8Array | undefined> {
    return readOptional(join(this.root, this.codeFileName(page)));
  }

  /** The gzip bytes of a page's code file; throws {@link VendorDataMissing}. */
  async requireCodeFile(page: PageAddress): Promise<Uint8Array> {
    const bytes = await this.codeFile(page);
    if (!bytes) throw new VendorDataMissing(`The Ncode code page ${pageId(page)}`, this.codeFileName(page));
    return bytes;
  }

  /** The catalogue file as stored (gzip bytes), or undefined without `nbs.json.gz`. */
  catalogueFile(): Promise<Uint8Array | undefined> {
    return readOptional(join(this.root, CATALOGUE_FILE));
  }

  /** The catalogue's JSON as brotli bytes (made once, off the event loop), or undefined without it. */
  catalogueBrotli(): Promise<Uint8Array | undefined> {
    this.catalogueBrotliLoad ??= (async () => {
      const gz = await this.catalogueFile();
      if (!gz) return undefined;
      const json = await gunzipAsync(gz);
      return brotliAsync(json, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: CATALOGUE_BROTLI_QUALITY,
          [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: json.length,
        },
      });
    })();
    return this.catalogueBrotliLoad;
  }

  /** The catalogue's JSON (uncompressed), or undefined without `nbs.json.gz`. */
  async catalogueJson(): Promise<Uint8Array | undefined> {
    const gz = await this.catalogueFile();
    return gz && gunzipAsync(gz);
  }

  /** The paper catalogue, or undefined without `nbs.json.gz`. */
  catalogue(): Promise<PaperCatalogue | undefined> {
    this.catalogueLoad ??= (async () => {
      const gz = await readOptional(join(this.root, CATALOGUE_FILE));
      if (!gz) return undefined;
      const json = (await gunzipAsync(gz)).toString('utf8'); // off the event loop
      return loadPaperCatalogue(JSON.parse(json));
    })();
    return this.catalogueLoad;
  }

  /** The paper catalogue; throws {@link VendorDataMissing}. */
  async requireCatalogue(): Promise<PaperCatalogue> {
    const catalogue = await this.catalogue();
    if (!catalogue) throw new VendorDataMissing('The paper catalogue', CATALOGUE_FILE);
    return catalogue;
  }

  /** The file name of a book's PDF or project file, relative to the root. */
  bookFileName(book: BookAddress, kind: 'pdf' | 'nproj'): string {
    return `books/${bookStem(book)}.${kind}`;
  }

  /** A book's vendor PDF, or undefined. */
  bookPdf(book: BookAddress): Promise<Uint8Array | undefined> {
    return readOptional(join(this.root, this.bookFileName(book, 'pdf')));
  }

  /** A book's vendor project file (`books/…nproj`, else one in `nproj/` for that book), or undefined. */
  async bookNproj(book: BookAddress): Promise<string | undefined> {
    const direct = await readOptional(join(this.root, this.bookFileName(book, 'nproj')));
    if (direct) return Buffer.from(direct).toString('utf8');
    const file = (await this.nprojFiles()).get(bookId(book));
    if (!file) return undefined;
    return Buffer.from((await readOptional(file)) ?? new Uint8Array()).toString('utf8') || undefined;
  }

  /**
   * A control-sheet (PUI) project file by its name, `nproj/{name}.nproj`, or undefined. Only the
   * names of {@link GRIDA_PUI_FILE_ORDER} are read (anything else is undefined).
   */
  async controllerNproj(name: string): Promise<string | undefined> {
    if (!GRIDA_PUI_FILE_ORDER.includes(name)) return undefined;
    const bytes = await readOptional(join(this.root, this.controllerFileName(name)));
    return bytes ? Buffer.from(bytes).toString('utf8') : undefined;
  }

  /** The file of a control sheet, relative to the root. */
  controllerFileName(name: string): string {
    return `nproj/${name}.nproj`;
  }

  /**
   * `nproj/*.nproj` by the book their header names (the first file by name wins; files that
   * cannot be read are skipped). Each file's book comes from its first {@link NPROJ_HEAD_BYTES}
   * ({@link scanNprojBook}); only when those cannot tell is the whole file read and parsed.
   */
  private nprojFiles(): Promise<ReadonlyMap<string, string>> {
    this.nprojIndex ??= (async () => {
      const dir = join(this.root, 'nproj');
      const index = new Map<string, string>();
      let names: string[];
      try {
        names = (await readdir(dir)).filter((n) => n.endsWith('.nproj')).sort();
      } catch {
        return index;
      }
      for (const name of names) {
        const book = await nprojBook(join(dir, name));
        if (book && !index.has(bookId(book))) index.set(bookId(book), join(dir, name));
      }
      return index;
    })();
    return this.nprojIndex;
  }
}

/** How much of a project file the index reads first: the header (`preset`, `book`) is ~1 KB. */
export const NPROJ_HEAD_BYTES = 16 * 1024;

/** The first `bytes` of a file as UTF-8 text (a character cut at the end does no harm); `whole` if that is all. */
async function readHead(path: string, bytes: number): Promise<{ text: string; whole: boolean }> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await file.read(buffer, 0, bytes, 0);
    return { text: buffer.subarray(0, bytesRead).toString('utf8'), whole: bytesRead < bytes };
  } finally {
    await file.close();
  }
}

/**
 * The book a project file is for: from its head, else from the whole text (scanned, then
 * parsed); undefined when the file cannot be read or is no project file (the index skips it).
 */
async function nprojBook(path: string): Promise<BookAddress | undefined> {
  try {
    const head = await readHead(path, NPROJ_HEAD_BYTES);
    const fromHead = scanNprojBook(head.text);
    if (fromHead || head.whole) return fromHead ?? bookOfParsed(head.text);
    const text = await readFile(path, 'utf8');
    return scanNprojBook(text) ?? bookOfParsed(text);
  } catch {
    return undefined; // not a readable project file: skipped
  }
}

/** The book of a fully parsed project file (throws when it is none). */
function bookOfParsed(text: string): BookAddress {
  const { book } = parseNproj(text);
  return { section: book.section, owner: book.owner, book: book.code };
}
