/**
 * The sign-in pages, rendered on the server as plain, accessible HTML (labelled fields, one
 * h1 per page, errors announced with role="alert", no script needed), in the request's language
 * (every text comes from ./messages).
 */
import { MIN_PASSWORD_LENGTH } from '../passwords';
import { DEFAULT_LANGUAGE, type Language, messagesFor } from './messages';

/** Escapes text for HTML element content and double-quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:"Noto Sans KR","Segoe UI",Roboto,system-ui,sans-serif;background:#f4f6fb;color:#1d2433}
main{max-width:26rem;margin:8vh auto;padding:2rem;background:#fff;border-radius:16px;box-shadow:0 2px 12px #0002}
h1{font-size:1.4rem;margin:0 0 .25rem}
p.sub{margin:0 0 1.5rem;color:#4a5468}
.stack{display:flex;flex-direction:column;gap:.75rem}
label{font-weight:600;display:block;margin-bottom:.25rem}
input{width:100%;padding:.7rem .8rem;font-size:1rem;border:1px solid #8a94a8;border-radius:10px}
input:focus,.button:focus,button:focus{outline:3px solid #ffb300;outline-offset:2px}
.button,button{display:block;width:100%;padding:.8rem 1rem;font-size:1rem;font-weight:600;text-align:center;
text-decoration:none;font-family:inherit;border-radius:24px;border:1px solid #3a4a8c;background:#3a4a8c;color:#fff;cursor:pointer}
.button.secondary{background:#fff;color:#3a4a8c}
.button.google{background:#fff;color:#1d2433;border-color:#8a94a8}
[role=alert]{padding:.75rem;border-radius:10px;background:#fdecea;color:#8a1c12;margin-bottom:1rem}
.links{margin-top:1.25rem;display:flex;justify-content:space-between;gap:1rem;flex-wrap:wrap}
a{color:#3a4a8c}
.hint{font-size:.85rem;color:#4a5468;margin:.25rem 0 0}
`;

function page(lang: Language, title: string, body: string): string {
  return `<!doctype html>
<html lang="${escapeHtml(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · dotink</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

const alert = (message: string | undefined) =>
  message ? `<div role="alert" id="form-error">${escapeHtml(message)}</div>` : '';

export interface ChooserView {
  /** The language of the page. */
  readonly lang: Language;
  readonly uid: string;
  readonly clientName: string;
  /** Label of the upstream provider button, absent when none is configured. */
  readonly upstreamName?: string;
  readonly error?: string;
}

/** The account chooser: 'select login account' with the Google and provider-account buttons. */
export function chooserPage(v: ChooserView): string {
  const m = messagesFor(v.lang);
  const base = `/interaction/${encodeURIComponent(v.uid)}`;
  const upstream = v.upstreamName
    ? `<a class="button google" href="${base}/federated">${escapeHtml(m.signInWithUpstream(v.upstreamName))}</a>`
    : '';
  return page(
    v.lang,
    m.chooserTitle,
    `<h1>${escapeHtml(m.chooserTitle)}</h1>
<p class="sub">${escapeHtml(m.chooserSub(v.clientName))}</p>
${alert(v.error)}
<nav class="stack" aria-label="${escapeHtml(m.loginAccountsLabel)}">
${upstream}
<a class="button" href="${base}/login">${escapeHtml(m.signInWithDotink)}</a>
</nav>
<div class="links"><a href="${base}/abort">${escapeHtml(m.cancel)}</a></div>`,
  );
}

export interface SignInView {
  /** The language of the page. */
  readonly lang: Language;
  readonly uid: string;
  readonly clientName: string;
  readonly username?: string;
  readonly error?: string;
}

/** The provider-account sign-in form. */
export function signInPage(v: SignInView): string {
  const m = messagesFor(v.lang);
  const base = `/interaction/${encodeURIComponent(v.uid)}`;
  const described = v.error ? ' aria-describedby="form-error" aria-invalid="true"' : '';
  return page(
    v.lang,
    m.signInTitle,
    `<h1>${escapeHtml(m.signInTitle)}</h1>
<p class="sub">${escapeHtml(m.signInSub(v.clientName))}</p>
${alert(v.error)}
<form class="stack" method="post" action="${base}/login" novalidate>
<div><label for="username">${escapeHtml(m.usernameLabel)}</label>
<input id="username" name="username" type="text" autocomplete="username" autocapitalize="none" spellcheck="false" required value="${escapeHtml(v.username ?? '')}"${described}></div>
<div><label for="password">${escapeHtml(m.passwordLabel)}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${described}></div>
<button type="submit">${escapeHtml(m.signInButton)}</button>
</form>
<div class="links"><a href="${base}">${escapeHtml(m.otherAccounts)}</a><a href="${base}/signup">${escapeHtml(m.createAccountLink)}</a></div>`,
  );
}

