/**
 * Sign-in through an upstream OpenID Connect provider (Google, or any provider configured by
 * `UPSTREAM_OIDC_*`), as its client with openid-client: authorization code + PKCE + state +
 * nonce. The provider's metadata is discovered on first use.
 */
import * as oidc from 'openid-client';
import type { UpstreamOidcConfig } from '../../config';

/** What the server keeps (in a signed cookie) between the redirect and the callback. */
export interface UpstreamState {
  readonly uid: string;
  readonly state: string;
  readonly nonce: string;
  readonly codeVerifier: string;
}

/** The verified identity the upstream provider vouched for. */
export interface UpstreamIdentity {
  readonly issuer: string;
  readonly subject: string;
  readonly email: string | null;
  readonly emailVerified: boolean;
  readonly name: string | null;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

export class UpstreamLogin {
  private discovered: Promise<oidc.Configuration> | undefined;

  constructor(
    readonly config: UpstreamOidcConfig,
    /** This server's fixed callback address registered at the upstream provider. */
    readonly redirectUri: string,
  ) {}

  get name(): string {
    return this.config.name;
  }

  private configuration(): Promise<oidc.Configuration> {
    if (!this.discovered) {
      const issuer = new URL(this.config.issuer);
      // Plain HTTP only for a provider on this machine (development and tests).
      const insecure = issuer.protocol === 'http:' && LOOPBACK.has(issuer.hostname);
      this.discovered = oidc
        .discovery(issuer, this.config.clientId, this.config.clientSecret, undefined, {
          ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
        })
        .catch((error: unknown) => {
          this.discovered = undefined;
          throw error;
        });
    }
    return this.discovered;
  }

  /** The upstream authorization URL for interaction `uid`, and the state to keep. */
  async start(uid: string): Promise<{ url: string; state: UpstreamState }> {
    const config = await this.configuration();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state: UpstreamState = { uid, state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier };
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.redirectUri,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state: state.state,
      nonce: state.nonce,
    });
    return { url: url.href, state };
  }

  /** Exchanges the code of a callback (its query string) and answers the verified identity. */
  async finish(callbackQuery: string, state: UpstreamState): Promise<UpstreamIdentity> {
    const config = await this.configuration();
    const currentUrl = new URL(`${this.redirectUri}?${callbackQuery}`);
    const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: state.codeVerifier,
      expectedState: state.state,
      expectedNonce: state.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('the upstream provider returned no ID token');
    // Providers that follow OpenID Connect strictly put profile claims only in userinfo.
    let profile: Record<string, unknown> = claims;
    if (
      (claims.email === undefined || claims.name === undefined) &&
      config.serverMetadata().userinfo_endpoint
    ) {
      const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
      profile = { ...info, ...claims };
    }
    const email = typeof profile.email === 'string' ? profile.email : null;
    return {
      issuer: claims.iss,
      subject: claims.sub,
      email,
      emailVerified: profile.email_verified === true,
      name: typeof profile.name === 'string' ? profile.name : null,
    };
  }
}
