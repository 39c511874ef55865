/**
 * Vendor data over HTTP (public: the board fetches code pages without a token, engine.md §7):
 *
 * - `GET /ncode_data/s{s}-o{o}-b{b}/s{s}-o{o}-b{b}-p{p}.code.gz` — a code page (gzip bytes);
 * - `GET /vendor/v1/catalogue` — the whole paper catalogue (`nbs.json.gz`) as JSON, brotli or gzip
 *   by the request's Accept-Encoding (`Vary`), for clients that look papers up offline (the board);
 * - `GET /vendor/v1/papers/{s.o.b}` — a paper of the catalogue (`nbs.json.gz`);
 * - `GET /vendor/v1/books/{s.o.b}/pdf` and `…/nproj` — a book's PDF and project file; for a
 *   built-in textbook without vendor files, generated demo stand-ins (`demoBook.ts`);
 * - `GET /vendor/v1/controllers/{name}` — a control-sheet (PUI) project file (.nproj XML), `name`
 *   one of `GRIDA_PUI_FILE_ORDER`: the board presses paper buttons with them (engine.md §7 "four
 *   predefined control project files").
 *
 * Missing data answers 404 with a message naming the file to add (503 for the catalogue, which
 * every paper lookup needs).
 */
import {
  type BookAddress,
  bookId,
  type Clock,
  findPaper,
  GRIDA_PUI_FILE_ORDER,
  pageAddress,
  parseBookId,
} from '@dotink/ncode';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { answerSchema, failureSchema, success } from '../http/answer';
import { notFound, sendFailure } from '../http/errors';
import { INT32_MAX } from '../http/fields';
import type { App, AppPlugin } from '../platform/types';
import { type DemoBook, demoBookNproj, demoBookPdf, demoPaper } from './demoBook';
import { LruCache } from './lruCache';
import { bookStem, CATALOGUE_FILE, VendorData, VendorDataMissing, vendorDataDir } from './vendorData';

const CODE_DIR = /^s(\d{1,5})-o(\d{1,6})-b(\d{1,6})$/;
const CODE_FILE = /^s(\d{1,5})-o(\d{1,6})-b(\d{1,6})-p(\d{1,7})\.code\.gz$/;

/**
 * The encoding to send a compressible answer in: brotli, else gzip, else none, as the request's
 * Accept-Encoding allows (an encoding with `q=0` is refused).
 */
