/**
 * Code issuing and the print code image (engine.md §4 "Code issuing", §7; classroom.md §7):
 *
 * - `GET /edu/v1/paper/ncode?qty&width&height` — a teacher (scope `edu.read`) reserves `qty`
 *   consecutive code pages for a paper of width × height mm (rounded mm + 20); answer: the list
 *   `[{s, o, b, p, url}]` (not wrapped: the engine reads the list itself), url = the code file;
 * - `GET /board/v1/paper/ncode` — the same for any signed-in account's own prints (scope `print`,
 *   the note board), at most `PRINT_CODES_PER_DAY` pages a UTC day per account (429 past it);
 * - `GET /paperhub/v1/paper/ncode` — the same for an application, with a client-credentials
 *   access token (`grant_type=client_credentials` at /oauth/token);
 * - `GET /edu/v1/paper/ncode_image?section&owner&book&page&width&height` — the page's code text
 *   cut to the paper (`codeImage.ts`); 404 naming the code file when it is not installed.
 *
 * Only code pages whose code data is installed (`NCODE_DATA_DIR/code`, read at start:
 * `installedCodePages.ts`) are issued; a server without any answers 503 "not set up" on the three
 * issuing routes instead of handing out codes nobody can print, and 409 once they are used up.
 *
 * Failures answer the generic JSON `{ ok: false, message, data: null }` (the engine prints the
 * status and `message`, engine.md §8).
 */
import { issuedCodePagesSchema } from '@dotink/contracts/paperCodes';
import { codeFilePath, type PageAddress, pageAddress } from '@dotink/ncode';
import { CodePageError } from '@dotink/print';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { failureSchema } from '../http/answer';
import { ApiError, forbidden, sendFailure } from '../http/errors';
import { INT32_MAX, wholeNumberText } from '../http/fields';
import { Scope } from '../identity/scopes';
import { authOf, bearerToken } from '../platform/bearer';
import type { App, AppPlugin } from '../platform/types';
import { VendorData, VendorDataMissing, vendorDataDir } from '../vendor/vendorData';
import { codeImageText } from './codeImage';
import { CodeIssuer, CodeSpaceExhausted, DailyLimitReached } from './codeStore';
import { installedCodePages } from './installedCodePages';

/** Most pages one request reserves (classroom.md §9: PDF limit 500 pages). */
export const MAX_CODE_QTY = 500;
/** Largest paper side, mm. */
export const MAX_PAPER_MM = 2000;

export const CodeMessage = {
  tooManyPages: (qty: number) => `too many pages ${qty} (at most ${MAX_CODE_QTY} per request)`,
  notTeacher: 'Forbidden: only a teacher may reserve code pages',
  clientNotAllowed: 'Forbidden: this client may not use app credentials',
  notSetUp: 'Printing with the Ncode pattern is not set up on this server',
} as const;

const DAY_MS = 86_400_000;

// Numbers from the query are digits only (`wholeNumberText`): `0x10`, `" 1 "`, `1e2` are 400s.
const mm = wholeNumberText(1, MAX_PAPER_MM);
const codeQuery = z.object({
  qty: wholeNumberText(1, Number.MAX_SAFE_INTEGER).superRefine((q, ctx) => {
    if (q > MAX_CODE_QTY) ctx.addIssue({ code: 'custom', message: CodeMessage.tooManyPages(q) });
  }),
  width: mm,
  height: mm,
});
const issuedSchema = issuedCodePagesSchema;
const errors = {
  400: failureSchema,
  401: failureSchema,
  403: failureSchema,
  409: failureSchema,
  503: failureSchema,
};
const printErrors = { ...errors, 429: failureSchema };

/** The answer items for issued pages. */
export function issuedItems(publicUrl: string, pages: readonly PageAddress[]): z.infer<typeof issuedSchema> {
  return pages.map((p) => ({
    s: p.section,
    o: p.owner,
    b: p.book,
    p: p.page,
    url: `${publicUrl}/${codeFilePath(p)}`,
  }));
}

async function issue(
  app: App,
  issuer: CodeIssuer,
  query: z.infer<typeof codeQuery>,
  who: { accountId: string | null; clientId: string },
  dailyLimit?: number,
): Promise<z.infer<typeof issuedSchema>> {
  const nowMs = app.services.clock.nowMs();
  try {
    const pages = await issuer.issue({
      qty: query.qty,
      widthMm: query.width,
      heightMm: query.height,
      ...who,
      issuedAt: new Date(nowMs),
      ...(dailyLimit !== undefined
        ? { dailyLimit: { pages: dailyLimit, since: new Date(Math.floor(nowMs / DAY_MS) * DAY_MS) } }
        : {}),
    });
    return issuedItems(app.services.config.publicUrl, pages);
  } catch (error) {
    if (error instanceof CodeSpaceExhausted) throw new ApiError(409, error.message);
    if (error instanceof DailyLimitReached) throw new ApiError(429, error.message);
    throw error;
  }
}

