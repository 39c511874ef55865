/**
 * The errors of board.md §8 in a second language (Korean; the journey test has English), the
 * other languages' screens, German falling back to English, and the board opening offline
 * through its service worker.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardPage } from './support/boardPage';
import { type BoardTest, startBoardTest } from './support/boardTest';
import { encryptPdf, textPdf } from './support/fixtures';

const tmp = mkdtempSync(join(tmpdir(), 'board-lang-'));
let env: BoardTest;

async function open(query: string, viewport = { width: 1366, height: 860 }): Promise<BoardPage> {
  return env.open(query, { viewport });
}

beforeAll(async () => {
  env = await startBoardTest();
}, 120_000);

afterAll(async () => {
  await env?.close();
  rmSync(tmp, { recursive: true, force: true });
});

describe.sequential('board languages and offline', () => {
  it('shows every board.md §8 error in Korean', async () => {
    const b = await open('lang=ko');
    await b.testId('notice-dialog').waitFor();
    expect(await b.testId('notice-dialog').textContent()).toContain('하루 동안 보지 않기');
    await b.testId('notice-close').click();
    await b.testId('new-board').click();
    expect(await b.testId('empty-board').textContent()).toBe('PDF를 등록하거나 펜으로 페이지를 만드세요');
    await b.shot('20-ko-empty-board');

    const pdf = await textPdf(['Hangul page']);
    await b.importFile('pdf', 'a.pdf', pdf, 'application/pdf');
    await b.waitFor(async () => (await b.pageCount()) === 1, 'the PDF page');
    await b.importFile('pdf', 'b.pdf', pdf, 'application/pdf');
    expect(await b.takeMessage()).toBe('이미 등록된 PDF가 있습니다');
    await b.importFile('pdf', 'c.docx', new Uint8Array([0x50, 0x4b, 3, 4]));
    expect(await b.takeMessage()).toBe('가져올 수 없는 형식의 파일입니다.');
    await b.testId('import-pdf-input').evaluate((el) => el.dispatchEvent(new Event('cancel')));
    expect(await b.takeMessage()).toBe('가져오기가 취소되었습니다.');

    await b.importFile(
      'pdf',
      'locked.pdf',
      encryptPdf(await textPdf(['Locked']), tmp, 'pw1'),
      'application/pdf',
    );
    await b.testId('pdf-password-dialog').waitFor();
    expect(await b.messageText()).toBe('암호로 보호된 파일입니다. 암호를 입력해 주세요.');
    await b.testId('pdf-password').fill('nope');
    await b.testId('pdf-password-ok').click();
    await b.waitFor(
      async () => (await b.messageText()) === '암호가 틀렸습니다. 다시 시도해 주세요.',
      'the wrong password',
    );
    await b.shot('21-ko-pdf-password');
    await b.testId('pdf-password-cancel').click();
    expect(await b.takeMessage()).toBe('가져오기가 취소되었습니다.');

    await b.installPen({ available: false });
    await b.testId('connect-pen').click();
    expect(await b.takeMessage()).toBe(
      '이 기기에서 블루투스 기능을 사용할 수 없어 스마트펜을 연결할 수 없습니다. 블루투스 동글을 설치한 뒤 다시 시도해 주세요.',
    );
    await b.installPen({ password: '4321' });
    await b.testId('connect-pen').click();
    for (const n of [1, 2]) {
      await b.testId('pen-password-dialog').waitFor();
      await b.testId('pen-password').fill('1111');
      await b.testId('pen-password-ok').click();
      await b.waitFor(
        async () =>
          (await b.testId('message-text').count()) > 0 &&
          (await b.messageText()) ===
            `비밀번호를 ${n}회 잘못 입력했습니다. 10회 잘못 입력하면 필기 데이터가 초기화됩니다.`,
        `wrong pen password ${n}`,
      );
    }
    await b.shot('22-ko-pen-password');
    await b.testId('pen-password').fill('4321');
    await b.testId('pen-password-ok').click();
    await b.waitFor(async () => (await b.testId('pen-count').textContent()) === '펜 1개 연결됨', 'the pen');

    await b.menu('save-menu', 'grida');
    await b.testId('save-title').fill('.숨김');
    await b.testId('save-confirm').click();
    expect(await b.testId('save-problem').textContent()).toBe('파일 이름은 점(.)으로 시작할 수 없습니다.');
    await b.testId('save-title').fill('노트?');
    await b.testId('save-confirm').click();
    expect(await b.testId('save-problem').textContent()).toBe(
      '파일 이름에는 한글, 영문, 한자, 일본어, 숫자와 기호 + - _ 및 점(.)만 사용할 수 있습니다.',
    );
    await b.page.keyboard.press('Escape');
    await b.write([
      {
        page: '3.27.168.1',
        points: [
          [15, 20],
          [60, 30],
          [30, 60],
        ],
      },
    ]);
    await b.waitFor(async () => (await b.pageCount()) === 2, 'the Ncode page');
    await b.shot('23-ko-editor');
    expect(b.errors).toEqual([]);
    await b.page.context().close();
  });

  it('Japanese and Traditional Chinese screens; German falls back to English', async () => {
    const ja = await open('lang=ja&notice=0');
    expect(await ja.testId('connect-pen').textContent()).toBe('ペンを接続');
    await ja.testId('new-board').click();
    expect(await ja.testId('empty-board').textContent()).toBe(
      'PDFを登録するか、ペンでページを作成してください',
    );
    await ja.testId('help').click();
    await ja.testId('help-start').click();
    await ja.shot('24-ja-help');
    await ja.page.context().close();

    const zh = await open('lang=zh-TW&notice=0');
    expect(await zh.testId('filter-trash').textContent()).toBe('垃圾桶');
    await zh.testId('new-board').click();
    expect(await zh.testId('empty-board').textContent()).toBe('請登錄 PDF，或用筆建立頁面');
    await zh.shot('25-zh-TW-board');
    await zh.page.context().close();

    const de = await open('lang=de');
    expect(await de.testId('notice-close').textContent()).toBe('Close');
    await de.page.context().close();

    // a German or Spanish browser: English throughout, marked and offered as English
    for (const locale of ['de-DE', 'es-ES']) {
      const b = await env.open('notice=0', { locale, viewport: { width: 1366, height: 860 } });
      expect(await b.page.evaluate(() => navigator.language)).toBe(locale);
      expect(await b.testId('connect-pen').textContent()).toBe('Connect pen');
      expect(await b.page.evaluate(() => document.documentElement.lang)).toBe('en');
      expect(await b.testId('language').inputValue()).toBe('en');
      expect(
        await b.testId('language').evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.textContent),
      ).toBe('English');
      expect(b.errors).toEqual([]);
      await b.page.context().close();
    }
  });

  it('imports a GridaBoard legacy .grida: its PDF, pages and ink', async () => {
    const b = await open('lang=en&notice=0');
    const pdf = await textPdf(['Legacy page one', 'Legacy page two']);
    let raw = 'undefined';
    for (const byte of pdf) raw += String.fromCharCode(byte);
    const h = {
      a: 6.72,
      b: 0,
      c: 0,
      d: 0,
      e: 6.72,
      f: 0,
      g: 0,
      h: 0,
      i: 1,
      tx: 0,
      ty: 0,
      type: 'homography',
    };
    const dots = Array.from({ length: 20 }, (_, i) => ({
      dotType: 2,
      deltaTime: 10,
      time: 1_600_000_000_000 + i * 10,
      f: 500,
      x: 15 + i * 2,
      y: 30 + (i % 4),
    }));
    const legacy = {
      pdf: {
        pdfInfo: {
          pageInfos: [
            { section: 3, owner: 27, book: 1068, page: 1 },
            { section: 3, owner: 27, book: 1068, page: 2 },
          ],
          basePageInfos: [
            { section: 256, owner: 27, book: 1068, page: 1 },
            { section: 256, owner: 27, book: 1068, page: 2 },
          ],
          rawData: raw,
        },
      },
      stroke: [
        [],
        [
          {
            section: 3,
            owner: 27,
            book: 1068,
            page: 1,
            key: 'legacy-1',
            mac: 'aa',
            startTime: 1_600_000_000_000,
            brushType: 0,
            thickness: 0.2,
            color: 'rgb(0,0,255)',
            status: 0,
            h,
            h_origin: h,
            dotCount: dots.length,
            dotArray: dots,
          },
        ],
      ],
      gridaInfo: { gridaDate: '2021-06-06T00:00:00.000Z', id: 'asdf', pwd: 'qwer' },
    };
    await b.importFile('grida', 'old board.grida', new TextEncoder().encode(JSON.stringify(legacy)));
    await b.waitFor(async () => (await b.pageCount()) === 2, 'the legacy pages');
    expect(await b.testId('board-title').textContent()).toBe('old board');
    const strokes = await b.strokes();
    expect(strokes.map((s) => [s.key, s.page, s.color, s.dots])).toEqual([
      ['legacy-1', '3.27.1068.1', 0xff0000ff, 20],
    ]);
    await b.waitFor(async () => (await b.inkPixels()).any > 100, 'the legacy ink');
    await b.waitFor(async () => (await b.documentPixels()) > 100, 'the legacy PDF page');
    await b.shot('27-legacy-grida');
    expect(b.errors).toEqual([]);
    await b.page.context().close();
  });

  it('opens offline once the service worker has cached it; installable manifest', async () => {
    const b = await open('lang=en&notice=0');
    const manifest = await b.page.evaluate(async () => {
      const href = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')!.href;
      return (await fetch(href)).json();
    });
    expect(manifest).toMatchObject({ display: 'standalone', start_url: './' });
    await b.page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await b.waitFor(
      async () => b.page.evaluate(() => navigator.serviceWorker.controller !== null),
      'the service worker to control the page',
    );
    await b.page.context().setOffline(true);
    try {
      await b.page.reload();
      await b.testId('board-list').waitFor();
      expect(await b.testId('connect-pen').textContent()).toBe('Connect pen');
      await b.shot('26-offline');
    } finally {
      await b.page.context().setOffline(false);
    }
    await b.page.context().close();
  });
});
