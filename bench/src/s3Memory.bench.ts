/**
 * Object storage budget (issue 17): a 100 MB file uploaded and downloaded through the S3 store
 * via the real server's HTTP routes grows the server process's memory by < 50 MB.
 *
 * The server (`buildApp` with `s3FileStore`, listening on a loopback port, PostgreSQL when
 * TEST_DATABASE_URL is set, else PGlite) runs in this process; the S3-protocol server (s3rver)
 * and the client of the 100 MB transfers (curl, from and to files) run in child processes, so
 * what grows here is the server's. Memory is sampled every 20 ms against a baseline taken after a
 * warm-up and a garbage collection: RSS, and V8 heap + external (Buffers) together, garbage not
 * yet collected included (the budget's figures); a note adds the peak measured just after forced
 * collections (what the server still references).
 *
 * Two routes: the board sync (`PUT`/`GET /board/v1/boards/{id}`, the body streamed straight into
 * the store and back out) and the material attachment (`POST`/`GET …/textbook/{id}/attachment[/pdf]`, a
 * 100 MB PDF of one page; with `S3_PRESIGNED_DOWNLOAD_SECONDS` its GET is a redirect to a
 * presigned GET of the bucket, which curl follows). The attachment's upload check reads the PDF's structure by byte
 * ranges of the staged object (`checkPdf` in `edu/textbooks/attachmentRoutes.ts`, the bounded
 * reader `pdf/boundedPdf.ts`, 8 MiB ceiling), never whole.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { buildApp, checkBucket, loadConfig, s3ClientFor, s3FileStore } from '@dotink/server';
import { PDFDocument } from 'pdf-lib';
import { type Bench, below, type Figure } from './budget';
import { BENCH_CLIENT, freshDatabase, loadOnCores, note, seedTeacherClass, tokenFor } from './serverHarness';

const here = dirname(fileURLToPath(import.meta.url));
const MB = 1_000_000;
const MiB = 1024 * 1024;
const FILE_BYTES = 100 * MB;
const BUDGET_MB = 50;
const BUCKET = 'dotink-bench';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** A free loopback port. */
function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });
}

/** s3rver in a child process (its CLI), with the bench bucket; resolves once it listens. */
async function startS3rverChild(dir: string): Promise<{ endpoint: string; child: ChildProcess }> {
  const port = await freePort();
  const bin = resolve(here, '..', '..', 'node_modules', 's3rver', 'bin', 's3rver.js');
  const args = [bin, '-d', dir, '-a', '127.0.0.1', '-p', String(port), '-s', '--configure-bucket', BUCKET];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const endpoint = `http://127.0.0.1:${port}`;
  const config = {
    endpoint,
    bucket: BUCKET,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    prefix: '',
  };
  const client = s3ClientFor(config);
  for (let attempt = 0; ; attempt++) {
    try {
      await checkBucket(client, BUCKET);
      break;
    } catch (error) {
      if (attempt > 100) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  client.destroy();
  return { endpoint, child };
}

/** Peak memory growth over the baseline while some work ran, MB. */
interface Growth<T> {
  readonly rss: number;
  /** V8 heap + external (Buffers), garbage not yet collected included. */
  readonly heapExternal: number;
  /**
   * Heap + external measured right after a forced collection every 250 ms: what is still
   * referenced, plus buffers V8 frees in the background (on a loaded machine, a few MB more).
   */
  readonly retained: number;
  /** Heap + external 5 ms after each forced collection (its buffers swept): what is held. */
  readonly held: number;
  /** Peak growth of `arrayBuffers` (Buffers' backing stores), MB. */
  readonly arrayBuffers: number;
  /** Collections V8 ran on its own meanwhile: scavenges (young) and mark-compacts (full). */
  readonly scavenges: number;
  readonly markCompacts: number;
  readonly result: T;
}

/** Peak growth of RSS and of heap + external over the baseline while `work` runs. */
async function peakGrowth<T>(work: () => Promise<T>): Promise<Growth<T>> {
  gc();
  const base = process.memoryUsage();
  const baseHeapExternal = base.heapUsed + base.external;
  let rss = 0;
  let heapExternal = 0;
  let retained = 0;
  let arrayBuffers = 0;
  let held = 0;
  let ticks = 0;
  let scavenges = 0;
  let markCompacts = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const { kind, flags } = ((entry as { detail?: unknown }).detail ?? {}) as {
        kind?: number;
        flags?: number;
      };
      // The bench's own gc() calls are flagged as forced.
      if ((flags ?? 0) & constants.NODE_PERFORMANCE_GC_FLAGS_FORCED) continue;
      if (kind === constants.NODE_PERFORMANCE_GC_MINOR) scavenges += 1;
      else if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) markCompacts += 1;
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  const sample = () => {
    const m = process.memoryUsage();
    rss = Math.max(rss, m.rss - base.rss);
    arrayBuffers = Math.max(arrayBuffers, m.arrayBuffers - base.arrayBuffers);
    heapExternal = Math.max(heapExternal, m.heapUsed + m.external - baseHeapExternal);
    ticks += 1;
    if (ticks % 12 === 0) {
      gc();
      const r = process.memoryUsage();
      retained = Math.max(retained, r.heapUsed + r.external - baseHeapExternal);
      // Buffers are freed by V8's sweeper after the collection, on another thread: measured
      // again a moment later, what the server really still holds.
      setTimeout(() => {
        const h = process.memoryUsage();
        held = Math.max(held, h.heapUsed + h.external - baseHeapExternal);
      }, 5);
    }
  };
  const timer = setInterval(sample, 20);
  try {
    const result = await work();
    sample();
    await new Promise((r) => setImmediate(r));
    return {
      rss: rss / MB,
      heapExternal: heapExternal / MB,
      retained: retained / MB,
      arrayBuffers: arrayBuffers / MB,
      held: held / MB,
      scavenges,
      markCompacts,
      result,
    };
  } finally {
    clearInterval(timer);
    observer.disconnect();
  }
}

/** The retained figures of some measured steps, as a note line. */
const retainedNote = (steps: Record<string, Growth<unknown>>) =>
  `still referenced at most (forced GC every 250 ms): ${Object.entries(steps)
    .map(([name, g]) => `${name} ${g.retained.toFixed(1)} MB`)
    .join(', ')}`;

/** Where the growth is (Buffers' backing stores) and which collections V8 ran on its own. */
const gcNote = (steps: Record<string, Growth<unknown>>) =>
  `array buffers at most, and V8's own collections: ${Object.entries(steps)
    .map(
      ([name, g]) =>
        `${name} ${g.arrayBuffers.toFixed(1)} MB, held ${g.held.toFixed(1)} MB (${g.scavenges} scavenges, ${g.markCompacts} mark-compacts)`,
    )
    .join(', ')}`;

/** Sends `body` (streamed) and answers the status and the parsed JSON answer. */
function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: AsyncIterable<Uint8Array>,
): Promise<{ status: number; json: unknown }> {
  return new Promise((ok, fail) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => {
        const text = Buffer.concat(parts).toString('utf8');
        let json: unknown = text;
        try {
          json = JSON.parse(text);
        } catch {
          // not JSON: kept as text for the error message
        }
        ok({ status: res.statusCode ?? 0, json });
      });
      res.on('error', fail);
    });
    req.on('error', fail);
    pipeline(Readable.from(body, { objectMode: false }), req).catch(fail);
  });
}

