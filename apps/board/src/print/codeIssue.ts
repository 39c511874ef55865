/**
 * Asking the server for Ncode codes (engine spec §7): `GET /board/v1/paper/ncode` (the signed-in
 * account's own prints, scope `print`, any account; the classroom's teachers have
 * `/edu/v1/paper/ncode`) with `qty` (pages),
 * `width` and `height` (the paper in mm, rounded, plus 20), `Accept: application/json` and a bearer
 * token. The answer is a list of `{s, o, b, p, url}`.
 *
 * Failure (engine spec §8): a non-ok answer gives an alert made of the status, then `(error)`, then
 * the body's `error_description` if present, then `message: ` and the body's `message` if present.
 * A thrown exception (no network) is only warned in the console and reported with status −1; the
 * print flow then says the server could not be reached. The browser negotiates gzip itself
 * (`Accept-Encoding` is a header scripts may not set).
 */
import {
  codeRequestQuery,
  type IssuedCode,
  type PaperName,
  paperSizeByName,
  readIssuedCodes,
} from '@dotink/ncode';

/** The path of the code-issue call. */
export const CODE_ISSUE_PATH = '/board/v1/paper/ncode';

/** The server answers this when it has no code data (printing with the pattern is not set up). */
export const CODES_NOT_SET_UP_STATUS = 503;
/** The server answers this when the account's daily quota of code pages is used up. */
export const CODES_DAILY_LIMIT_STATUS = 429;

/** The result of a code request. */
export type CodeIssueResult =
  | { readonly ok: true; readonly codes: readonly IssuedCode[] }
  | {
      readonly ok: false;
      /** The HTTP status, or −1 when the call threw. */
      readonly status: number;
      /** The alert text (absent when the call threw: that is only warned). */
      readonly alert?: string;
    };

/** What a code request needs. */
export interface CodeIssueRequest {
  /** The server's origin (and base path), e.g. `https://dotink.example` ('' = same origin). */
  readonly serverUrl: string;
  readonly accessToken: string;
  readonly qty: number;
  readonly paper: PaperName;
  readonly fetch?: typeof fetch;
  /** Where the thrown-exception warning goes (default `console.warn`). */
  readonly warn?: (message: string, error: unknown) => void;
}

/**
 * The alert of a failed code request: `{status} (error) {error_description} message: {message}`,
 * each of the last two only when the body has it.
 */
export function codeIssueAlert(status: number, body: unknown): string {
  const b = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const parts = [String(status), '(error)'];
  const description = b.error_description;
  if (description !== undefined && description !== null && description !== '')
    parts.push(String(description));
  const message = b.message;
  if (message !== undefined && message !== null && message !== '') parts.push(`message: ${String(message)}`);
  return parts.join(' ');
}

/** The URL of a code request for `qty` pages of `paper`. */
export function codeIssueUrl(serverUrl: string, qty: number, paper: PaperName): string {
  const size = paperSizeByName(paper);
  if (!size) throw new RangeError(`unknown paper size: ${paper}`);
  const q = codeRequestQuery(qty, size.widthMm, size.heightMm);
  const query = new URLSearchParams({ qty: String(q.qty), width: String(q.width), height: String(q.height) });
  return `${serverUrl.replace(/\/+$/, '')}${CODE_ISSUE_PATH}?${query}`;
}

/** Resolves a code-file URL of the answer against the server (answers may give relative paths). */
export function resolveCodeUrl(serverUrl: string, url: string, base?: string): string {
  if (url === '') return url;
  try {
    return new URL(url, new URL(`${serverUrl.replace(/\/+$/, '')}/`, base ?? globalThis.location?.href)).href;
  } catch {
    return url;
  }
}

/** Asks the server for `qty` code pages. */
export async function requestCodes(request: CodeIssueRequest): Promise<CodeIssueResult> {
  const doFetch = request.fetch ?? globalThis.fetch.bind(globalThis);
  let res: Response;
  try {
    res = await doFetch(codeIssueUrl(request.serverUrl, request.qty, request.paper), {
      method: 'GET',
      headers: { Accept: 'application/json', Authorization: `Bearer ${request.accessToken}` },
    });
  } catch (e) {
    (request.warn ?? ((m, err) => console.warn(m, err)))('Ncode code request failed', e);
    return { ok: false, status: -1 };
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    body = undefined;
  }
  if (!res.ok) return { ok: false, status: res.status, alert: codeIssueAlert(res.status, body) };
  try {
    const codes = readIssuedCodes(body);
    if (codes.length !== request.qty) {
      return {
        ok: false,
        status: res.status,
        alert: codeIssueAlert(res.status, {
          message: `expected ${request.qty} codes, got ${codes.length}`,
        }),
      };
    }
    return { ok: true, codes };
  } catch (e) {
    return {
      ok: false,
      status: res.status,
      alert: codeIssueAlert(res.status, { message: e instanceof Error ? e.message : String(e) }),
    };
  }
}
