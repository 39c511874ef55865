/**
 * The sign-in pages of the authorization server (oidc-provider "interactions"): the account
 * chooser ('select login account'), the provider-account sign-in and sign-up forms, and the
 * upstream ("Google") sign-in. A finished sign-in records login and consent in one step; the
 * scopes come from the scope policy, never from a consent screen (all clients are first-party).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Provider } from 'oidc-provider';
import { z } from 'zod';
import { isUniqueViolation } from '../../db/errors';
import { failureSchema } from '../../http/answer';
import type { App, AppPlugin } from '../../platform/types';
import type { Account } from '../accounts';
import { lockoutMinutes } from '../loginThrottle';
import { applyScopePolicy } from '../oidc/grantPolicy';
import { MIN_PASSWORD_LENGTH } from '../passwords';
import { type Language, messagesFor, pickLanguage } from './messages';
import { SignUpLimit } from './signUpLimit';
import type { UpstreamState } from './upstream';
import { chooserPage, errorPage, signInPage, signUpPage } from './views';

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

/** The fixed address the upstream provider returns to (register it there). */
export const UPSTREAM_CALLBACK_PATH = '/auth/upstream/callback';
const UPSTREAM_COOKIE = 'dotink_upstream';

const uidParams = z.object({ uid: z.string().min(1).max(128) });
const html = z.string().describe('An HTML page');
const redirect = z.null().describe('A redirect (see Location)');
/** An error page, or the generic JSON failure when the request itself is malformed. */
const problem = z.union([html, failureSchema]);
const pageResponses = {
  200: html,
  303: redirect,
  400: problem,
  401: html,
  404: problem,
  409: html,
  429: html,
};

const sendHtml = (reply: FastifyReply, status: number, body: string) =>
  reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);

