/**
 * Mounts oidc-provider (a Koa app) inside Fastify: an `onRequest` hook takes every request under
 * the prefix, hijacks the reply (so Fastify's body parsers never run: they would answer 415 on
 * the token endpoint), keeps `originalUrl`, strips the prefix and hands the raw request to the
 * provider.
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Provider } from 'oidc-provider';
import { normalizeTokenRequest } from './tokenRequest';

export interface MountOptions {
  /** Path prefix, the issuer's path: '/oauth'. */
  readonly prefix: string;
  /** The provider's token route, relative to the prefix: '/token'. */
  readonly tokenPath: string;
  readonly publicClientIds: ReadonlySet<string>;
}

type RequestWithOriginalUrl = IncomingMessage & { originalUrl?: string };

/** True when `url` (path and query) falls under `prefix`. */
export function isUnderPrefix(url: string, prefix: string): boolean {
  return url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`);
}

export function mountProvider(app: FastifyInstance, provider: Provider, options: MountOptions): void {
  const handle = provider.callback();
  const { prefix } = options;
  app.addHook('onRequest', async (request, reply) => {
    const url = request.raw.url ?? '/';
    if (!isUnderPrefix(url, prefix)) return;
    reply.hijack();
    let path = url.slice(prefix.length);
    if (!path.startsWith('/')) path = `/${path}`;
    let req: RequestWithOriginalUrl = request.raw;
    if (req.method === 'POST' && path.split('?')[0] === options.tokenPath) {
      try {
        req = await normalizeTokenRequest(req, options.publicClientIds);
      } catch {
        reply.raw.writeHead(413, { 'content-type': 'application/json' });
        reply.raw.end(
          JSON.stringify({ error: 'invalid_request', error_description: 'request entity too large' }),
        );
        return;
      }
    }
    req.originalUrl = url;
    req.url = req === request.raw ? path : `${path.split('?')[0]}`;
    await handle(req, reply.raw);
  });
}
