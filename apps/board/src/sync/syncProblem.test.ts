import { describe, expect, it } from 'vitest';
import { accountText } from '../auth/accountText';
import { SignedOutError } from '../auth/boardAuth';
import { RemoteError } from './boardsApi';
import { syncProblem } from './syncProblem';

describe('why a sync failed', () => {
  it('reads the answer: 403 = awaiting approval, 401 = signed out, 5xx = unavailable, no answer = offline', () => {
    expect(syncProblem(new RemoteError('boards API: 403 Forbidden: needs storage', 403))).toEqual({
      kind: 'approval',
    });
    expect(syncProblem(new RemoteError('boards API: 401', 401))).toEqual({ kind: 'signedOut' });
    expect(syncProblem(new SignedOutError())).toEqual({ kind: 'signedOut' });
    expect(syncProblem(new RemoteError('boards API: 503', 503))).toEqual({ kind: 'unavailable' });
    expect(syncProblem(new TypeError('Failed to fetch'))).toEqual({ kind: 'offline' });
    expect(syncProblem(new RemoteError('boards API: 413', 413))).toEqual({ kind: 'other', status: 413 });
    expect(syncProblem(new RemoteError('boards API: unexpected answer'))).toEqual({
      kind: 'other',
      status: undefined,
    });
  });

  it('says it in every language, with what to do and never the developer text', () => {
    for (const lang of ['ko', 'en', 'ja', 'zh-TW'] as const) {
      const text = accountText(lang);
      for (const p of [
        { kind: 'approval' },
        { kind: 'signedOut' },
        { kind: 'unavailable' },
        { kind: 'offline' },
        { kind: 'other', status: 503 },
      ] as const) {
        const words = text.problem(p);
        expect(words.short.length, `${lang} ${p.kind}`).toBeGreaterThan(1);
        expect(words.full.length, `${lang} ${p.kind}`).toBeGreaterThan(words.short.length);
        expect(words.full).not.toMatch(/boards API|Forbidden/);
      }
      // the texts differ from English except in English
      if (lang !== 'en')
        expect(text.problem({ kind: 'approval' }).full).not.toBe(
          accountText('en').problem({ kind: 'approval' }).full,
        );
    }
  });
});
