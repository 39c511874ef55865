import type { UploadRecord } from '@dotink/contracts/inkstore';
import { decodeStrokeUpload, strokeThrough } from '@dotink/ink';
import { pageAddress } from '@dotink/ncode';
import { describe, expect, it } from 'vitest';
import type { StudentInkCalls } from '../../../api/annotation';
import { ApiError } from '../../../api/client';
import { AnnotationModel, canUpload } from './annotationModel';

const P1 = pageAddress(3, 1012, 1191, 5);
const P2 = pageAddress(3, 1012, 1191, 6);
let n = 0;
const stroke = (owner: string, page = P1) =>
  strokeThrough(
    {
      key: `k${++n}`,
      page,
      writerId: 'teacher-1',
      surfaceOwnerId: owner,
      startTimeMs: 1_700_000_000_000 + n * 1000,
    },
    [
      [1, 1],
      [2, 2],
    ],
  );

/** Student calls that record what they are asked, failing where told. */
function calls(fail: { login?: string; upload?: string } = {}) {
  const log: string[] = [];
  const uploads: { token: string; records: readonly UploadRecord[] }[] = [];
  const c: StudentInkCalls = {
    login: async (username, password) => {
      log.push(`login ${username}/${password}`);
      if (fail.login === username) throw new ApiError(400, 'annotation.loginFailed');
      return `token-${username}`;
    },
    upload: async (token, records) => {
      log.push(`upload ${token} ${records.length}`);
      if (fail.upload === token) throw new ApiError(500, 'error.status', { code: 500, text: '' });
      uploads.push({ token, records });
      return { received: 0, stored: 0, updated: 0, duplicates: 0, uploadDate: '2026-01-01T00:00:00.000Z' };
    },
  };
  return { c, log, uploads };
}

function model(c: StudentInkCalls) {
  return new AnnotationModel({
    signInOf: async (studentId) => ({ studentId, password: `pw-${studentId}` }),
    calls: c,
    clock: { nowMs: () => 1_700_000_100_000 },
  });
}

describe('annotation upload (classroom.md §4, §7)', () => {
  it('the button is enabled only after a new pen-up with unuploaded strokes', async () => {
    const { c } = calls();
    const m = model(c);
    expect(canUpload(m.get())).toBe(false);
    m.add(stroke('pupil-a'));
    expect(canUpload(m.get())).toBe(true);
    expect((await m.upload()).ok).toBe(true);
    expect(m.get()).toMatchObject({ pending: [], changed: false, uploading: false });
    expect(canUpload(m.get())).toBe(false);
    m.add(stroke('pupil-a'));
    expect(canUpload(m.get())).toBe(true);
  });

  it('signs in as the pupil and uploads per pupil then per page, the teacher as each stroke’s writer', async () => {
    const { c, log, uploads } = calls();
    const m = model(c);
    m.add(stroke('pupil-a', P1));
    m.add(stroke('pupil-b', P1));
    m.add(stroke('pupil-a', P2));
    expect(await m.upload()).toEqual({ ok: true, strokes: 3 });
    expect(log).toEqual([
      'login pupil-a/pw-pupil-a',
      'upload token-pupil-a 2',
      'login pupil-b/pw-pupil-b',
      'upload token-pupil-b 1',
    ]);
    const first = decodeStrokeUpload(uploads[0]!.records[0]!);
    expect(first.writer).toBe('pupil-a');
    expect(first.page).toEqual(P1);
    expect(first.strokes.map((s) => s.writerId)).toEqual(['teacher-1']);
    expect(decodeStrokeUpload(uploads[0]!.records[1]!).page).toEqual(P2);
  });

  it('stops at the first failure and keeps the strokes not uploaded; the retry sends them', async () => {
    const fail: { upload?: string } = { upload: 'token-pupil-b' };
    const failing = calls(fail);
    const m = model(failing.c);
    const [a, b, c] = [stroke('pupil-a'), stroke('pupil-b'), stroke('pupil-c')];
    m.add(a);
    m.add(b);
    m.add(c);
    expect(await m.upload()).toMatchObject({ ok: false, reason: 'upload' });
    expect(failing.log).toEqual([
      'login pupil-a/pw-pupil-a',
      'upload token-pupil-a 1',
      'login pupil-b/pw-pupil-b',
      'upload token-pupil-b 1',
    ]);
    expect(m.get().pending).toEqual([b, c]);
    expect(canUpload(m.get())).toBe(true);

    delete fail.upload; // the server is back
    expect(await m.upload()).toEqual({ ok: true, strokes: 2 });
    expect(m.get()).toMatchObject({ pending: [], changed: false });
    expect(failing.uploads.map((u) => u.token)).toEqual(['token-pupil-a', 'token-pupil-b', 'token-pupil-c']);
  });

  it('a refused sign-in keeps every stroke and says it was the login', async () => {
    const { c, log } = calls({ login: 'pupil-a' });
    const m = model(c);
    m.add(stroke('pupil-a'));
    expect(await m.upload()).toMatchObject({ ok: false, reason: 'login' });
    expect(log).toEqual(['login pupil-a/pw-pupil-a']);
    expect(m.get().pending).toHaveLength(1);
    expect(m.get().changed).toBe(true);
  });

  it('a pen-up during the upload keeps the button enabled for the new stroke', async () => {
    let release: () => void = () => {};
    const { c } = calls();
    const slow: StudentInkCalls = {
      ...c,
      upload: async (token, records) => {
        await new Promise<void>((r) => {
          release = r;
        });
        return c.upload(token, records);
      },
    };
    const m = model(slow);
    m.add(stroke('pupil-a'));
    const running = m.upload();
    await new Promise((r) => setTimeout(r, 0));
    expect(canUpload(m.get())).toBe(false); // uploading
    const later = stroke('pupil-a');
    m.add(later);
    release();
    expect(await running).toEqual({ ok: true, strokes: 1 });
    expect(m.get().pending).toEqual([later]);
    expect(canUpload(m.get())).toBe(true);
  });
});