/** Downloads `url`, hashing as it arrives: its status, size and sha256. */
function download(url: string, token: string): Promise<{ status: number; size: number; sha256: string }> {
  return new Promise((ok, fail) => {
    httpRequest(url, { headers: { authorization: `Bearer ${token}` } }, (res) => {
      const hash = createHash('sha256');
      let size = 0;
      res.on('data', (c: Buffer) => {
        hash.update(c);
        size += c.byteLength;
      });
      res.on('end', () => ok({ status: res.statusCode ?? 0, size, sha256: hash.digest('hex') }));
      res.on('error', fail);
    })
      .on('error', fail)
      .end();
  });
}

/**
 * Runs curl (a client in another process, so that only the server's memory is measured here)
 * and answers the HTTP status it prints (`-w %{http_code}`).
 */
function curl(args: readonly string[]): Promise<number> {
  return new Promise((ok, fail) => {
    const child = spawn('curl', ['-sS', '-w', '%{http_code}', ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (t: string) => {
      out += t;
    });
    child.on('error', fail);
    child.on('close', (code) =>
      code === 0 ? ok(Number(out.trim())) : fail(new Error(`curl exited ${code}`)),
    );
  });
}

/** The sha256 and size of a file, read in chunks. */
async function fileDigest(path: string): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(path)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).byteLength;
  }
  return { sha256: hash.digest('hex'), size };
}

/**
 * `total` bytes starting like a zip (a .GRIDA board), in 64 KiB chunks taken from a few buffers
 * made once (never written again), so the client allocates nothing while it sends.
 */
function boardBytes(total: number) {
  const CHUNK = 64 * 1024;
  const pool = Array.from({ length: 7 }, (_, i) => Buffer.alloc(CHUNK, 17 + i));
  const first = Buffer.from(pool[0]!);
  first.set([0x50, 0x4b, 0x03, 0x04]);
  const hash = createHash('sha256');
  async function* chunks() {
    for (let at = 0, i = 0; at < total; at += CHUNK, i++) {
      const piece = at === 0 ? first : pool[i % pool.length]!;
      const part = total - at < CHUNK ? piece.subarray(0, total - at) : piece;
      hash.update(part);
      yield part;
    }
  }
  return { chunks, digest: () => hash.digest('hex') };
}

