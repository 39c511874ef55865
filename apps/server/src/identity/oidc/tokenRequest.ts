/**
 * Normalises a POST to the token endpoint before oidc-provider sees it, so the request forms of
 * classroom.md §7 all work:
 * - parameters in the query string (the student login sends them there) join the form body;
 * - client credentials given both as HTTP basic auth and in the body (as the classroom app
 *   does) are accepted when they agree, and carried in the body (`client_secret_post`);
 * - a public client (no secret) may still send a `client_secret` (the classroom app keeps one):
 *   it is dropped, since a public client has nothing to check it against.
 * The request is replayed as a fresh IncomingMessage with the rewritten form body.
 */
import { IncomingMessage } from 'node:http';

const FORM = 'application/x-www-form-urlencoded';
/** oidc-provider's own body limit. */
const BODY_LIMIT = 56 * 1024;

/** The body of `req` as text; throws when it is longer than oidc-provider's limit. */
export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buf.length;
    if (size > BODY_LIMIT) throw new Error('request entity too large');
    chunks.push(buf);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const formDecode = (s: string) => decodeURIComponent(s.replace(/\+/g, '%20'));

/** Client id and secret of an `Authorization: Basic` header (RFC 6749 §2.3.1), if well formed. */
export function parseBasicAuth(header: string | undefined): { id: string; secret: string } | undefined {
  const m = /^basic\s+([A-Za-z0-9+/=._~-]+)\s*$/i.exec(header ?? '');
  if (!m) return undefined;
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  try {
    return { id: formDecode(decoded.slice(0, colon)), secret: formDecode(decoded.slice(colon + 1)) };
  } catch {
    return undefined;
  }
}

/** True when the request's body is a form (or has no content type, as some clients send). */
export function isFormRequest(req: IncomingMessage): boolean {
  const contentType = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  return contentType === '' || contentType === FORM;
}

/**
 * Answers the request oidc-provider should handle: the original one when its body is not a form
 * (the provider then rejects it), else a replay with the merged, normalised form.
 */
export async function normalizeTokenRequest(
  req: IncomingMessage,
  publicClientIds: ReadonlySet<string>,
): Promise<IncomingMessage> {
  if (!isFormRequest(req)) return req;
  return normalizeTokenForm(req, new URLSearchParams(await readBody(req)), publicClientIds);
}

/**
 * Answers the token request oidc-provider should handle, given its form already read
 * (`form`): a replay with the query string merged in and the client credentials normalised.
 */
export function normalizeTokenForm(
  req: IncomingMessage,
  form: URLSearchParams,
  publicClientIds: ReadonlySet<string>,
): IncomingMessage {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const params = new URLSearchParams(form);
  for (const [k, v] of url.searchParams) if (!params.has(k)) params.append(k, v);

  const headers = { ...req.headers };
  const basic = parseBasicAuth(req.headers.authorization);
  if (basic) {
    const bodyId = params.get('client_id');
    const bodySecret = params.get('client_secret');
    const agree =
      (bodyId === null || bodyId === basic.id) && (bodySecret === null || bodySecret === basic.secret);
    if (agree) {
      params.set('client_id', basic.id);
      params.set('client_secret', basic.secret);
      delete headers.authorization;
    }
  }
  const clientId = params.get('client_id');
  if (clientId !== null && publicClientIds.has(clientId) && headers.authorization === undefined) {
    params.delete('client_secret');
  }

  return replayForm(req, params, headers, url.pathname);
}

/** A fresh IncomingMessage carrying `params` as its form body (the original one is read). */
export function replayForm(
  req: IncomingMessage,
  params: URLSearchParams,
  headers: IncomingMessage['headers'] = { ...req.headers },
  url: string = req.url ?? '/',
): IncomingMessage {
  const body = Buffer.from(params.toString(), 'utf8');
  const replay = new IncomingMessage(req.socket);
  replay.method = req.method;
  replay.url = url;
  replay.httpVersion = req.httpVersion;
  replay.httpVersionMajor = req.httpVersionMajor;
  replay.httpVersionMinor = req.httpVersionMinor;
  const replayHeaders = { ...headers, 'content-type': FORM, 'content-length': String(body.length) };
  delete replayHeaders['transfer-encoding'];
  replay.headers = replayHeaders;
  // Complete, so that ending it never aborts (and destroys) the shared socket.
  replay.complete = true;
  replay.push(body);
  replay.push(null);
  return replay;
}
