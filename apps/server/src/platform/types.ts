/**
 * The types route modules build on: the Fastify instance with the zod type provider, the
 * services every route can reach (`app.services`), and the authenticated caller (`request.auth`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Clock } from '@dotink/ncode';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  preHandlerAsyncHookHandler,
  RawServerDefault,
} from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Provider } from 'oidc-provider';
import type { ServerConfig } from '../config';
import type { BlobStatement, CopyIn, DatabaseKind } from '../db/database';
import type { Database } from '../db/schema';
import type { FileStore } from '../files/fileStore';
import type { Account, AccountStore } from '../identity/accounts';
import type { CredentialVerifier } from '../identity/credentials';
import type { UpstreamLogin } from '../identity/login/upstream';
import type { ScopeName } from '../identity/scopes';
import type { Readiness } from './readiness';

/** The server's Fastify instance, typed with zod schemas. */
export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** A route module: `export const xRoutes: AppPlugin = async (app) => { app.get(...) }`. */
export type AppPlugin = FastifyPluginAsyncZod;

/** Everything a route may need, built once per server. */
export interface Services {
  readonly config: ServerConfig;
  readonly db: Kysely<Database>;
  readonly databaseKind: DatabaseKind;
  /** PGlite only: a statement that reads a large binary value as a file (the ink upload). */
  readonly withBlob?: BlobStatement;
  /** The binary COPY into a table (the ink upload's fast path). */
  readonly copyIn: CopyIn;
  readonly files: FileStore;
  readonly clock: Clock;
  readonly accounts: AccountStore;
  readonly credentials: CredentialVerifier;
  readonly provider: Provider;
  /** The upstream ("Google") sign-in, absent when not configured. */
  readonly upstream?: UpstreamLogin;
  /** `/api/ready`'s checks and the drain state (SIGTERM). */
  readonly readiness: Readiness;
}

/** The caller of an authenticated route. */
export interface AuthContext {
  readonly account: Account;
  /** The token's scopes the account may still hold (status changes apply at once). */
  readonly scopes: ReadonlySet<string>;
  readonly clientId: string;
}

/** Builds a preHandler that requires a valid bearer token holding every scope named. */
export type RequireAuth = (...scopes: ScopeName[]) => preHandlerAsyncHookHandler;

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    requireAuth: RequireAuth;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}
