/**
 * Printing with the pattern for every signed-in user (issue 12, item 16): the board asks the
 * server's own-prints route with the `print` scope, and a server without code data, or a used-up
 * daily quota, is told in the user's language — never as a file path.
 */
import { describe, expect, it } from 'vitest';
import { BOARD_SCOPES } from '../auth/boardAuth';
import { codeIssueUrl } from './codeIssue';
import { failureText } from './PrintProgressDialog';
import { printTranslator } from './printMessages';

const missingCodePage = {
  kind: 'job' as const,
  name: 'MissingCodePageError',
  message:
    'Cannot print the Ncode pattern: the code page for 0.27.667.1 is missing. Expected the file ncode_data/s0-o27-b667/s0-o27-b667-p1.code.gz (the server serves code pages from the directory set by NCODE_DATA_DIR).',
};

describe('printing with the pattern as any signed-in user', () => {
  it("asks the server's own-prints route, with the print scope in the sign-in", () => {
    expect(BOARD_SCOPES.split(' ')).toContain('print');
    expect(codeIssueUrl('', 1, 'A4')).toBe('/board/v1/paper/ncode?qty=1&width=230&height=317');
  });

  it.each([
    ['en', 'Printing with the Ncode pattern is not set up on this server.'],
    ['ko', '이 서버에는 Ncode 패턴 인쇄가 설정되어 있지 않습니다.'],
    ['ja', 'このサーバーでは Ncode パターンの印刷が設定されていません。'],
    ['zh-TW', '此伺服器尚未設定 Ncode 圖樣列印。'],
  ] as const)('says printing with the pattern is not set up (%s), without a file path', (language, text) => {
    const t = printTranslator(language);
    const notSetUp = { kind: 'codes' as const, status: 503, alert: '503 (error) message: Printing …' };
    expect(failureText(t, notSetUp, 3)).toBe(text);
    expect(failureText(t, missingCodePage, 3)).toBe(text);
    expect(failureText(t, missingCodePage, 3)).not.toContain('.code.gz');
  });

  it('says the daily limit is reached in the user language', () => {
    const quota = {
      kind: 'codes' as const,
      status: 429,
      alert: '429 (error) message: Daily print limit reached',
    };
    expect(failureText(printTranslator('ko'), quota, 3)).toBe(
      '오늘 패턴으로 인쇄할 수 있는 페이지 수를 모두 사용했습니다. 내일 다시 시도하세요.',
    );
    expect(failureText(printTranslator('en'), quota, 3)).toBe(
      'You have used today’s limit of pages printed with the pattern. Please try again tomorrow.',
    );
  });
});
