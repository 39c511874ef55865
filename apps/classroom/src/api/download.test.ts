import { describe, expect, it } from 'vitest';
import { type ApiDeps, createDownload, createFileGet } from './client';
import { downloadMaterialPdf } from './materialPrint';

function deps(answer: (url: string, init: RequestInit) => Response, token: string | null = 'tok') {
  const seen: { url: string; authorization: string | undefined }[] = [];
  let unauthorized = 0;
  const download = createDownload({
    serverUrl: 'https://school.example',
    fetch: (async (url: URL | string, init: RequestInit = {}) => {
      seen.push({ url: String(url), authorization: (init.headers as Record<string, string>).authorization });
      return answer(String(url), init);
    }) as typeof fetch,
    accessToken: async () => token ?? undefined,
    onUnauthorized: () => void unauthorized++,
  });
  return { download, seen, unauthorized: () => unauthorized };
}

describe("downloading a file the API points at (a material's downloadUri)", () => {
  it('sends the bearer token to the server-relative address and answers the bytes', async () => {
    const d = deps(() => new Response(new Uint8Array([37, 80, 68, 70])));
    expect(await d.download('/edu/v1/curriculum/1/textbook/2/attachment/pdf')).toEqual(
      new Uint8Array([37, 80, 68, 70]),
    );
    expect(d.seen).toEqual([
      {
        url: 'https://school.example/edu/v1/curriculum/1/textbook/2/attachment/pdf',
        authorization: 'Bearer tok',
      },
    ]);
  });

  it('a 401 signs out and fails as the sign-in failure; signed out, nothing is sent', async () => {
    const d = deps(() => new Response('{}', { status: 401 }));
    await expect(d.download('/f')).rejects.toMatchObject({ status: 401, key: 'login.failed' });
    expect(d.unauthorized()).toBe(1);
    const out = deps(() => new Response(''), null);
    await expect(out.download('/f')).rejects.toMatchObject({ status: 401, key: 'login.failed' });
    expect(out.seen).toEqual([]);
  });

  it("a refusal or an outage reads as the §8 messages, and no answer as 'error.network'", async () => {
    const gone = deps(() => new Response(JSON.stringify({ message: 'not found' }), { status: 404 }));
    await expect(gone.download('/f')).rejects.toMatchObject({ status: 404, key: 'error.refused' });
    const down = deps(() => new Response('', { status: 503, statusText: 'Service Unavailable' }));
    await expect(down.download('/f')).rejects.toMatchObject({ status: 503, key: 'error.status' });
    const offline = deps(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(offline.download('/f')).rejects.toMatchObject({ status: 0, key: 'error.network' });
  });
});

describe("a POD material's PDF for printing (issue 28 item 12: through the call layer)", () => {
  function getter(answer: () => Response, token: string | null = 'tok') {
    const sent: (string | undefined)[] = [];
    let unauthorized = 0;
    const deps: ApiDeps = {
      serverUrl: 'https://school.example',
      fetch: (async (_url: URL | string, init: RequestInit = {}) => {
        sent.push((init.headers as Record<string, string>).authorization);
        return answer();
      }) as typeof fetch,
      accessToken: async () => token ?? undefined,
      onUnauthorized: () => void unauthorized++,
    };
    return { get: createFileGet(deps), sent, unauthorized: () => unauthorized };
  }

  it('carries the bearer token and answers the PDF', async () => {
    const g = getter(() => new Response('%PDF-1.7 x'));
    expect((await downloadMaterialPdf(g.get, '/files/a.pdf')).length).toBe(10);
    expect(g.sent).toEqual(['Bearer tok']);
  });

  it('a 401 signs out (never an attachment code), an outage is 1001', async () => {
    const g = getter(() => new Response('{}', { status: 401 }));
    await expect(downloadMaterialPdf(g.get, '/files/a.pdf')).rejects.toMatchObject({
      status: 401,
      key: 'login.failed',
    });
    expect(g.unauthorized()).toBe(1);
    const offline = getter(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(downloadMaterialPdf(offline.get, '/files/a.pdf')).rejects.toMatchObject({ code: 1001 });
  });
});