function deny(reply: FastifyReply, status: 401 | 403, error: string | undefined, message: string) {
  const auth = error ? `Bearer realm="dotink", error="${error}"` : 'Bearer realm="dotink"';
  return sendFailure(reply.header('www-authenticate', auth), status, message);
}

/** A preHandler accepting a client-credentials token; sets the client id on the request. */
function requireAppCredentials(app: App, appClients: WeakMap<FastifyRequest, string>) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const value = bearerToken(request.headers.authorization);
    if (!value) return deny(reply, 401, undefined, 'Unauthorized');
    const { provider } = app.services;
    const token = await provider.ClientCredentials.find(value);
    const clientId = token?.clientId;
    if (!token || token.isExpired || !clientId) return deny(reply, 401, 'invalid_token', 'Unauthorized');
    const client = await provider.Client.find(clientId);
    if (!client?.grantTypeAllowed('client_credentials'))
      return deny(reply, 403, undefined, CodeMessage.clientNotAllowed);
    appClients.set(request, clientId);
  };
}

export const codeRoutes: AppPlugin = async (app) => {
  const vendor = new VendorData(vendorDataDir(app.services.config));
  const appClients = new WeakMap<FastifyRequest, string>();
  const installed = await installedCodePages(vendorDataDir(app.services.config));
  const issuer = new CodeIssuer(app.services.db, installed);
  /** No code page installed: printing with the pattern is off, no code is handed out. */
  const notSetUp = (reply: FastifyReply) =>
    installed.length === 0 ? sendFailure(reply, 503, CodeMessage.notSetUp) : undefined;

  app.get(
    '/edu/v1/paper/ncode',
    {
      preHandler: app.requireAuth(Scope.eduRead),
      schema: {
        tags: ['paper'],
        summary: 'Reserve consecutive Ncode code pages for printing',
        security: [{ bearer: [] }],
        querystring: codeQuery,
        response: { 200: issuedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { account, clientId } = authOf(request);
      if (account.kind !== 'teacher') throw forbidden(CodeMessage.notTeacher);
      return notSetUp(reply) ?? issue(app, issuer, request.query, { accountId: account.id, clientId });
    },
  );

  app.get(
    '/board/v1/paper/ncode',
    {
      preHandler: app.requireAuth(Scope.print),
      schema: {
        tags: ['paper'],
        summary: "Reserve code pages for the signed-in account's own prints (daily quota)",
        security: [{ bearer: [] }],
        querystring: codeQuery,
        response: { 200: issuedSchema, ...printErrors },
      },
    },
    async (request, reply) => {
      const { account, clientId } = authOf(request);
      return (
        notSetUp(reply) ??
        issue(
          app,
          issuer,
          request.query,
          { accountId: account.id, clientId },
          app.services.config.printCodesPerDay,
        )
      );
    },
  );

  app.get(
    '/paperhub/v1/paper/ncode',
    {
      preHandler: requireAppCredentials(app, appClients),
      schema: {
        tags: ['paper'],
        summary: 'Reserve code pages with app credentials (client-credentials token)',
        security: [{ bearer: [] }],
        querystring: codeQuery,
        response: { 200: issuedSchema, ...errors },
      },
    },
    async (request, reply) =>
      notSetUp(reply) ??
      issue(app, issuer, request.query, { accountId: null, clientId: appClients.get(request)! }),
  );

  const code = wholeNumberText(0, INT32_MAX);
  app.get(
    '/edu/v1/paper/ncode_image',
    {
      preHandler: app.requireAuth(Scope.eduRead),
      schema: {
        tags: ['paper'],
        summary: "A code page's symbols as text, cut to the paper (the print code image)",
        security: [{ bearer: [] }],
        querystring: z.object({ section: code, owner: code, book: code, page: code, width: mm, height: mm }),
      },
    },
    async (request, reply) => {
      const q = request.query;
      const page = pageAddress(q.section, q.owner, q.book, q.page);
      try {
        const gz = await vendor.requireCodeFile(page);
        const text = await codeImageText(gz, q.width, q.height, vendor.codeFileName(page));
        return reply.type('text/plain; charset=us-ascii').send(text);
      } catch (error) {
        if (error instanceof VendorDataMissing) return sendFailure(reply, 404, error.message);
        if (error instanceof CodePageError)
          return sendFailure(reply, 500, `Unusable code page: ${error.message}`);
        throw error;
      }
    },
  );
};