export function preferredEncoding(header: string | undefined): 'br' | 'gzip' | 'identity' {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

/** Answers a missing-vendor-data error with its message (404, or `status`). */
export function sendMissing(reply: FastifyReply, error: VendorDataMissing, status = 404): FastifyReply {
  return sendFailure(reply, status, error.message);
}

/** A book address whose parts fit the database's integer columns. */
const inColumnRange = (b: BookAddress | undefined) =>
  b !== undefined && [b.section, b.owner, b.book].every((n) => n >= 0 && n <= INT32_MAX);

const bookParam = z.object({
  bookId: z
    .string()
    .max(40)
    .refine(
      (s) => inColumnRange(parseBookId(s)),
      'must be section.owner.book (whole numbers up to 2147483647)',
    ),
});

const paperSchema = z.looseObject({
  id: z.string(),
  section: z.number(),
  owner: z.number(),
  book: z.number(),
});

export const vendorRoutes: AppPlugin = async (app) => {
  const vendor = new VendorData(vendorDataDir(app.services.config));
  const demoCache = demoBookCache(app.services.clock);
  warmAfterListen(app, vendor);

  app.get(
    '/ncode_data/:dir/:file',
    {
      schema: {
        tags: ['vendor data'],
        summary: 'An Ncode code page (gzip), from the vendor data directory',
        params: z.object({ dir: z.string(), file: z.string() }),
      },
    },
    async (request, reply) => {
      const { dir, file } = request.params;
      const d = CODE_DIR.exec(dir);
      const f = CODE_FILE.exec(file);
      if (!d || !f || d[1] !== f[1] || d[2] !== f[2] || d[3] !== f[3]) {
        throw notFound(
          `Not a code page file name: ${dir}/${file} (expected s{s}-o{o}-b{b}/s{s}-o{o}-b{b}-p{p}.code.gz)`,
        );
      }
      const page = pageAddress(Number(f[1]), Number(f[2]), Number(f[3]), Number(f[4]));
      const bytes = await vendor.codeFile(page);
      if (!bytes)
        return sendMissing(
          reply,
          new VendorDataMissing(`The Ncode code page ${dir}-p${f[4]}`, vendor.codeFileName(page)),
        );
      return reply
        .type('application/gzip')
        .header('cache-control', 'public, max-age=86400')
        .send(Buffer.from(bytes));
    },
  );

  app.get(
    '/vendor/v1/catalogue',
    {
      schema: {
        tags: ['vendor data'],
        summary:
          'The whole paper catalogue (JSON, sent brotli or gzip by Accept-Encoding); 503 when not installed',
      },
    },
    async (request, reply) => {
      const bytes = await vendor.catalogueFile();
      if (!bytes)
        return sendMissing(reply, new VendorDataMissing('The paper catalogue', CATALOGUE_FILE), 503);
      // JSON, compressed as the client accepts (browsers decompress it natively)
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      const body =
        encoding === 'br'
          ? await vendor.catalogueBrotli()
          : encoding === 'gzip'
            ? bytes
            : await vendor.catalogueJson();
      reply
        .type('application/json')
        .header('cache-control', 'public, max-age=86400')
        .header('vary', 'accept-encoding');
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      return reply.send(Buffer.from(body ?? bytes));
    },
  );

  app.get(
    '/vendor/v1/papers/:bookId',
    {
      schema: {
        tags: ['vendor data'],
        summary: 'A paper of the NeoLAB paper catalogue (nbs.json.gz)',
        params: bookParam,
        response: { 200: answerSchema(paperSchema), 404: failureSchema, 503: failureSchema },
      },
    },
    async (request, reply) => {
      let catalogue: Awaited<ReturnType<VendorData['requireCatalogue']>>;
      try {
        catalogue = await vendor.requireCatalogue();
      } catch (error) {
        if (error instanceof VendorDataMissing) return sendMissing(reply, error, 503);
        throw error;
      }
      const book = parseBookId(request.params.bookId)!;
      const entry = findPaper(catalogue, book);
      if (!entry) throw notFound(`The paper ${bookId(book)} is not in the paper catalogue`);
      return success(entry as unknown as z.infer<typeof paperSchema>);
    },
  );

  app.get(
    '/vendor/v1/controllers/:name',
    {
      schema: {
        tags: ['vendor data'],
        summary: 'A control-sheet (PUI) project file (.nproj XML) from the vendor data directory',
        params: z.object({ name: z.string() }),
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      if (!GRIDA_PUI_FILE_ORDER.includes(name)) {
        throw notFound(`Not a control sheet: ${name} (one of ${GRIDA_PUI_FILE_ORDER.join(', ')})`);
      }
      const xml = await vendor.controllerNproj(name);
      if (xml === undefined) {
        return sendMissing(
          reply,
          new VendorDataMissing(`The control sheet ${name}`, vendor.controllerFileName(name)),
        );
      }
      return reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .send(xml);
    },
  );

  for (const kind of ['pdf', 'nproj'] as const) {
    app.get(
      `/vendor/v1/books/:bookId/${kind}`,
      {
        schema: {
          tags: ['vendor data'],
          summary:
            kind === 'pdf'
              ? "A book's PDF (a labelled demo stand-in for a built-in textbook without one)"
              : "A book's project file (.nproj; generated for a built-in textbook without one)",
          params: bookParam,
        },
      },
      async (request, reply) => {
        const book = parseBookId(request.params.bookId)!;
        const vendorFile = kind === 'pdf' ? await vendor.bookPdf(book) : await vendor.bookNproj(book);
        const demo = vendorFile === undefined ? await demoFor(app, vendor, demoCache, book) : undefined;
        const body = vendorFile ?? (demo ? demo[kind] : undefined);
        if (body === undefined) {
          return sendMissing(
            reply,
            new VendorDataMissing(`The ${kind} of book ${bookId(book)}`, vendor.bookFileName(book, kind)),
          );
        }
        reply.header('x-dotink-demo', vendorFile === undefined ? 'true' : 'false');
        reply.header('content-disposition', `inline; filename="${bookStem(book)}.${kind}"`);
        if (kind === 'pdf') {
          return reply.type('application/pdf').send(Buffer.from(body as Uint8Array));
        }
        return reply.type('application/xml; charset=utf-8').send(body as string);
      },
    );
  }
};

/** How long after the server starts listening the vendor data is read ({@link warmAfterListen}). */
export const VENDOR_WARM_DELAY_MS = 200;

/**
 * Reads the catalogue and the project-file index in the background shortly after the server
 * starts listening (not with `inject`), so their one-time cost (≈ 0.1–0.2 s of CPU for the shared
 * catalogue) is paid at start, not when a teacher opens a live lesson while pupils write (issue
 * 16). A read error is logged; the requests that need the data answer with it.
 */
function warmAfterListen(app: App, vendor: VendorData): void {
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onListen', (done) => {
    timer = setTimeout(() => {
      vendor.warm().catch((error: unknown) => app.log.warn({ err: error }, 'vendor data: could not be read'));
    }, VENDOR_WARM_DELAY_MS);
    timer.unref();
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    clearTimeout(timer);
    done();
  });
}

