/**
 * Bearer-token verification for API routes. `app.requireAuth(...scopes)` is a guard: it
 * finds the opaque access token in the provider's store, loads the account, and sets
 * `request.auth`; 401 when the token is missing or invalid, 403 when a scope is missing.
 *
 * Whichever hook a route names it in (`preHandler`, `preValidation`), the guard runs in the
 * route's `onRequest`: before any body is read, parsed or validated, so a request without a
 * valid token costs no memory for its body (issue 11).
 *
 * Verified tokens are kept in a {@link TokenCache} (30 s at most, never past the token's
 * expiry; dropped at once when this process revokes the token or its grant). The account row is
 * read for every request ({@link AccountReads} serves concurrent requests with one query), so an
 * account's status change or deletion applies at once.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendFailure } from '../http/errors';
import { grantableScopes, type ScopeName } from '../identity/scopes';
import { AccountReads } from './accountReads';
import { type CachedToken, TokenCache } from './tokenCache';
import type { App, AuthContext, RequireAuth } from './types';

const REALM = 'dotink';

/** The token of an `Authorization: Bearer <token>` header. */
export function bearerToken(header: string | undefined): string | undefined {
  const m = /^Bearer\s+([A-Za-z0-9\-._~+/]+=*)\s*$/i.exec(header ?? '');
  return m?.[1];
}

function deny(reply: FastifyReply, status: 401 | 403, error: string | undefined, message: string) {
  const parts = [`realm="${REALM}"`];
  if (error) parts.push(`error="${error}"`);
  return sendFailure(reply.header('www-authenticate', `Bearer ${parts.join(', ')}`), status, message);
}

/** What the provider's store says of an access token, or undefined when it is not valid now. */
async function lookUpToken(app: App, value: string): Promise<CachedToken | undefined> {
  const token = await app.services.provider.AccessToken.find(value);
  if (!token?.accountId || token.isExpired) return undefined;
  const exp = (token as { exp?: unknown }).exp;
  return {
    accountId: token.accountId,
    scopes: [...token.scopes],
    clientId: token.clientId ?? '',
    grantId: token.grantId,
    expiresAtMs: typeof exp === 'number' ? exp * 1000 : Number.POSITIVE_INFINITY,
  };
}

/**
 * Resolves the caller of a request from its bearer token, or undefined. With a `cache`, the
 * token is looked up in the provider's store only when the cache has no fresh entry.
 */
export async function authenticate(
  app: App,
  request: FastifyRequest,
  cache?: TokenCache,
  accountReads?: AccountReads,
): Promise<AuthContext | undefined> {
  const value = bearerToken(request.headers.authorization);
  if (!value) return undefined;
  const token = cache
    ? await cache.resolve(value, () => lookUpToken(app, value))
    : await lookUpToken(app, value);
  if (!token || token.expiresAtMs <= app.services.clock.nowMs()) return undefined;
  const account = accountReads
    ? await accountReads.read(token.accountId)
    : await app.services.accounts.findById(token.accountId);
  if (!account) return undefined;
  const allowed = grantableScopes(account);
  const scopes = new Set(token.scopes.filter((s) => allowed.has(s as ScopeName)));
  return { account, scopes, clientId: token.clientId };
}

/** A token cache kept in step with the provider's revocations (see {@link TokenCache}). */
export function providerTokenCache(app: App, cache = new TokenCache()): TokenCache {
  const { provider } = app.services;
  provider.on('access_token.destroyed', (token: { jti?: string; grantId?: string }) => {
    if (token.jti) cache.forgetToken(token.jti);
  });
  provider.on('grant.revoked', (_ctx: unknown, grantId: string) => cache.forgetGrant(grantId));
  provider.on('grant.destroyed', (grant: { jti?: string }) => {
    if (grant.jti) cache.forgetGrant(grant.jti);
  });
  return cache;
}

const AUTH_GUARD = Symbol('dotink.authGuard');
type Hook = (...args: never[]) => unknown;
const isAuthGuard = (hook: unknown) => typeof hook === 'function' && AUTH_GUARD in hook;
const hookList = (value: unknown): Hook[] =>
  value === undefined || value === null ? [] : Array.isArray(value) ? (value as Hook[]) : [value as Hook];

/**
 * Moves the `requireAuth` guards a route names in `preValidation` or `preHandler` to the front
 * of its `onRequest` hooks (an `onRoute` hook: applies to every route registered afterwards).
 */
export function authenticateOnRequest(app: App): void {
  app.addHook('onRoute', (route) => {
    const r = route as unknown as Record<
      'onRequest' | 'preParsing' | 'preValidation' | 'preHandler',
      unknown
    >;
    const guards: Hook[] = [];
    for (const name of ['preParsing', 'preValidation', 'preHandler'] as const) {
      const hooks = hookList(r[name]);
      if (!hooks.some(isAuthGuard)) continue;
      guards.push(...hooks.filter(isAuthGuard));
      const rest = hooks.filter((h) => !isAuthGuard(h));
      r[name] = rest.length > 0 ? rest : undefined;
    }
    if (guards.length > 0) r.onRequest = [...guards, ...hookList(r.onRequest)];
  });
}

/** Decorates the app with `requireAuth` and requests with `auth` (null until verified). */
export function installBearerAuth(app: App): void {
  app.decorateRequest('auth', null);
  const cache = providerTokenCache(app, new TokenCache({ now: () => app.services.clock.nowMs() }));
  const accountReads = new AccountReads(app.services.db);
  const requireAuth: RequireAuth = (...scopes) => {
    const guard = async (request: FastifyRequest, reply: FastifyReply) => {
      if (!request.headers.authorization) return deny(reply, 401, undefined, 'Unauthorized');
      const auth = await authenticate(app, request, cache, accountReads);
      if (!auth) return deny(reply, 401, 'invalid_token', 'Unauthorized');
      const missing = scopes.filter((s) => !auth.scopes.has(s));
      if (missing.length > 0)
        return deny(reply, 403, 'insufficient_scope', `Forbidden: needs ${missing.join(' ')}`);
      request.auth = auth;
    };
    return Object.assign(guard, { [AUTH_GUARD]: true });
  };
  app.decorate('requireAuth', requireAuth);
  authenticateOnRequest(app);
}

/** The caller of a route guarded by `requireAuth` (throws if the guard is missing). */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new Error('authOf() on a route without app.requireAuth()');
  return request.auth;
}
