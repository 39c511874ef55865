/**
 * Builds the server: Fastify with zod schemas and the OpenAPI document, the OAuth/OIDC server
 * mounted under /oauth, bearer auth for API routes, and the route modules of `routes/index.ts`.
 * The caller opens (and later closes) the database; `app.close()` does not close it.
 */

import type { Clock } from '@dotink/ncode';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import Fastify from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { ServerConfig } from './config';
import type { DatabaseHandle } from './db/database';
import type { FileStore } from './files/fileStore';
import { reportingFailures } from './files/storeFailures';
import { installErrorHandlers, sendFailure } from './http/errors';
import { installInputGuard } from './http/inputGuard';
import { REDACTED, REDACTED_LOG_PATHS, requestForLog } from './http/redact';
import { installSecurityHeaders } from './http/securityHeaders';
import { AccountStore } from './identity/accounts';
import { CredentialVerifier } from './identity/credentials';
import { UPSTREAM_CALLBACK_PATH } from './identity/login/routes';
import { UpstreamLogin } from './identity/login/upstream';
import { LoginThrottle } from './identity/loginThrottle';
import { deleteExpiredOidcPayloads } from './identity/oidc/adapter';
import { mountProvider } from './identity/oidc/mount';
import { createOidcProvider, OIDC_PREFIX, oidcRoutes, publicClientIds } from './identity/oidc/provider';
import { loadIdentitySecrets } from './identity/oidc/secrets';
import { allScopes } from './identity/scopes';
import { installBearerAuth } from './platform/bearer';
import { fileStoreCheck } from './platform/dependencyChecks';
import { Readiness, readinessChecks } from './platform/readiness';
import type { App, AppPlugin, Services } from './platform/types';
import { routeModules } from './routes/index';

export interface AppDeps {
  readonly config: ServerConfig;
  readonly database: DatabaseHandle;
  readonly files: FileStore;
  readonly clock?: Clock;
  /** Fastify logging: false in tests. Defaults to the configured level. */
  readonly logger?: boolean;
  /** Where log lines go (tests capture them); standard output by default. */
  readonly logStream?: { write(line: string): void };
  /** Extra route modules (tests). */
  readonly extraRoutes?: readonly AppPlugin[];
}

export const systemClock: Clock = { nowMs: () => Date.now() };

/** How often expired OAuth state is swept from the database. */
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * `TRUST_PROXY` for Fastify (proxy-addr): the client is the right-most X-Forwarded-For address
 * not trusted. A hop count is given as a function (hop `i` trusted while `i` < n: the socket's
 * peer is hop 0), since Fastify refuses a plain number (it trusts nothing then).
 */
function fastifyTrustProxy(
  trust: ServerConfig['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return [...trust];
}

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, database, files } = deps;
  const clock = deps.clock ?? systemClock;
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : {
            level: config.logLevel,
            serializers: { req: requestForLog },
            redact: { paths: REDACTED_LOG_PATHS, censor: REDACTED },
            ...(deps.logStream ? { stream: deps.logStream } : {}),
          },
    // Fastify (proxy-addr): the client is the right-most X-Forwarded-For address not trusted.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // while closing (a drain's end), requests on open connections are still answered: a
    // keep-alive client must not get a 503 the balancer cannot send elsewhere (a POST)
    return503OnClosing: false,
    // URLs the router refuses before any route runs (undecodable, over-long parameters) get
    // the same { ok, message, data } answer as every other failure.
    frameworkErrors: (error, _request, reply) => {
      const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 400;
      void sendFailure(reply, status, error.message);
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'dotink server',
        version: '0.1.0',
        description: 'Classroom, ink store and identity API of dotink. Sign-in: OAuth 2 / OpenID Connect.',
      },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'An access token from /oauth/token' },
          oauth2: {
            type: 'oauth2',
            flows: {
              authorizationCode: {
                authorizationUrl: `${config.issuer}${oidcRoutes.authorization}`,
                tokenUrl: `${config.issuer}${oidcRoutes.token}`,
                scopes: Object.fromEntries(allScopes.map((s) => [s, s])),
              },
              password: {
                tokenUrl: `${config.issuer}${oidcRoutes.token}`,
                scopes: Object.fromEntries(allScopes.map((s) => [s, s])),
              },
            },
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(formbody);

  const db = database.db;
  const secrets = await loadIdentitySecrets(db, config.oidc);
  await app.register(cookie, { secret: secrets.cookieSecret });

  const accounts = new AccountStore(db);
  const throttle = new LoginThrottle(db, clock, config.login);
  const credentials = new CredentialVerifier(accounts, throttle);
  const provider = createOidcProvider({ config, db, accounts, credentials, secrets, clock });
  provider.on('server_error', (_ctx, error) => app.log.error({ err: error }, 'oidc provider error'));
  const upstream = config.upstream
    ? new UpstreamLogin(config.upstream, `${config.publicUrl}${UPSTREAM_CALLBACK_PATH}`)
    : undefined;

  const services: Services = {
    config,
    db,
    databaseKind: database.kind,
    ...(database.withBlob ? { withBlob: database.withBlob } : {}),
    copyIn: database.copyIn,
    // a download the store cuts mid-stream: logged as a refused store call would be (errors.ts)
    files: reportingFailures(files, (error) =>
      app.log.error({ err: error.cause, reason: error.message }, 'file store unavailable'),
    ),
    clock,
    accounts,
    credentials,
    provider,
    ...(upstream ? { upstream } : {}),
    readiness: new Readiness(readinessChecks({ db })),
  };
  services.readiness.add(fileStoreCheck(files));
  app.decorate('services', services);
  // draining: each answer closes its connection, so the balancer opens new ones elsewhere
  app.addHook('onRequest', async (_request, reply) => {
    if (services.readiness.draining) void reply.header('connection', 'close');
  });
  installBearerAuth(app);
  installErrorHandlers(app);
  await installSecurityHeaders(app);
  mountProvider(app, provider, {
    prefix: OIDC_PREFIX,
    tokenPath: oidcRoutes.token,
    publicClientIds: publicClientIds(config.clients),
  });
  installInputGuard(app);

  for (const routes of [...routeModules, ...(deps.extraRoutes ?? [])]) await app.register(routes);

  const sweep = () =>
    deleteExpiredOidcPayloads(db, new Date(clock.nowMs())).catch((error: unknown) =>
      app.log.warn({ err: error }, 'sweep failed'),
    );
  const timer = setInterval(sweep, SWEEP_INTERVAL_MS);
  timer.unref();
  app.addHook('onReady', async () => {
    await sweep();
  });
  app.addHook('onClose', async () => clearInterval(timer));
  return app;
}
