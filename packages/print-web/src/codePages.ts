/**
 * Fetching code pages (`.code.gz`) for printing (engine spec §7): from the URL the code-issue answer
 * gave, else from the server's `ncode_data/s{s}-o{o}-b{b}/s{s}-o{o}-b{b}-p{p}.code.gz`. Up to 3
 * tries, with a timestamp query from the second on (past caches); `undefined` when all fail, which
 * makes the print job answer its clear "code page is missing" error. Results are cached per page.
 */
import { type PageAddress, pageId } from '@dotink/ncode';
import { codePageUrlPath } from '@dotink/print';

/** Tries per code page. */
export const CODE_PAGE_TRIES = 3;

/** What the loader needs. */
export interface CodePageLoaderOptions {
  /** The server's origin (and base path); '' = the page's origin. */
  readonly serverUrl: string;
  /** Code-file URLs given by the code-issue answer, by page id. */
  readonly urls?: Readonly<Record<string, string>>;
  readonly fetch?: typeof fetch;
  /** The timestamp of retry queries (default `Date.now`). */
  readonly nowMs?: () => number;
}

/** Loads a code page's `.code.gz` bytes; `undefined` when it cannot be fetched. */
export type CodePageLoader = (address: PageAddress) => Promise<Uint8Array | undefined>;

/** The URL a code page is fetched from. */
export function codePageUrl(
  serverUrl: string,
  address: PageAddress,
  urls?: Readonly<Record<string, string>>,
): string {
  const given = urls?.[pageId(address)];
  if (given) return given;
  return `${serverUrl.replace(/\/+$/, '')}/${codePageUrlPath(address)}`;
}

/** A cached, retrying code page loader. */
export function codePageLoader(options: CodePageLoaderOptions): CodePageLoader {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const now = options.nowMs ?? (() => Date.now());
  const cache = new Map<string, Promise<Uint8Array | undefined>>();
  const load = async (address: PageAddress): Promise<Uint8Array | undefined> => {
    const url = codePageUrl(options.serverUrl, address, options.urls);
    for (let attempt = 0; attempt < CODE_PAGE_TRIES; attempt++) {
      const target = attempt === 0 ? url : `${url}${url.includes('?') ? '&' : '?'}t=${now()}`;
      try {
        const res = await doFetch(target);
        if (res.ok) return new Uint8Array(await res.arrayBuffer());
      } catch {
        // try again
      }
    }
    return undefined;
  };
  return (address) => {
    const key = pageId(address);
    let p = cache.get(key);
    if (!p) {
      p = load(address);
      cache.set(key, p);
      // a failure is not kept: the next print tries again
      p.then((bytes) => {
        if (!bytes) cache.delete(key);
      });
    }
    return p;
  };
}
