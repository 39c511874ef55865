/**
 * Mounts oidc-provider (a Koa app) inside Fastify: an `onRequest` hook takes every request under
 * the prefix, hijacks the reply (so Fastify's body parsers never run: they would answer 415 on
 * the token endpoint), keeps `originalUrl`, strips the prefix and hands the raw request to the
 * provider.
 *
 * In front of the provider stands the same text guard as for the API (`http/inputGuard.ts`):
 * every query and form parameter and the client credentials of basic auth are refused with the
 * OAuth error `invalid_request` (400) when they hold NUL or are longer than their bound. A form
 * body is read (at most oidc-provider's own limit) and replayed to the provider.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Provider } from 'oidc-provider';
import { MAX_URL_TEXT, textProblem } from '../../http/inputGuard';
import { isFormRequest, normalizeTokenForm, parseBasicAuth, readBody, replayForm } from './tokenRequest';

export interface MountOptions {
  /** Path prefix, the issuer's path: '/oauth'. */
  readonly prefix: string;
  /** The provider's token route, relative to the prefix: '/token'. */
  readonly tokenPath: string;
  readonly publicClientIds: ReadonlySet<string>;
}

type RequestWithOriginalUrl = IncomingMessage & { originalUrl?: string; [CLIENT_IP]?: string };

/** Where the request handed to the provider carries Fastify's client address (`TRUST_PROXY`). */
const CLIENT_IP = Symbol('dotink.clientIp');

/** The client address of a request the provider handles, as Fastify decided it. */
export function clientIpOf(req: IncomingMessage, fallback: string): string {
  return (req as RequestWithOriginalUrl)[CLIENT_IP] ?? fallback;
}

/** Longest login name (as the sign-in form) and password the password grant takes. */
export const OAUTH_PARAM_BOUNDS: Readonly<Record<string, number>> = { username: 320, password: 1024 };

/** True when `url` (path and query) falls under `prefix`. */
export function isUnderPrefix(url: string, prefix: string): boolean {
  return url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`);
}

/** The first refused parameter of `params`, as an error description, or undefined. */
export function oauthParamProblem(params: Iterable<[string, string]>): string | undefined {
  for (const [name, value] of params) {
    const nameProblem = textProblem(name, 64);
    if (nameProblem) return `a parameter name ${nameProblem}`;
    const problem = textProblem(value, OAUTH_PARAM_BOUNDS[name] ?? MAX_URL_TEXT);
    if (problem) return `${name} ${problem}`;
  }
  return undefined;
}

function sendOAuthError(res: ServerResponse, status: number, description: string): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify({ error: 'invalid_request', error_description: description }));
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
    const query = new URL(url, 'http://localhost').searchParams;
    const basic = parseBasicAuth(request.headers.authorization);
    const urlProblem =
      oauthParamProblem(query) ??
      (basic
        ? oauthParamProblem([
            ['client_id', basic.id],
            ['client_secret', basic.secret],
          ])
        : undefined);
    if (urlProblem) return sendOAuthError(reply.raw, 400, urlProblem);

    let req: RequestWithOriginalUrl = request.raw;
    if (req.method === 'POST' && isFormRequest(req)) {
      let form: URLSearchParams;
      try {
        form = new URLSearchParams(await readBody(req));
      } catch {
        return sendOAuthError(reply.raw, 413, 'request entity too large');
      }
      const formProblem = oauthParamProblem(form);
      if (formProblem) return sendOAuthError(reply.raw, 400, formProblem);
      req =
        path.split('?')[0] === options.tokenPath
          ? normalizeTokenForm(req, form, options.publicClientIds)
          : replayForm(req, form);
    }
    req.originalUrl = url;
    req[CLIENT_IP] = request.ip;
    // A token request's replay carries the query string in its body already.
    req.url = path.split('?')[0] === options.tokenPath && req !== request.raw ? path.split('?')[0]! : path;
    await handle(req, reply.raw);
  });
}
