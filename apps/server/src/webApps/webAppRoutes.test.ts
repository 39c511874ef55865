import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, describe, expect, it } from 'vitest';
import { classroomRoutesFor, webAppRoutesFor } from './webAppRoutes';

const dir = mkdtempSync(join(tmpdir(), 'dotink-web-'));
mkdirSync(join(dir, 'built', 'assets'), { recursive: true });
writeFileSync(join(dir, 'built', 'index.html'), '<!doctype html><title>board</title>');
writeFileSync(join(dir, 'built', 'assets', 'app-1234.js'), 'console.log(1)');
// the board's build writes brotli and gzip copies beside each compressible asset
const bigScript = `export const text = '${'dotink '.repeat(4000)}';\n`;
writeFileSync(join(dir, 'built', 'assets', 'index-abcd.js'), bigScript);
writeFileSync(join(dir, 'built', 'assets', 'index-abcd.js.br'), brotliCompressSync(bigScript));
writeFileSync(join(dir, 'built', 'assets', 'index-abcd.js.gz'), gzipSync(bigScript));
mkdirSync(join(dir, 'classroom', 'assets'), { recursive: true });
writeFileSync(join(dir, 'classroom', 'index.html'), '<!doctype html><title>classroom</title>');
writeFileSync(join(dir, 'classroom', 'assets', 'main-1.js'), 'console.log(2)');
// the classroom's build writes the same brotli and gzip copies (packages/web-build precompress)
writeFileSync(join(dir, 'classroom', 'assets', 'index-efgh.js'), bigScript);
writeFileSync(join(dir, 'classroom', 'assets', 'index-efgh.js.br'), brotliCompressSync(bigScript));
writeFileSync(join(dir, 'classroom', 'assets', 'index-efgh.js.gz'), gzipSync(bigScript));

async function server() {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(
    webAppRoutesFor([
      { prefix: '/board', workspace: 'apps/board', distDir: join(dir, 'built') },
      { prefix: '/missing', workspace: 'apps/missing', distDir: join(dir, 'nothing') },
    ]),
  );
  return app;
}

describe('web apps', async () => {
  const app = await server();
  afterAll(() => app.close());

  it('serves the built index and assets under the prefix', async () => {
    const index = await app.inject({ url: '/board/' });
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('<title>board</title>');
    const asset = await app.inject({ url: '/board/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('serves the precompressed brotli or gzip copy by Accept-Encoding, cached immutably', async () => {
    const url = '/board/assets/index-abcd.js';
    const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.length).toBeLessThan(bigScript.length / 20);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(bigScript);
    const gz = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(bigScript);
    const plain = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bigScript);
  });

  it('falls back to index.html for client-side routes and redirects the bare prefix', async () => {
    const deep = await app.inject({ url: '/board/boards/42' });
    expect(deep.statusCode).toBe(200);
    expect(deep.body).toContain('<title>board</title>');
    const bare = await app.inject({ url: '/board' });
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe('/board/');
  });

  it('says how to build an app that is not built', async () => {
    const r = await app.inject({ url: '/missing/' });
    expect(r.statusCode).toBe(503);
    expect(r.body).toContain('npm run build --workspace apps/missing');
  });
});

async function classroomServer(distDir: string) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.get('/edu/v1/known', async () => ({ ok: true }));
  await app.register(classroomRoutesFor({ prefix: '', workspace: 'apps/classroom', distDir }));
  return app;
}

describe('the classroom app at the root', async () => {
  const app = await classroomServer(join(dir, 'classroom'));
  const unbuilt = await classroomServer(join(dir, 'none'));
  afterAll(async () => {
    await app.close();
    await unbuilt.close();
  });
  const html = { accept: 'text/html,application/xhtml+xml' };

  it('answers its pages with its index.html and serves its assets', async () => {
    for (const url of [
      '/',
      '/index',
      '/login',
      '/callback.html?code=1',
      '/main',
      '/main/admin/students?eduClassId=3',
      '/pen?course=7',
    ]) {
      const r = await app.inject({ url, headers: html });
      expect(r.statusCode, url).toBe(200);
      expect(r.body).toContain('<title>classroom</title>');
    }
    const asset = await app.inject({ url: '/assets/main-1.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('serves the precompressed brotli or gzip copy by Accept-Encoding, with Vary (issue 28 item 7)', async () => {
    const url = '/assets/index-efgh.js';
    const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(bigScript);
    const gz = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(bigScript);
    const plain = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(bigScript);
  });

  it("answers the live lesson's class display (issue 16) with its index.html", async () => {
    const r = await app.inject({ url: '/live/display?courseId=1&studentId=s', headers: html });
    expect(r.statusCode).toBe(200);
    expect(r.body).toContain('<title>classroom</title>');
  });

  it('sends any other page to / but keeps unknown API addresses a 404', async () => {
    const stray = await app.inject({ url: '/somewhere/else', headers: html });
    expect(stray.statusCode).toBe(302);
    expect(stray.headers.location).toBe('/');
    const api = await app.inject({ url: '/edu/v1/unknown', headers: html });
    expect(api.statusCode).toBe(404);
    const json = await app.inject({ url: '/somewhere/else', headers: { accept: 'application/json' } });
    expect(json.statusCode).toBe(404);
    expect((await app.inject({ url: '/edu/v1/known' })).statusCode).toBe(200);
  });

  it('says how to build it when it is not built', async () => {
    const r = await unbuilt.inject({ url: '/main', headers: html });
    expect(r.statusCode).toBe(503);
    expect(r.body).toContain('npm run build --workspace apps/classroom');
  });
});
