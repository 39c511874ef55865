/**
 * The edge guard for text input: before any route's validation runs, every string of the query,
 * the path parameters and the parsed body (JSON or form) is checked — NUL characters are refused
 * (PostgreSQL cannot store them) and every string is bounded — so a malformed request is a 400
 * with a clear message naming the field, never a database error. Routes tighten the bounds in
 * their own schemas; a route whose body carries large texts by design (the ink upload's base64
 * strokes) raises the body bound with `config: { maxBodyText: n }`.
 */
import { Stream } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendFailure } from './errors';

/** Longest text of a query or path parameter. */
export const MAX_URL_TEXT = 2048;
/** Longest text of a body field (unless the route says otherwise). */
export const MAX_BODY_TEXT = 65_536;
/** Deepest nesting of a body (objects and arrays). */
export const MAX_BODY_DEPTH = 32;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Longest text of a body field for this route (default {@link MAX_BODY_TEXT}). */
    maxBodyText?: number;
  }
}

/** Why a text is refused, or undefined when it is fine. */
export function textProblem(value: string, max: number): string | undefined {
  if (value.includes('\u0000')) return 'must not contain NUL characters';
  if (value.length > max) return `must be at most ${max} characters`;
  return undefined;
}

/** Parsed input (objects and arrays of JSON, forms, queries), not bytes or a streamed body. */
const isParsed = (value: object) => !ArrayBuffer.isView(value) && !(value instanceof Stream);

/** The first problem of `value` (any JSON value), as "where: problem", or undefined. */
export function firstProblem(value: unknown, where: string, max: number, depth = 0): string | undefined {
  if (typeof value === 'string') {
    const problem = textProblem(value, max);
    return problem ? `${where}: ${problem}` : undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  if (depth >= MAX_BODY_DEPTH && isParsed(value))
    return `${where}: nested too deeply (at most ${MAX_BODY_DEPTH} levels)`;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const p = firstProblem(value[i], `${where}/${i}`, max, depth + 1);
      if (p) return p;
    }
    return undefined;
  }
  // Only parsed input (plain objects) is walked: a streamed body or bytes are the route's to read.
  if (!isParsed(value)) return undefined;
  for (const [k, v] of Object.entries(value)) {
    const keyProblem = textProblem(k, MAX_URL_TEXT);
    if (keyProblem) return `${where}: a field name ${keyProblem}`;
    const p = firstProblem(v, `${where}/${k}`, max, depth + 1);
    if (p) return p;
  }
  return undefined;
}

/** The first problem of the query and path parameters of a request. */
export function urlProblem(request: FastifyRequest): string | undefined {
  return (
    firstProblem(request.query, 'querystring', MAX_URL_TEXT) ??
    firstProblem(request.params, 'params', MAX_URL_TEXT)
  );
}

/**
 * Installs the guard: query and path parameters in `onRequest` (before authentication reads
 * anything), the body in `preValidation` (after parsing, before the schema and the handler).
 */
export function installInputGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (reply.sent) return; // taken over by a mounted handler (the OAuth server guards its own)
    const problem = urlProblem(request);
    if (problem) return sendFailure(reply, 400, problem);
  });
  app.addHook('preValidation', async (request, reply) => {
    if (reply.sent) return;
    const max = request.routeOptions.config.maxBodyText ?? MAX_BODY_TEXT;
    const problem = firstProblem(request.body, 'body', max);
    if (problem) return sendFailure(reply, 400, problem);
  });
}
