import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/apiError';
import { classroomText, type T } from '../../../i18n/text';
import { outcomeMessage, stageProgress } from './printMessages';

const tIn =
  (lang: 'en' | 'ko' | 'ja' | 'zh-TW'): T =>
  (key, params) =>
    classroomText(lang, key, params);
const en = tIn('en');

describe('material print messages (classroom.md §8)', () => {
  it("quotes the spec's print messages in English", () => {
    expect(outcomeMessage(en, { status: 'cancelled' })).toBe('Print cancelled');
    expect(outcomeMessage(en, { status: 'failed', failure: { kind: 'codes' } })).toBe(
      'Could not download the print code from the server',
    );
    expect(outcomeMessage(en, { status: 'failed', failure: { kind: 'job', reason: 'out of memory' } })).toBe(
      'Error during printing. Printing was stopped. (out of memory)',
    );
    expect(
      outcomeMessage(en, {
        status: 'failed',
        failure: { kind: 'lookup', status: 404, error: new ApiError(404, 'server.textbookNotFound') },
      }),
    ).toBe('The learning material does not exist. (code 404)');
  });

  it('names the attachment errors 1001, 1002 and 1003 with their codes', () => {
    const text = (code: 1001 | 1002 | 1003) =>
      outcomeMessage(en, { status: 'failed', failure: { kind: 'attachment', code } });
    expect(text(1001)).toBe('error while looking up the registered document (code 1001)');
    expect(text(1002)).toBe(
      'could not confirm the document information registered on the server (code 1002)',
    );
    expect(text(1003)).toBe('could not download the attachment file (code 1003)');
  });

  it('says nothing in an alert for a complete print, and the 100 % hint for a downloaded one', () => {
    expect(outcomeMessage(en, { status: 'complete', pages: 3 })).toBeUndefined();
    expect(outcomeMessage(en, { status: 'complete', pages: 3, downloaded: true })).toContain('100 %');
  });

  it('shows the page being rendered and the share done', () => {
    expect(stageProgress(en, { stage: 'rendering', done: 5, total: 20 })).toEqual({
      title: 'Rendering page 6 of 20',
      percent: 25,
    });
    expect(stageProgress(tIn('ko'), { stage: 'rendering', done: 0, total: 3 })).toEqual({
      title: '3쪽 중 1쪽 처리 중',
      percent: 0,
    });
  });

  it('has every message in ko, ja and zh-TW (not the English fallback)', () => {
    for (const lang of ['ko', 'ja', 'zh-TW'] as const) {
      expect(outcomeMessage(tIn(lang), { status: 'cancelled' })).not.toBe('Print cancelled');
      expect(outcomeMessage(tIn(lang), { status: 'failed', failure: { kind: 'codes' } })).not.toContain(
        'Could not',
      );
    }
  });
});
