import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, describe, expect, it } from 'vitest';
import { webAppRoutesFor } from './webAppRoutes';

const dir = mkdtempSync(join(tmpdir(), 'dotink-web-'));
mkdirSync(join(dir, 'built', 'assets'), { recursive: true });
writeFileSync(join(dir, 'built', 'index.html'), '<!doctype html><title>board</title>');
writeFileSync(join(dir, 'built', 'assets', 'app-1234.js'), 'console.log(1)');

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
