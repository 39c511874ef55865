/**
 * A second, local OpenID Connect provider standing in for "Google" in tests: oidc-provider on a
 * loopback port whose sign-in signs in the current `identity` at once (no pages).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { generateSigningKeys } from '../src/identity/oidc/secrets';

export interface FakeIdentity {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

export interface FakeUpstream {
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** Who signs in next. */
  identity: FakeIdentity;
  close(): Promise<void>;
}

/** Starts the fake provider, with one client returning to `redirectUri`. */
export async function startFakeUpstream(redirectUri: string): Promise<FakeUpstream> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'dotink-at-google';
  const clientSecret = 'google-client-secret-0123456789';

  const fake: FakeUpstream = {
    issuer,
    clientId,
    clientSecret,
    identity: {
      sub: 'google-1',
      email: 'g.teacher@example.com',
      email_verified: true,
      name: 'Google Teacher',
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        token_endpoint_auth_method: 'client_secret_post',
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: (await generateSigningKeys()) as never,
    cookies: { keys: ['fake-upstream-cookie-key-0123456789abcdef'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    findAccount: async (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({ ...fake.identity, sub }),
    }),
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 600,
      Grant: 600,
      Session: 600,
    },
  });
  const callback = provider.callback();
  server.on('request', (req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      void (async () => {
        const details = await provider.interactionDetails(req, res);
        const grant = new provider.Grant({
          accountId: fake.identity.sub,
          clientId: String(details.params.client_id),
        });
        grant.addOIDCScope('openid email profile');
        const grantId = await grant.save();
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: fake.identity.sub }, consent: { grantId } },
          { mergeWithLastSubmission: false },
        );
      })().catch((e: unknown) => {
        res.statusCode = 500;
        res.end(String(e));
      });
      return;
    }
    void callback(req, res);
  });
  return fake;
}
