import { FILE_STORE_UNAVAILABLE } from '@dotink/contracts/answer';
import { describe, expect, it } from 'vitest';
import { classroomText, type T } from '../i18n/text';
import { errorText } from '../lib/services';
import { ApiError } from './client';
import { UploadCancelled, uploadMaterialAttachments } from './materials';

/** A stand-in XMLHttpRequest the test drives by hand. */
class FakeXhr {
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } =
    {
      onprogress: null,
    };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  opened: [string, string] | undefined;
  headers: Record<string, string> = {};
  body: FormData | undefined;
  open(method: string, url: string) {
    this.opened = [method, url];
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, json: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(json);
    this.onload?.();
  }
}

const form = {
  section: 3,
  owner: 27,
  book: 900,
  pageStart: 11,
  pageEnd: 13,
  curriculumId: 2,
  textbookId: 5,
  pdfFile: { blob: new Blob(['%PDF']), name: 'a.pdf' },
};

const start = (signal?: AbortSignal) => {
  const xhr = new FakeXhr();
  const progress: number[] = [];
  const result = uploadMaterialAttachments(form, {
    serverUrl: 'http://s',
    accessToken: async () => 'tok',
    onProgress: (sent, total) => progress.push(sent / total),
    xhr: () => xhr as unknown as XMLHttpRequest,
    ...(signal ? { signal } : {}),
  });
  return { xhr, progress, result };
};
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('the attachment upload (classroom.md §7 multipart)', () => {
  it('sends the form fields and files with the token, reports progress, answers the material', async () => {
    const { xhr, progress, result } = start();
    await tick();
    expect(xhr.opened).toEqual(['POST', 'http://s/edu/v1/curriculum/2/textbook/5/attachment']);
    expect(xhr.headers.authorization).toBe('Bearer tok');
    expect(xhr.body?.get('pageEnd')).toBe('13');
    expect(xhr.body?.get('textbookId')).toBe('5');
    expect((xhr.body!.get('pdfFile') as File).name).toBe('a.pdf');
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
    xhr.answer(400, { ok: false, message: 'too many pages (501)', data: null });
    const e = await result.catch((error: unknown) => error);
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).serverMessage).toBe('too many pages (501)');
    expect(progress).toEqual([0.5]);
  });

  it('rejects with UploadCancelled when its signal aborts', async () => {
    const controller = new AbortController();
    const { result } = start(controller.signal);
    await tick();
    controller.abort();
    await expect(result).rejects.toBeInstanceOf(UploadCancelled);
  });

  it('a 5xx without a message gives the status text of §8', async () => {
    const { xhr, result } = start();
    await tick();
    xhr.statusText = 'Bad Gateway';
    xhr.status = 502;
    xhr.responseText = '<html>';
    xhr.onload?.();
    const e = (await result.catch((error: unknown) => error)) as ApiError;
    expect([e.status, e.key, e.params]).toEqual([502, 'error.status', { code: 502, text: 'Bad Gateway' }]);
  });

  it('the store down (503): the server’s message in the user’s language, nothing registered', async () => {
    const { xhr, result } = start();
    await tick();
    xhr.answer(503, { ok: false, message: FILE_STORE_UNAVAILABLE, data: null });
    const e = (await result.catch((error: unknown) => error)) as ApiError;
    expect([e.status, e.key, e.serverMessage]).toEqual([
      503,
      'error.storeUnavailable',
      FILE_STORE_UNAVAILABLE,
    ]);
    const ko: T = (key, params) => classroomText('ko', key, params);
    expect(errorText(ko, e)).toBe(
      '파일 저장소에 연결할 수 없습니다. 아무것도 저장되지 않았습니다. 잠시 후 다시 시도하세요.',
    );
  });
});

describe("the attachment upload on a 401 (the call layer's rule: logout → login)", () => {
  it('runs the session handler, then fails as the sign-in failure', async () => {
    const xhr = new FakeXhr();
    let unauthorized = 0;
    const result = uploadMaterialAttachments(form, {
      serverUrl: 'http://s',
      accessToken: async () => 'tok',
      onUnauthorized: () => void unauthorized++,
      xhr: () => xhr as unknown as XMLHttpRequest,
    });
    await tick();
    xhr.answer(401, {});
    await expect(result).rejects.toMatchObject({ status: 401, key: 'login.failed' });
    expect(unauthorized).toBe(1);
  });
});