/**
 * Writes a one-page PDF of about `total` bytes to `path` (a grey image of that many bytes),
 * chunk by chunk; answers its sha256.
 */
async function writeBigPdf(path: string, total: number): Promise<string> {
  const side = Math.floor(Math.sqrt(total));
  const length = side * side;
  const hash = createHash('sha256');
  const offsets: number[] = [];
  let at = 0;
  async function* pdf() {
    const emit = (text: string) => {
      const b = Buffer.from(text, 'latin1');
      hash.update(b);
      at += b.byteLength;
      return b;
    };
    yield emit('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n');
    const objects = [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Im1 4 0 R >> >> /Contents 5 0 R >>',
    ];
    for (const [i, body] of objects.entries()) {
      offsets.push(at);
      yield emit(`${i + 1} 0 obj\n${body}\nendobj\n`);
    }
    offsets.push(at);
    yield emit(
      `4 0 obj\n<< /Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceGray /BitsPerComponent 8 /Length ${length} >>\nstream\n`,
    );
    for (let done = 0; done < length; done += MiB) {
      const piece = Buffer.alloc(Math.min(MiB, length - done), (done / MiB) % 256);
      hash.update(piece);
      at += piece.byteLength;
      yield piece;
    }
    yield emit('\nendstream\nendobj\n');
    const content = 'q 595 0 0 842 0 0 cm /Im1 Do Q';
    offsets.push(at);
    yield emit(`5 0 obj\n<< /Length ${content.length} >>\nstream\n${content}\nendstream\nendobj\n`);
    const xref = at;
    const rows = offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
    yield emit(
      `xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n${rows}trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
    );
  }
  await pipeline(Readable.from(pdf()), createWriteStream(path));
  return hash.digest('hex');
}

/** A multipart body with one file part, its bytes streamed from `file` (or `bytes`). */
async function* multipart(boundary: string, name: string, source: AsyncIterable<Uint8Array>) {
  yield Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="pdfFile"; filename="${name}"\r\n` +
      'Content-Type: application/pdf\r\n\r\n',
  );
  yield* source;
  yield Buffer.from(`\r\n--${boundary}--\r\n`);
}

async function* once(bytes: Uint8Array) {
  yield bytes;
}

const bench: Bench = {
  name: 'object storage: 100 MB through the S3 store via HTTP (issue 17)',
  async run() {
    const work = mkdtempSync(join(tmpdir(), 'dotink-s3bench-'));
    const s3 = await startS3rverChild(join(work, 's3'));
    const adminUrl = process.env.TEST_DATABASE_URL;
    const kind = adminUrl ? 'postgres' : 'pglite';
    const database = await freshDatabase(kind, adminUrl);
    const config = loadConfig({
      PUBLIC_URL: 'http://localhost:3000',
      DATA_DIR: join(work, 'data'),
      LOG_LEVEL: 'silent',
      OAUTH_CLIENTS: JSON.stringify([BENCH_CLIENT]),
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PRESIGNED_DOWNLOAD_SECONDS: '600',
    });
    const client = s3ClientFor(config.objectStore!);
    const files = s3FileStore({ client, bucket: BUCKET, presignedDownloadSeconds: 600 });
    const app = await buildApp({ config, database, files, logger: false });
    const figures: Figure[] = [];
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
      const { teacherId, classId } = await seedTeacherClass(app, false);
      const token = await tokenFor(app, teacherId, 'openid edu.read edu.write storage');
      const auth = { authorization: `Bearer ${token}` };
      const lecture = await app.services.db
        .insertInto('curriculums')
        .values({ class_id: classId, teacher_id: teacherId, title: 'S3 bench' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const book = { section: 3, owner: 29, book: 4243 };
      await app.services.db
        .insertInto('code_issues')
        .values({
          account_id: teacherId,
          client_id: BENCH_CLIENT.clientId,
          qty: 10,
          width_mm: 210,
          height_mm: 297,
          first_page: `${book.section}.${book.owner}.${book.book}.1`,
          last_page: `${book.section}.${book.owner}.${book.book}.10`,
        })
        .execute();
      const created = await app.inject({
        method: 'POST',
        url: `/edu/v1/curriculum/${lecture.id}/textbook/pod`,
        headers: auth,
        payload: { title: 'S3 bench', ...book, ncodeStartPage: 1, numPages: 10 },
      });
      if (created.statusCode !== 200) throw new Error(`POD material: ${created.statusCode} ${created.body}`);
      const attachment = `${base}/edu/v1/curriculum/${lecture.id}/textbook/${created.json().data.id}/attachment`;
      const boundary = `----dotink${randomUUID()}`;
      const multipartHeaders = { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` };
      const boardUrl = `${base}/board/v1/boards/${randomUUID()}`;
      const boardHeaders = { ...auth, 'content-type': 'application/octet-stream' };

      // Warm-up: every route once with small files (modules, sockets, prepared statements).
      const small = await PDFDocument.create();
      small.addPage();
      const warm = await send(
        attachment,
        'POST',
        multipartHeaders,
        multipart(boundary, 'w.pdf', once(await small.save())),
      );
      if (warm.status !== 200)
        throw new Error(`warm-up attachment: ${warm.status} ${JSON.stringify(warm.json)}`);
      await download(`${attachment}/pdf`, token);
      const warmBoard = boardBytes(64 * 1024);
      const wb = await send(`${boardUrl}?title=warm`, 'PUT', boardHeaders, warmBoard.chunks());
      if (wb.status !== 200) throw new Error(`warm-up board: ${wb.status} ${JSON.stringify(wb.json)}`);
      await download(boardUrl, token);

      // The big transfers by curl (another process), from and to files.
      const bearer = `authorization: Bearer ${token}`;
      const boardPath = join(work, 'board.grida');
      const board = boardBytes(FILE_BYTES);
      await pipeline(Readable.from(board.chunks()), createWriteStream(boardPath));
      const boardSha = board.digest();
      const boardOut = join(work, 'board.out');
      const put = await peakGrowth(() =>
        curl([
          ...['-X', 'PUT', '-T', boardPath, '-o', join(work, 'put.json'), '-H', bearer],
          ...['-H', 'content-type: application/octet-stream', '-H', 'if-match: "1"', `${boardUrl}?title=big`],
        ]),
      );
      if (put.result !== 200) throw new Error(`board upload: ${put.result}`);
      const get = await peakGrowth(() => curl(['-o', boardOut, '-H', bearer, boardUrl]));
      const gotBoard = await fileDigest(boardOut);
      if (get.result !== 200 || gotBoard.size !== FILE_BYTES || gotBoard.sha256 !== boardSha)
        throw new Error(`board download: ${get.result}, ${gotBoard.size} bytes, not what was sent`);
      figures.push(
        below('board 100 MB upload (PUT): RSS growth', put.rss, 'MB', BUDGET_MB),
        below('board 100 MB upload (PUT): heap + external growth', put.heapExternal, 'MB', BUDGET_MB),
        below('board 100 MB download (GET): RSS growth', get.rss, 'MB', BUDGET_MB),
        below('board 100 MB download (GET): heap + external growth', get.heapExternal, 'MB', BUDGET_MB),
      );

      // The material attachment: a 100 MB one-page PDF.
      const pdfPath = join(work, 'big.pdf');
      const pdfSha = await writeBigPdf(pdfPath, FILE_BYTES);
      const pdfOut = join(work, 'big.out');
      const post = await peakGrowth(() =>
        curl([
          '-o',
          join(work, 'post.json'),
          '-H',
          bearer,
          '-F',
          `pdfFile=@${pdfPath};type=application/pdf`,
          attachment,
        ]),
      );
      if (post.result !== 200) throw new Error(`attachment upload: ${post.result}`);
      // A 302 to a presigned GET of the bucket, followed by curl (which drops the bearer header
      // on the other host): the bytes do not pass through the server.
      const pdfGet = await peakGrowth(() => curl(['-L', '-o', pdfOut, '-H', bearer, `${attachment}/pdf`]));
      if (pdfGet.result !== 200 || (await fileDigest(pdfOut)).sha256 !== pdfSha)
        throw new Error(`attachment download: ${pdfGet.result}, not what was sent`);
      figures.push(
        below('attachment 100 MB PDF upload (POST): RSS growth', post.rss, 'MB', BUDGET_MB),
        below(
          'attachment 100 MB PDF upload (POST): heap + external growth',
          post.heapExternal,
          'MB',
          BUDGET_MB,
        ),
        below('attachment 100 MB PDF download (GET, presigned): RSS growth', pdfGet.rss, 'MB', BUDGET_MB),
        below(
          'attachment 100 MB PDF download (GET, presigned): heap + external',
          pdfGet.heapExternal,
          'MB',
          BUDGET_MB,
        ),
      );
      const steps = { 'board PUT': put, 'board GET': get, 'PDF POST': post, 'PDF GET': pdfGet };
      note(retainedNote(steps));
      note(gcNote(steps));
      note(
        `${kind}, s3rver ${s3.endpoint} (child process); the attachment upload checks the PDF by ` +
          `byte ranges (checkPdf, pdf/boundedPdf.ts); ${loadOnCores()}`,
      );
    } finally {
      await app.close();
      client.destroy();
      await database.close();
      s3.child.kill();
      rmSync(work, { recursive: true, force: true });
    }
    return figures;
  },
};

export default bench;