export interface SignUpView {
  /** The language of the page. */
  readonly lang: Language;
  readonly uid: string;
  readonly clientName: string;
  readonly name?: string;
  readonly email?: string;
  readonly error?: string;
}

/** The teacher sign-up form (the account waits for a school administrator's approval). */
export function signUpPage(v: SignUpView): string {
  const m = messagesFor(v.lang);
  const base = `/interaction/${encodeURIComponent(v.uid)}`;
  return page(
    v.lang,
    m.signUpTitle,
    `<h1>${escapeHtml(m.signUpTitle)}</h1>
<p class="sub">${escapeHtml(m.signUpSub(v.clientName))}</p>
${alert(v.error)}
<form class="stack" method="post" action="${base}/signup" novalidate>
<div><label for="name">${escapeHtml(m.nameLabel)}</label>
<input id="name" name="name" type="text" autocomplete="name" required value="${escapeHtml(v.name ?? '')}"></div>
<div><label for="email">${escapeHtml(m.emailLabel)}</label>
<input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(v.email ?? '')}"></div>
<div><label for="password">${escapeHtml(m.passwordLabel)}</label>
<input id="password" name="password" type="password" autocomplete="new-password" required minlength="${MIN_PASSWORD_LENGTH}" aria-describedby="password-hint">
<p class="hint" id="password-hint">${escapeHtml(m.passwordHint(MIN_PASSWORD_LENGTH))}</p></div>
<div><label for="confirm">${escapeHtml(m.confirmLabel)}</label>
<input id="confirm" name="confirm" type="password" autocomplete="new-password" required></div>
<button type="submit">${escapeHtml(m.signUpButton)}</button>
</form>
<div class="links"><a href="${base}/login">${escapeHtml(m.haveAccount)}</a></div>`,
  );
}

/**
 * A page explaining an error (expired sign-in, provider error); `title` and `message` are
 * already in `lang` (English by default).
 */
export function errorPage(title: string, message: string, lang: Language = DEFAULT_LANGUAGE): string {
  return page(
    lang,
    title,
    `<h1>${escapeHtml(title)}</h1>
<div role="alert">${escapeHtml(message)}</div>
<div class="links"><a href="/">${escapeHtml(messagesFor(lang).backHome)}</a></div>`,
  );
}

/** The id of the end-session page's button (its script presses it). */
export const SIGN_OUT_BUTTON_ID = 'sign-out';
/** The end-session page's only script: it presses the sign-out button once the page is read. */
export const SIGN_OUT_SCRIPT = `document.getElementById('${SIGN_OUT_BUTTON_ID}').click();`;

/**
 * The end-session page (RP-initiated logout): `form` is oidc-provider's form (its xsrf field);
 * the page presses its "Sign out" button itself (ending the whole sign-in: `logout=yes`), so the
 * user never has to find a confirmation; without scripts the button is there to press.
 */
export function signOutPage(lang: Language, form: string): string {
  const m = messagesFor(lang);
  return page(
    lang,
    m.signingOutTitle,
    `<h1>${escapeHtml(m.signingOutTitle)}</h1>
<p class="sub" role="status">${escapeHtml(m.signingOut)}</p>
${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes" id="${SIGN_OUT_BUTTON_ID}">${escapeHtml(m.signOutButton)}</button>
<script>${SIGN_OUT_SCRIPT}</script>`,
  );
}

/** The page after a sign-out that named no return address. */
export function signedOutPage(lang: Language): string {
  const m = messagesFor(lang);
  return page(
    lang,
    m.signedOutTitle,
    `<h1>${escapeHtml(m.signedOutTitle)}</h1>
<p class="sub" role="status">${escapeHtml(m.signedOut)}</p>
<div class="links"><a href="/">${escapeHtml(m.backHome)}</a></div>`,
  );
}