type DemoFiles = { pdf: Uint8Array; nproj: string };
interface DemoSlot {
  readonly made: Promise<DemoFiles | undefined>;
  files?: DemoFiles | undefined;
}

/** Demo books kept at most, and their bytes. */
export const DEMO_CACHE_ENTRIES = 64;
export const DEMO_CACHE_BYTES = 64 * 1024 * 1024;
/** How long "not a built-in textbook" is remembered (the textbooks may be seeded meanwhile). */
export const DEMO_MISS_TTL_MS = 60_000;

/** The bounded cache of generated demo books (LRU by entries and bytes; misses expire). */
export function demoBookCache(clock: Clock): LruCache<string, DemoSlot> {
  return new LruCache<string, DemoSlot>(
    {
      maxEntries: DEMO_CACHE_ENTRIES,
      maxBytes: DEMO_CACHE_BYTES,
      sizeOf: (slot) => (slot.files ? slot.files.pdf.byteLength + slot.files.nproj.length * 2 : 0),
    },
    clock,
  );
}

/** The demo stand-ins of a built-in textbook (undefined for any other book), made once while cached. */
function demoFor(
  app: App,
  vendor: VendorData,
  cache: LruCache<string, DemoSlot>,
  book: BookAddress,
): Promise<DemoFiles | undefined> {
  const id = bookId(book);
  const cached = cache.get(id);
  if (cached) return cached.made;
  const made = (async () => {
    const row = await app.services.db
      .selectFrom('builtin_textbooks')
      .select(['subject', 'grade', 'semester', 'first_page', 'num_pages'])
      .where('section', '=', book.section)
      .where('owner', '=', book.owner)
      .where('book', '=', book.book)
      .executeTakeFirst();
    if (!row) return undefined;
    const label = row.grade !== null ? `${row.subject} ${row.grade}-${row.semester ?? 1}` : row.subject;
    const demo: DemoBook = { ...book, label, firstPage: row.first_page, numPages: row.num_pages };
    const catalogue = await vendor.catalogue();
    const paper = demoPaper(catalogue ? findPaper(catalogue, book) : undefined);
    return { pdf: await demoBookPdf(demo, paper), nproj: demoBookNproj(demo, paper) };
  })();
  const slot: DemoSlot = { made };
  cache.set(id, slot, DEMO_MISS_TTL_MS);
  made.then(
    (files) => {
      if (cache.get(id) !== slot) return;
      if (files) {
        slot.files = files;
        cache.set(id, slot); // a made book stays until evicted
      }
    },
    () => cache.delete(id),
  );
  return made;
}
