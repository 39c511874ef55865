/**
 * Security headers on every answer (@fastify/helmet) with a Content-Security-Policy the note board
 * (/board/) and the sign-in pages pass: scripts only from this origin, inline styles (React style
 * attributes, the sign-in pages' <style>), images, workers and frames also from blob: (the board's
 * print preview and PDF worker). The sign-in pages and the OAuth server may not be framed at all
 * (`frame-ancestors 'none'`, `X-Frame-Options: DENY`: no clickjacking of a password form); other
 * pages only by this origin (the board frames its own blob: PDFs).
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

type Directives = Record<string, string[] | null>;

/** The policy's directives; `frameAncestors` differs between the sign-in pages and the rest. */
export function cspDirectives(frameAncestors: string): Directives {
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    workerSrc: ["'self'", 'blob:'],
    frameSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    frameAncestors: [frameAncestors],
  };
}

/** The Content-Security-Policy header value of `directives`. */
export function cspHeader(directives: Directives): string {
  return Object.entries(directives)
    .filter((e): e is [string, string[]] => e[1] !== null)
    .map(([k, v]) => `${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${v.join(' ')}`)
    .join('; ');
}

/** Paths of the sign-in pages and the OAuth server (never framed). */
export function isSignInPath(url: string): boolean {
  return /^\/(interaction|oauth|auth)(\/|\?|$)/.test(url);
}

const SIGN_IN_CSP = cspHeader(cspDirectives("'none'"));

/** Registers helmet, then tightens the sign-in pages (before the OAuth server is mounted). */
export async function installSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives("'self'") },
    // Cross-origin clients (the classroom app) read the API and the OAuth server.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!isSignInPath(request.url)) return;
    reply.raw.setHeader('content-security-policy', SIGN_IN_CSP);
    reply.raw.setHeader('x-frame-options', 'DENY');
  });
}
