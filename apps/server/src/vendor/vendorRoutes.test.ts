import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { parseNproj } from '@dotink/ncode';
import { readCodePage } from '@dotink/print';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, useTestServer } from '../../test/harness';
import { host } from '../../test/inkFixtures';
import { sharedNcodeDir } from '../../test/sharedData';
import { upsertBuiltinTextbooks } from '../seed/builtinTextbooks';

describeEachDatabase('vendor data routes', (kind) => {
  const server = useTestServer(kind, { env: { NCODE_DATA_DIR: sharedNcodeDir } });
  const get = (url: string) => server().app.inject({ url, headers: { host } });
  beforeAll(async () => upsertBuiltinTextbooks(server().app.services.db));

  it('serves an installed code page as gzip bytes, without a token', async () => {
    const res = await get('/ncode_data/s3-o27-b1068/s3-o27-b1068-p3.code.gz');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    const page = readCodePage(new Uint8Array(res.rawPayload), 'p3');
    expect(page.rows).toHaveLength(1792);
    expect(gunzipSync(res.rawPayload).length).toBe(3_214_849);
  });

  it('answers 404 naming the file for a missing code page or a malformed name', async () => {
    const missing = await get('/ncode_data/s3-o27-b1068/s3-o27-b1068-p99.code.gz');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      ok: false,
      message:
        'The Ncode code page s3-o27-b1068-p99 is not available: add code/s3-o27-b1068/s3-o27-b1068-p99.code.gz to the vendor data directory (NCODE_DATA_DIR)',
      data: null,
    });
    for (const path of [
      '/ncode_data/s3-o27-b1068/s3-o27-b1069-p1.code.gz',
      '/ncode_data/x/..%2Fnbs.json.gz',
    ]) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.json().message).toMatch(/^Not a code page file name: /);
    }
  });

  it('serves the whole catalogue as JSON compressed by Accept-Encoding, without a token (issue 28 item 7)', async () => {
    const ask = (encoding: string) =>
      server().app.inject({ url: '/vendor/v1/catalogue', headers: { host, 'accept-encoding': encoding } });
    const papers = (json: string) => {
      const catalogue = JSON.parse(json);
      expect(Object.keys(catalogue)).toHaveLength(654);
      expect(catalogue['3.27.168'].title).toBe('Ncode A4 300');
    };
    const br = await ask('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    // smaller on the wire than the stored gzip file (71 kB)
    expect(br.rawPayload.length).toBeLessThan(60_000);
    papers(brotliDecompressSync(br.rawPayload).toString('utf8'));
    const gz = await ask('br;q=0, gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-type']).toMatch(/^application\/json/);
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    papers(gunzipSync(gz.rawPayload).toString('utf8'));
    const plain = await ask('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    papers(plain.body);
  });

  it('answers a paper of the catalogue, 404 for an unknown book, 400 for a malformed id', async () => {
    const res = await get('/vendor/v1/papers/3.27.722');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: '3.27.722', title: 'iPhone 8 template', pdfPageCount: 16 });
    const unknown = await get('/vendor/v1/papers/3.27.99999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('The paper 3.27.99999 is not in the paper catalogue');
    expect((await get('/vendor/v1/papers/nope')).json().message).toBe(
      'params/bookId: must be section.owner.book (whole numbers up to 2147483647)',
    );
  });

  it('stands in for a built-in textbook without vendor files: a labelled demo PDF and its project file', async () => {
    const res = await get('/vendor/v1/books/3.1012.1191/pdf');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['x-dotink-demo']).toBe('true');
    const pdf = await PDFDocument.load(res.rawPayload);
    expect(pdf.getPageCount()).toBe(124);
    expect(pdf.getTitle()).toBe('DEMO math 3-1 (3.1012.1191)');
    const nproj = await get('/vendor/v1/books/3.1012.1191/nproj');
    expect(nproj.statusCode).toBe(200);
    const doc = parseNproj(nproj.body);
    expect([doc.book.section, doc.book.owner, doc.book.code, doc.book.startPage]).toEqual([3, 1012, 1191, 1]);
    expect(doc.pages.count).toBe(124);
  });

  it('serves a vendor project file found by its book header, and 404 for other books', async () => {
    const res = await get('/vendor/v1/books/3.1013.1116/nproj');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-dotink-demo']).toBe('false');
    expect(parseNproj(res.body).book.code).toBe(1116);
    const none = await get('/vendor/v1/books/3.27.5/pdf');
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(
      'The pdf of book 3.27.5 is not available: add books/s3-o27-b5.pdf to the vendor data directory (NCODE_DATA_DIR)',
    );
  });

  it('serves the four control-sheet projects by name, 404 for any other name', async () => {
    for (const [name, book] of [
      ['3_1013_1116_Grida', 1116],
      ['papertube_controller_171117', 161],
      ['note_3_1013_1', 1],
      ['SmartClassKit_Controller', 1],
    ] as const) {
      const res = await get(`/vendor/v1/controllers/${name}`);
      expect(res.statusCode, name).toBe(200);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(parseNproj(res.body).book.code, name).toBe(book);
    }
    for (const name of ['note_1096', '..%2Fnbs.json.gz']) {
      const res = await get(`/vendor/v1/controllers/${name}`);
      expect(res.statusCode, name).toBe(404);
      expect(res.json().message).toMatch(/^Not a control sheet: /);
    }
  });
});

describeEachDatabase('vendor data routes without vendor data', (kind) => {
  const empty = mkdtempSync(join(tmpdir(), 'dotink-no-vendor-'));
  afterAll(() => rmSync(empty, { recursive: true, force: true }));
  const server = useTestServer(kind, { env: { NCODE_DATA_DIR: empty } });

  it('answers 503 naming the missing catalogue', async () => {
    const res = await server().app.inject({ url: '/vendor/v1/papers/3.27.722', headers: { host } });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(
      'The paper catalogue is not available: add nbs.json.gz to the vendor data directory (NCODE_DATA_DIR)',
    );
    const file = await server().app.inject({ url: '/vendor/v1/catalogue', headers: { host } });
    expect(file.statusCode).toBe(503);
    expect(file.json().message).toBe(res.json().message);
  });

  it('answers 404 naming a missing control sheet', async () => {
    const res = await server().app.inject({ url: '/vendor/v1/controllers/note_3_1013_1', headers: { host } });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(
      'The control sheet note_3_1013_1 is not available: add nproj/note_3_1013_1.nproj to the vendor data directory (NCODE_DATA_DIR)',
    );
  });
});
