/**
 * Serves the built web apps (`/board/…`, and the classroom at `/`). A request under an app's prefix that names no file
 * gets the app's index.html, so client-side routes survive a reload. An app that has not been
 * built answers 503 with the command that builds it. Files the build precompressed (`x.js.br`,
 * `x.js.gz` beside `x.js`) are sent by the request's Accept-Encoding (brotli, then gzip), with
 * `Vary: Accept-Encoding`; hashed assets (`/assets/`) are cached immutably for a year.
 */
import { webConfigSchema } from '@dotink/contracts/webConfig';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppPlugin } from '../platform/types';
import { CLASSROOM_PAGES, classroomApp, isBuilt, SERVER_PREFIXES, type WebApp, webApps } from './webApps';

function notBuiltPage(app: WebApp): string {
  return `<!doctype html><html lang="en"><meta charset="utf-8"><title>Not built</title>
<p>The app at <code>${app.prefix}/</code> has not been built yet. Run
<code>npm run build --workspace ${app.workspace}</code> (or <code>npm start</code>, which builds it).</p></html>`;
}

/**
 * How both apps' built files are sent: the build's brotli/gzip copies by Accept-Encoding, and
 * hashed assets cached for long while index.html and the service worker are not.
 */
const STATIC_FILES = {
  preCompressed: true,
  cacheControl: false,
  setHeaders(res: { setHeader(name: string, value: string): unknown }, path: string) {
    // the same URL answers brotli, gzip or plain bytes: caches must key on the encoding
    res.setHeader('vary', 'accept-encoding');
    if (/\/assets\//.test(path)) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
    else res.setHeader('cache-control', 'no-cache');
  },
} as const;

export function webAppRoutesFor(apps: readonly WebApp[]): AppPlugin {
  return async (app) => {
    for (const web of apps) {
      const built = isBuilt(web);
      app.get(web.prefix, { schema: { hide: true } }, async (_request, reply) =>
        reply.redirect(`${web.prefix}/`, 301),
      );
      if (!built) {
        app.get(`${web.prefix}/*`, { schema: { hide: true } }, async (_request, reply) =>
          reply.code(503).type('text/html; charset=utf-8').send(notBuiltPage(web)),
        );
        continue;
      }
      await app.register(async (scope) => {
        await scope.register(fastifyStatic, {
          root: web.distDir,
          prefix: `${web.prefix}/`,
          wildcard: false,
          index: ['index.html'],
          ...STATIC_FILES,
        });
        scope.get(`${web.prefix}/*`, { schema: { hide: true } }, async (_request, reply) =>
          reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').sendFile('index.html'),
        );
      });
    }
  };
}

/** True when a GET of `url` is a browser asking for a page that is not the server's own. */
function isStrayPage(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0] ?? '/';
  if (SERVER_PREFIXES.some((p) => path.startsWith(p) || `${path}/` === p)) return false;
  return (request.headers.accept ?? '').includes('text/html');
}

/**
 * The classroom app at the site's root: its built files, its client-side routes answered with
 * index.html, and any other page a browser asks for (not an API) redirected to `/`. Unbuilt, its
 * pages answer 503 with the build command.
 */
export function classroomRoutesFor(web: WebApp): AppPlugin {
  return async (app) => {
    const built = isBuilt(web);
    const sendIndex = async (_request: FastifyRequest, reply: FastifyReply) =>
      built
        ? reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').sendFile('index.html')
        : reply.code(503).type('text/html; charset=utf-8').send(notBuiltPage(web));
    if (built) {
      await app.register(fastifyStatic, {
        root: web.distDir,
        prefix: '/',
        wildcard: false,
        index: ['index.html'],
        ...STATIC_FILES,
      });
    } else {
      app.get('/', { schema: { hide: true } }, sendIndex);
    }
    for (const page of CLASSROOM_PAGES) app.get(page, { schema: { hide: true } }, sendIndex);
    // Anything else: a browser's page request goes to the landing page; the rest stays a 404.
    app.get('/*', { schema: { hide: true } }, async (request, reply) =>
      isStrayPage(request) ? reply.redirect('/', 302) : reply.callNotFound(),
    );
  };
}

/** The route module for this repository's apps, at the folders the configuration names. */
export const webAppRoutes: AppPlugin = async (app) => {
  await app.register(webAppRoutesFor(webApps(app.services.config)));
  app.get(
    '/api/web-config',
    {
      schema: {
        tags: ['platform'],
        summary: 'What the web apps need before sign-in (the upstream sign-in, when set up)',
        response: { 200: webConfigSchema },
      },
    },
    async () => ({ upstreamName: app.services.upstream?.name ?? null }),
  );
  await app.register(classroomRoutesFor(classroomApp(app.services.config)));
};
