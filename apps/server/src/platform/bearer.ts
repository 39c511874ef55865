/**
 * Bearer-token verification for API routes. `app.requireAuth(...scopes)` is a preHandler: it
 * finds the opaque access token in the provider's store, loads the account, and sets
 * `request.auth`; 401 when the token is missing or invalid, 403 when a scope is missing.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendFailure } from '../http/errors';
import { grantableScopes, type ScopeName } from '../identity/scopes';
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

/** Resolves the caller of a request from its bearer token, or undefined. */
export async function authenticate(app: App, request: FastifyRequest): Promise<AuthContext | undefined> {
  const value = bearerToken(request.headers.authorization);
  if (!value) return undefined;
  const { provider, accounts } = app.services;
  const token = await provider.AccessToken.find(value);
  if (!token?.accountId || token.isExpired) return undefined;
  const account = await accounts.findById(token.accountId);
  if (!account) return undefined;
  const allowed = grantableScopes(account);
  const scopes = new Set([...token.scopes].filter((s) => allowed.has(s as ScopeName)));
  return { account, scopes, clientId: token.clientId ?? '' };
}

/** Decorates the app with `requireAuth` and requests with `auth` (null until verified). */
export function installBearerAuth(app: App): void {
  app.decorateRequest('auth', null);
  const requireAuth: RequireAuth =
    (...scopes) =>
    async (request, reply) => {
      if (!request.headers.authorization) return deny(reply, 401, undefined, 'Unauthorized');
      const auth = await authenticate(app, request);
      if (!auth) return deny(reply, 401, 'invalid_token', 'Unauthorized');
      const missing = scopes.filter((s) => !auth.scopes.has(s));
      if (missing.length > 0)
        return deny(reply, 403, 'insufficient_scope', `Forbidden: needs ${missing.join(' ')}`);
      request.auth = auth;
    };
  app.decorate('requireAuth', requireAuth);
}

/** The caller of a route guarded by `requireAuth` (throws if the guard is missing). */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new Error('authOf() on a route without app.requireAuth()');
  return request.auth;
}
