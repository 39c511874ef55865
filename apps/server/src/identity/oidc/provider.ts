/**
 * The OAuth 2 / OpenID Connect authorization server: oidc-provider configured for dotink.
 * Authorization code with PKCE (required for public clients), refresh tokens, the student
 * password grant, opaque access tokens kept in the database, registered clients only, exact
 * redirect URIs, the scopes of `../scopes.ts`. Sign-in pages live in `../login/`.
 */
import type { Clock } from '@dotink/ncode';
import type { Kysely } from 'kysely';
import Provider, { type ClientMetadata, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { OAuthClientConfig, ServerConfig } from '../../config';
import type { Database } from '../../db/schema';
import type { AccountStore } from '../accounts';
import type { CredentialVerifier } from '../credentials';
import { errorPage } from '../login/views';
import { allScopes } from '../scopes';
import { kyselyAdapterFactory } from './adapter';
import { applyScopePolicy } from './grantPolicy';
import { logoutSource, postLogoutSuccessSource } from './logoutPages';
import { PASSWORD_GRANT, registerPasswordGrant } from './passwordGrant';
import type { IdentitySecrets } from './secrets';

/** Where the provider is mounted, and its routes below that prefix. */
export const OIDC_PREFIX = '/oauth';
export const oidcRoutes = {
  authorization: '/authorize',
  token: '/token',
  userinfo: '/userinfo',
  jwks: '/jwks',
  revocation: '/revoke',
  introspection: '/introspect',
  end_session: '/logout',
} as const;

/** The path of the sign-in pages for an interaction. */
export const interactionPath = (uid: string) => `/interaction/${uid}`;

/** oidc-provider client metadata for a configured client. */
export function clientMetadata(c: OAuthClientConfig): ClientMetadata {
  const confidential = c.clientSecret !== undefined;
  const grantTypes = [...c.grantTypes];
  return {
    client_id: c.clientId,
    client_name: c.name,
    ...(confidential ? { client_secret: c.clientSecret } : {}),
    token_endpoint_auth_method: confidential ? 'client_secret_post' : 'none',
    redirect_uris: [...c.redirectUris],
    post_logout_redirect_uris: [...c.postLogoutRedirectUris],
    grant_types: grantTypes,
    response_types: grantTypes.includes('authorization_code') ? ['code'] : [],
  };
}

export interface ProviderDeps {
  readonly config: ServerConfig;
  readonly db: Kysely<Database>;
  readonly accounts: AccountStore;
  readonly credentials: CredentialVerifier;
  readonly secrets: IdentitySecrets;
  /** The server's clock: token and session expiry in the store. */
  readonly clock: Clock;
}

/** Builds the provider. Mount it with `mountProvider` (./mount.ts). */
export function createOidcProvider(deps: ProviderDeps): Provider {
  const { config, accounts, secrets } = deps;
  const origins = new Set(
    config.clients
      .flatMap((c) => [...c.redirectUris, ...c.postLogoutRedirectUris])
      .map((u) => new URL(u).origin),
  );

  const configuration: Configuration = {
    adapter: kyselyAdapterFactory(deps.db, deps.clock),
    clients: config.clients.map(clientMetadata),
    clientDefaults: {
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
      id_token_signed_response_alg: 'RS256',
    },
    jwks: secrets.jwks as Configuration['jwks'],
    cookies: {
      keys: [...secrets.cookieKeys],
      long: { signed: true, httpOnly: true, sameSite: 'lax' },
      short: { signed: true, httpOnly: true, sameSite: 'lax' },
    },
    claims: {
      openid: ['sub'],
      profile: ['name', 'preferred_username', 'email'],
    },
    scopes: [...allScopes],
    responseTypes: ['code'],
    pkce: { required: (_ctx, client) => client.clientAuthMethod === 'none' },
    routes: oidcRoutes,
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      introspection: { enabled: true },
      userinfo: { enabled: true },
      // The end-session page sends itself (logout=yes: the whole sign-in ends), in the user's language.
      rpInitiatedLogout: { enabled: true, logoutSource, postLogoutSuccessSource },
      // App credentials (e.g. /paperhub/v1/paper/ncode): a confidential client allowed the grant.
      clientCredentials: { enabled: true },
    },
    interactions: {
      url: (_ctx, interaction) => interactionPath(interaction.uid),
    },
    findAccount: async (_ctx, sub) => {
      const account = await accounts.findById(sub);
      if (!account) return undefined;
      return {
        accountId: account.id,
        claims: () => ({
          sub: account.id,
          name: account.name,
          preferred_username: account.username,
          ...(account.email ? { email: account.email } : {}),
        }),
      };
    },
    // Refresh tokens go to every client allowed the refresh_token grant, offline_access or not.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // Reuse the session's grant for this client, but re-apply the scope policy to it, so an
    // account's current status decides the scopes (a teacher approved since the last login).
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { oidc } = ctx;
      const grantId =
        (oidc.result?.consent as { grantId?: string } | undefined)?.grantId ??
        (oidc.client ? oidc.session?.grantIdFor(oidc.client.clientId) : undefined);
      if (!grantId) return undefined;
      const grant = await oidc.provider.Grant.find(grantId);
      if (!grant?.accountId || grant.accountId !== oidc.session?.accountId) return undefined;
      const account = await accounts.findById(grant.accountId);
      if (!account) return undefined;
      applyScopePolicy(grant, oidc.params?.scope as string | undefined, account);
      await grant.save();
      return grant;
    },
    clientBasedCORS: (_ctx, origin) => origins.has(origin),
    ttl: {
      AccessToken: config.oidc.accessTokenTtlS,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 3600,
      Grant: config.oidc.refreshTokenTtlS,
      Session: config.oidc.refreshTokenTtlS,
      RefreshToken: config.oidc.refreshTokenTtlS,
    },
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = errorPage('Sign-in failed', out.error_description ?? out.error ?? 'unknown error');
    },
  };

  const provider = new Provider(config.issuer, configuration);
  // X-Forwarded-Proto/Host behind a proxy; the client address is Fastify's (`clientIpOf`), never
  // Koa's (the left-most X-Forwarded-For entry, which the client writes).
  provider.proxy = config.trustProxy !== false;
  registerPasswordGrant(provider, deps.credentials);
  return provider;
}

/** Ids of the registered public clients (no secret). */
export function publicClientIds(clients: readonly OAuthClientConfig[]): ReadonlySet<string> {
  return new Set(clients.filter((c) => c.clientSecret === undefined).map((c) => c.clientId));
}

export { PASSWORD_GRANT };
