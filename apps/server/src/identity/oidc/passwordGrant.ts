/**
 * The student password grant (classroom.md §6, §7): `grant_type=password` with `username` and
 * `password`, the client authenticated as usual. Only student accounts may use it (the annotation
 * upload logs in as the student with the student id as name and password). Answers an opaque
 * access token carrying the scopes the student may hold.
 */
import { errors, type KoaContextWithOIDC, type Provider } from 'oidc-provider';
import type { CredentialVerifier } from '../credentials';
import { grantedScopes, Scope } from '../scopes';
import { clientIpOf } from './mount';

export const PASSWORD_GRANT = 'password';

/** An invalid_grant error whose description the client sees. */
const invalidGrant = (description: string) =>
  new errors.CustomOIDCProviderError('invalid_grant', description);

/** Registers the grant type on the provider (clients still have to list it in grant_types). */
export function registerPasswordGrant(provider: Provider, credentials: CredentialVerifier): void {
  provider.registerGrantType(
    PASSWORD_GRANT,
    async (ctx: KoaContextWithOIDC) => {
      const params = ctx.oidc.params as Record<string, string | undefined>;
      const { username, password } = params;
      if (!username || !password) {
        throw new errors.InvalidRequest('missing required parameter(s) (username, password)');
      }
      const client = ctx.oidc.client;
      if (!client) throw new errors.InvalidClient('client authentication failed');
      const check = await credentials.verify(username, password, clientIpOf(ctx.req, ctx.ip));
      if (!check.ok) throw invalidGrant(check.message);
      const { account } = check;
      if (account.kind !== 'student') {
        throw invalidGrant('the password grant is only for student accounts');
      }
      const scope = grantedScopes(params.scope ?? `${Scope.profile} ${Scope.storage}`, account)
        .filter((s) => s !== Scope.openid && s !== Scope.offlineAccess)
        .join(' ');

      const grant = new provider.Grant({ accountId: account.id, clientId: client.clientId });
      if (scope) grant.addOIDCScope(scope);
      const grantId = await grant.save();
      const token = new provider.AccessToken({
        accountId: account.id,
        client,
        grantId,
        gty: PASSWORD_GRANT,
        scope,
      });
      ctx.oidc.entity('AccessToken', token);
      const accessToken = await token.save();
      ctx.body = {
        access_token: accessToken,
        expires_in: token.expiration,
        scope,
        token_type: 'Bearer',
      };
    },
    ['username', 'password', 'scope'],
  );
}
