/**
 * The pages of OpenID Connect RP-initiated logout (oidc-provider's `rpInitiatedLogout`): the
 * end-session page presses its own "Sign out" button (the whole sign-in ends: the apps' "log out"
 * must leave no server session behind on a shared computer), and the page after a sign-out that
 * named no return address. Both speak the language of the request (`ui_locales`, then
 * `Accept-Language`). The one inline script is allowed by its hash in the page's
 * Content-Security-Policy (scripts are otherwise only from this origin).
 */
import { createHash } from 'node:crypto';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { type Language, pickLanguage } from '../login/messages';
import { SIGN_OUT_SCRIPT, signedOutPage, signOutPage } from '../login/views';

/** The language of an end-session request. */
function languageOf(ctx: KoaContextWithOIDC): Language {
  const uiLocales = ctx.oidc.params?.ui_locales;
  return pickLanguage(typeof uiLocales === 'string' ? uiLocales : undefined, ctx.get('accept-language'));
}

/** Adds the hash of `script` to the `script-src` of the answer's Content-Security-Policy. */
export function allowInlineScript(ctx: KoaContextWithOIDC, script: string): void {
  const csp = ctx.response.get('content-security-policy');
  if (!csp) return;
  const hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
  const directives = csp.split(';').map((d) => d.trim());
  const i = directives.findIndex((d) => d.startsWith('script-src '));
  if (i < 0) return;
  directives[i] = `${directives[i]} ${hash}`;
  ctx.set('content-security-policy', directives.join('; '));
}

/** `features.rpInitiatedLogout.logoutSource`: the self-submitting end-session page. */
export async function logoutSource(ctx: KoaContextWithOIDC, form: string): Promise<void> {
  allowInlineScript(ctx, SIGN_OUT_SCRIPT);
  ctx.type = 'html';
  ctx.body = signOutPage(languageOf(ctx), form);
}

/** `features.rpInitiatedLogout.postLogoutSuccessSource`: signed out, no return address. */
export async function postLogoutSuccessSource(ctx: KoaContextWithOIDC): Promise<void> {
  ctx.type = 'html';
  ctx.body = signedOutPage(languageOf(ctx));
}
