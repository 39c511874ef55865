/**
 * Fills an oidc-provider Grant from the scope policy: the requested scopes the account may hold
 * are granted, the others recorded as rejected (so the provider does not ask again). Applied at
 * login, at consent, and again whenever an existing grant is reused, so a teacher approved since
 * the last login gets the education scopes on the next one.
 */
import type { Grant } from 'oidc-provider';
import { grantedScopes, type ScopeSubject } from '../scopes';

/** Rewrites the grant's OpenID scopes for `requestedScope` and this subject. */
export function applyScopePolicy(
  grant: Grant,
  requestedScope: string | undefined,
  subject: ScopeSubject,
): void {
  const requested = [...new Set((requestedScope ?? '').split(' ').filter((s) => s.length > 0))];
  const granted = grantedScopes(requestedScope, subject);
  const rejected = requested.filter((s) => !granted.includes(s));
  grant.openid = undefined;
  grant.rejected = undefined;
  // openid is always granted when asked: it only means "issue an ID token".
  grant.addOIDCScope(granted.join(' '));
  if (rejected.length > 0) grant.rejectOIDCScope(rejected.join(' '));
}
