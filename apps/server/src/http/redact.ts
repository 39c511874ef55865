/**
 * Secrets never reach the log: the request serializer writes URLs with the values of secret
 * query parameters replaced (the pupil password grant sends `password` and `client_secret` in
 * the query, WebSocket clients `access_token`), and secret headers are censored wherever a
 * header object is logged.
 */
import type { FastifyRequest } from 'fastify';

/** Query parameters whose values are secrets (OAuth and the realtime socket). */
export const SECRET_PARAMS: ReadonlySet<string> = new Set([
  'password',
  'client_secret',
  'code',
  'code_verifier',
  'refresh_token',
  'access_token',
  'token',
  'id_token_hint',
  'assertion',
  'client_assertion',
]);

/** What a secret is replaced with. */
export const REDACTED = '[REDACTED]';

/** `url` (path and query) with the value of every secret parameter replaced by {@link REDACTED}. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const parts = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq < 0 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // an undecodable name is kept as sent (it names no secret we know)
      }
      return SECRET_PARAMS.has(name.toLowerCase()) && eq >= 0 ? `${rawName}=${REDACTED}` : pair;
    });
  return `${url.slice(0, q)}?${parts.join('&')}`;
}

/** Header paths pino censors in any logged request or response. */
export const REDACTED_LOG_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["proxy-authorization"]',
  'req.headers["sec-websocket-protocol"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
];

/** The request as the log shows it (Fastify's default fields, the URL redacted). */
export function requestForLog(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