export const loginRoutes: AppPlugin = async (app) => {
  const { provider, accounts, credentials, upstream, config, clock } = app.services;
  // In the database: every process behind a load balancer counts the same posts.
  const signUps = new SignUpLimit(app.services.db, clock, {
    limit: config.signUp.limit,
    windowMs: config.signUp.windowMs,
  });
  const clientName = (i: Interaction) => {
    const id = String(i.params.client_id ?? '');
    return config.clients.find((c) => c.clientId === id)?.name ?? id;
  };

  /**
   * The language of a page: the client's `ui_locales` (when there is an interaction), then the
   * browser's Accept-Language, then English.
   */
  const languageOf = (request: FastifyRequest, i?: Interaction): Language => {
    const uiLocales = i?.params.ui_locales;
    return pickLanguage(
      typeof uiLocales === 'string' ? uiLocales : undefined,
      request.headers['accept-language'],
    );
  };
  const expiredPage = (lang: Language) => {
    const m = messagesFor(lang);
    return errorPage(m.expiredTitle, m.expired, lang);
  };
  const notSetUpPage = (lang: Language) => {
    const m = messagesFor(lang);
    return errorPage(m.notAvailableTitle, m.methodNotSetUp, lang);
  };

  /** The interaction `uid` with its page language, or undefined after sending the expired page. */
  async function interactionOf(request: FastifyRequest, reply: FastifyReply, uid: string) {
    let interaction: Interaction;
    try {
      interaction = await provider.interactionDetails(request.raw, reply.raw);
      if (interaction.uid !== uid) throw new Error('interaction mismatch');
    } catch {
      sendHtml(reply, 400, expiredPage(languageOf(request)));
      return undefined;
    }
    const lang = languageOf(request, interaction);
    return { i: interaction, lang, m: messagesFor(lang) };
  }

  /** Records login + consent for `account` and sends the browser back to the provider. */
  async function finish(
    request: FastifyRequest,
    reply: FastifyReply,
    i: Interaction,
    account: Account,
    amr: string,
  ) {
    const existing = i.grantId ? await provider.Grant.find(i.grantId) : undefined;
    const grant =
      existing && existing.accountId === account.id
        ? existing
        : new provider.Grant({ accountId: account.id, clientId: String(i.params.client_id) });
    applyScopePolicy(grant, i.params.scope as string | undefined, account);
    const grantId = await grant.save();
    const to = await provider.interactionResult(
      request.raw,
      reply.raw,
      { login: { accountId: account.id, amr: [amr] }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
    return reply.redirect(to, 303);
  }

  const doc = (summary: string) => ({ tags: ['sign-in'], summary });

  app.get(
    '/interaction/:uid',
    {
      schema: {
        ...doc('Account chooser, or an automatic consent'),
        params: uidParams,
        response: pageResponses,
      },
    },
    async (request, reply) => {
      const found = await interactionOf(request, reply, request.params.uid);
      if (!found) return reply;
      const { i, lang } = found;
      if (i.prompt.name === 'consent' && i.session?.accountId) {
        const account = await accounts.findById(i.session.accountId);
        if (account) return finish(request, reply, i, account, 'session');
      }
      return sendHtml(
        reply,
        200,
        chooserPage({
          lang,
          uid: i.uid,
          clientName: clientName(i),
          ...(upstream ? { upstreamName: upstream.name } : {}),
        }),
      );
    },
  );

  app.get(
    '/interaction/:uid/login',
    { schema: { ...doc('Provider-account sign-in form'), params: uidParams, response: pageResponses } },
    async (request, reply) => {
      const found = await interactionOf(request, reply, request.params.uid);
      if (!found) return reply;
      const { i, lang } = found;
      return sendHtml(reply, 200, signInPage({ lang, uid: i.uid, clientName: clientName(i) }));
    },
  );

  app.post(
    '/interaction/:uid/login',
    {
      schema: {
        ...doc('Sign in with a provider account'),
        params: uidParams,
        body: z.object({
          username: z.string().max(320).default(''),
          password: z.string().max(1024).default(''),
        }),
        response: pageResponses,
      },
    },
    async (request, reply) => {
      const found = await interactionOf(request, reply, request.params.uid);
      if (!found) return reply;
      const { i, lang, m } = found;
      const { username, password } = request.body;
      const view = { lang, uid: i.uid, clientName: clientName(i), username };
      if (!username.trim() || !password) {
        return sendHtml(reply, 400, signInPage({ ...view, error: m.missingCredentials }));
      }
      const check = await credentials.verify(username, password, request.ip);
      if (!check.ok) {
        return check.reason === 'locked'
          ? sendHtml(
              reply,
              429,
              signInPage({ ...view, error: m.lockedOut(lockoutMinutes(check.retryAfterMs)) }),
            )
          : sendHtml(reply, 401, signInPage({ ...view, error: m.invalidCredentials }));
      }
      return finish(request, reply, i, check.account, 'pwd');
    },
  );

  app.get(
    '/interaction/:uid/signup',
    { schema: { ...doc('Teacher sign-up form'), params: uidParams, response: pageResponses } },
    async (request, reply) => {
      const found = await interactionOf(request, reply, request.params.uid);
      if (!found) return reply;
      const { i, lang } = found;
      return sendHtml(reply, 200, signUpPage({ lang, uid: i.uid, clientName: clientName(i) }));
    },
  );

  app.post(
    '/interaction/:uid/signup',
    {
      schema: {
        ...doc('Create a teacher account (pending approval) and sign in'),
        params: uidParams,
        body: z.object({
          name: z.string().max(100).default(''),
          email: z.string().max(320).default(''),
          password: z.string().max(1024).default(''),
          confirm: z.string().max(1024).default(''),
        }),
        response: pageResponses,
      },
    },
    async (request, reply) => {
      const found = await interactionOf(request, reply, request.params.uid);
      if (!found) return reply;
      const { i, lang, m } = found;
      const { name, email, password, confirm } = request.body;
      const view = { lang, uid: i.uid, clientName: clientName(i), name, email };
      const allowed = await signUps.hit(request.ip);
      if (!allowed.allowed) {
        const minutes = lockoutMinutes(allowed.retryAfterMs);
        reply.header('retry-after', String(Math.ceil(allowed.retryAfterMs / 1000)));
        return sendHtml(reply, 429, signUpPage({ ...view, error: m.signUpLimited(minutes) }));
      }
      const problem =
        name.trim() === ''
          ? m.nameRequired
          : !z.email().safeParse(email.trim()).success
            ? m.emailInvalid
            : password.length < MIN_PASSWORD_LENGTH
              ? m.passwordTooShort(MIN_PASSWORD_LENGTH)
              : password !== confirm
                ? m.passwordsDiffer
                : undefined;
      if (problem) return sendHtml(reply, 400, signUpPage({ ...view, error: problem }));
      if (await accounts.usernameTaken(email)) {
        return sendHtml(reply, 409, signUpPage({ ...view, error: m.emailTaken }));
      }
      let account: Account;
      try {
        account = await accounts.createTeacher({ username: email, email: email.trim(), name, password });
      } catch (error) {
        // Another sign-up took the e-mail between the check above and this insert.
        if (isUniqueViolation(error))
          return sendHtml(reply, 409, signUpPage({ ...view, error: m.emailTaken }));
        throw error;
      }
      return finish(request, reply, i, account, 'pwd');
    },
  );

  app.get(
    '/interaction/:uid/abort',
    { schema: { ...doc('Cancel the sign-in'), params: uidParams, response: pageResponses } },
    async (request, reply) => {
      const found = await interactionOf(request, reply, request.params.uid);
      if (!found) return reply;
      const to = await provider.interactionResult(
        request.raw,
        reply.raw,
        { error: 'access_denied', error_description: 'End-User aborted interaction' },
        { mergeWithLastSubmission: false },
      );
      return reply.redirect(to, 303);
    },
  );

  app.get(
    '/interaction/:uid/federated',
    { schema: { ...doc('Start the upstream (Google) sign-in'), params: uidParams, response: pageResponses } },
    async (request, reply) => {
      if (!upstream) return sendHtml(reply, 404, notSetUpPage(languageOf(request)));
      const found = await interactionOf(request, reply, request.params.uid);
      if (!found) return reply;
      const { i } = found;
      const { url, state } = await upstream.start(i.uid);
      reply.setCookie(UPSTREAM_COOKIE, Buffer.from(JSON.stringify(state)).toString('base64url'), {
        signed: true,
        httpOnly: true,
        sameSite: 'lax',
        path: '/',
        maxAge: 600,
        secure: config.publicUrl.startsWith('https:'),
      });
      return reply.redirect(url, 303);
    },
  );

  const readState = (request: FastifyRequest): UpstreamState | undefined => {
    const raw = request.cookies[UPSTREAM_COOKIE];
    if (!raw) return undefined;
    const unsigned = request.unsignCookie(raw);
    if (!unsigned.valid || !unsigned.value) return undefined;
    try {
      return JSON.parse(Buffer.from(unsigned.value, 'base64url').toString('utf8')) as UpstreamState;
    } catch {
      return undefined;
    }
  };
  const queryOf = (request: FastifyRequest) => {
    const q = request.url.indexOf('?');
    return q < 0 ? '' : request.url.slice(q + 1);
  };
  const callbackQuery = z.object({}).catchall(z.string());

  // The upstream provider returns here (a fixed address); the interaction's pages live under
  // their own path (where the interaction cookie is sent), so pass the answer on there.
  app.get(
    UPSTREAM_CALLBACK_PATH,
    {
      schema: {
        ...doc('Return address of the upstream provider'),
        querystring: callbackQuery,
        response: pageResponses,
      },
    },
    async (request, reply) => {
      const state = readState(request);
      if (!state) return sendHtml(reply, 400, expiredPage(languageOf(request)));
      return reply.redirect(
        `/interaction/${encodeURIComponent(state.uid)}/federated/callback?${queryOf(request)}`,
        303,
      );
    },
  );

  app.get(
    '/interaction/:uid/federated/callback',
    {
      schema: {
        ...doc('Finish the upstream sign-in'),
        params: uidParams,
        querystring: callbackQuery,
        response: pageResponses,
      },
    },
    async (request, reply) => {
      if (!upstream) return sendHtml(reply, 404, notSetUpPage(languageOf(request)));
      const found = await interactionOf(request, reply, request.params.uid);
      if (!found) return reply;
      const { i, lang, m } = found;
      const state = readState(request);
      reply.clearCookie(UPSTREAM_COOKIE, { path: '/' });
      const chooser = (error: string) =>
        sendHtml(
          reply,
          400,
          chooserPage({ lang, uid: i.uid, clientName: clientName(i), upstreamName: upstream.name, error }),
        );
      if (!state || state.uid !== i.uid) return chooser(m.expired);
      if (request.query.error) return chooser(m.upstreamNotCompleted(upstream.name, request.query.error));
      let identity: Awaited<ReturnType<typeof upstream.finish>>;
      try {
        identity = await upstream.finish(queryOf(request), state);
      } catch (error) {
        request.log.warn({ err: error }, 'upstream sign-in failed');
        return chooser(m.upstreamFailed(upstream.name));
      }
      const account = await accountForUpstream(app, identity);
      return finish(request, reply, i, account, 'fed');
    },
  );
};

/**
 * The account of an upstream identity: the linked one; else the teacher account whose login
 * name is the identity's verified e-mail (then linked); else a new pending teacher.
 */
async function accountForUpstream(
  app: App,
  id: { issuer: string; subject: string; email: string | null; emailVerified: boolean; name: string | null },
): Promise<Account> {
  const { accounts } = app.services;
  const linked = await accounts.findByIdentity(id.issuer, id.subject);
  if (linked) return linked;
  if (id.email && id.emailVerified) {
    const byEmail = await accounts.findForLogin(id.email);
    if (byEmail && byEmail.account.kind === 'teacher') {
      await accounts.linkIdentity(byEmail.account.id, id.issuer, id.subject, id.email);
      return byEmail.account;
    }
  }
  const username =
    id.email && id.emailVerified && !(await accounts.usernameTaken(id.email))
      ? id.email
      : `${id.subject}@${new URL(id.issuer).host}`;
  const account = await accounts.createTeacher({
    username,
    email: id.emailVerified ? id.email : null,
    name: id.name ?? id.email ?? 'Teacher',
  });
  await accounts.linkIdentity(account.id, id.issuer, id.subject, id.email);
  return account;
}
