/**
 * A minimal browser for tests: keeps cookies per origin (with paths), sends requests to the
 * server under test through `inject` and to any other origin (a second OIDC provider) through
 * fetch, and follows redirects when asked.
 */
import type { App } from '../src/platform/types';

interface Cookie {
  value: string;
  path: string;
}

export interface BrowserResponse {
  readonly status: number;
  readonly url: string;
  readonly location: string | undefined;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: string;
}

export interface RequestOptions {
  readonly method?: 'GET' | 'POST';
  readonly form?: Record<string, string>;
  readonly headers?: Record<string, string>;
  /** A raw body (instead of `form`), sent with `contentType`. */
  readonly body?: string | Buffer;
  readonly contentType?: string;
}

function parseSetCookie(line: string): { name: string; value: string; path: string; expired: boolean } {
  const [pair, ...attrs] = line.split(';');
  const eq = pair!.indexOf('=');
  const name = pair!.slice(0, eq).trim();
  const value = pair!.slice(eq + 1).trim();
  let path = '/';
  let expired = false;
  for (const a of attrs) {
    const [k, v = ''] = a.trim().split('=');
    const key = k!.toLowerCase();
    if (key === 'path') path = v;
    if (key === 'max-age' && Number(v) <= 0) expired = true;
    if (key === 'expires' && Date.parse(v) < Date.now()) expired = true;
  }
  return { name, value, path, expired };
}

export class TestBrowser {
  private readonly jar = new Map<string, Map<string, Cookie>>();

  constructor(
    /** The app answering `appOrigin` through inject; undefined: every request is real HTTP. */
    private readonly app: App | undefined,
    /** The server's public origin: requests there go through inject (with `app`). */
    private readonly appOrigin: string,
  ) {}

  private cookieHeader(url: URL): string | undefined {
    const cookies = this.jar.get(url.origin);
    if (!cookies) return undefined;
    const parts: string[] = [];
    for (const [name, c] of cookies) {
      const p = c.path.endsWith('/') ? c.path : `${c.path}/`;
      if (url.pathname === c.path || url.pathname.startsWith(p) || c.path === '/')
        parts.push(`${name}=${c.value}`);
    }
    return parts.length > 0 ? parts.join('; ') : undefined;
  }

  private store(url: URL, setCookie: string[]): void {
    let cookies = this.jar.get(url.origin);
    if (!cookies) {
      cookies = new Map();
      this.jar.set(url.origin, cookies);
    }
    for (const line of setCookie) {
      const c = parseSetCookie(line);
      if (c.expired || c.value === '') cookies.delete(c.name);
      else cookies.set(c.name, { value: c.value, path: c.path });
    }
  }

  /** One request, no redirect following. `url` may be relative to the server. */
  async request(target: string, options: RequestOptions = {}): Promise<BrowserResponse> {
    const url = new URL(target, this.appOrigin);
    const method = options.method ?? (options.form || options.body !== undefined ? 'POST' : 'GET');
    const headers: Record<string, string> = { ...options.headers };
    const cookie = this.cookieHeader(url);
    if (cookie) headers.cookie = cookie;
    const body = options.form ? new URLSearchParams(options.form).toString() : options.body;
    if (options.form) headers['content-type'] = 'application/x-www-form-urlencoded';
    else if (options.contentType) headers['content-type'] = options.contentType;

    if (this.app && url.origin === this.appOrigin) {
      const res = await this.app.inject({
        method,
        url: url.pathname + url.search,
        headers: { host: url.host, ...headers },
        ...(body !== undefined ? { payload: body } : {}),
      });
      const setCookie = res.headers['set-cookie'];
      this.store(url, setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie]);
      const location = res.headers.location;
      return {
        status: res.statusCode,
        url: url.href,
        location: typeof location === 'string' ? new URL(location, url).href : undefined,
        headers: res.headers as BrowserResponse['headers'],
        body: res.body,
      };
    }
    const res = await fetch(url, {
      method,
      headers,
      redirect: 'manual',
      ...(body !== undefined ? { body: typeof body === 'string' ? body : new Uint8Array(body) } : {}),
    });
    this.store(url, res.headers.getSetCookie());
    const location = res.headers.get('location');
    return {
      status: res.status,
      url: url.href,
      location: location ? new URL(location, url).href : undefined,
      headers: Object.fromEntries(res.headers.entries()),
      body: await res.text(),
    };
  }

  /**
   * Follows redirects from `first` until a response is not a redirect or its target starts
   * with `stopAt` (the client's redirect URI, which no server here answers).
   */
  async follow(first: BrowserResponse, stopAt?: string, maxHops = 20): Promise<BrowserResponse> {
    let res = first;
    for (let hop = 0; hop < maxHops; hop++) {
      if (res.status < 300 || res.status >= 400 || !res.location) return res;
      if (stopAt && res.location.startsWith(stopAt)) return res;
      res = await this.request(res.location);
    }
    throw new Error('too many redirects');
  }
}

/** The value of a query parameter of an absolute URL. */
export function queryParam(url: string | undefined, name: string): string | null {
  return url ? new URL(url).searchParams.get(name) : null;
}
