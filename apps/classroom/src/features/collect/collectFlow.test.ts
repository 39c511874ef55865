import type { UploadData, UploadRecord } from '@dotink/contracts/inkstore';
import { decodeStrokeUpload } from '@dotink/ink';
import type { BookAddress } from '@dotink/ncode';
import type { OfflineNoteData, OfflineStroke } from '@dotink/pen';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import {
  type ClassPupil,
  type CollectablePen,
  type CollectDeps,
  CollectModel,
  confirmsAll,
  pupilOfPen,
} from './collectFlow';

const T0 = 1_700_000_000_000;
const PUPILS: ClassPupil[] = [
  { studentId: 'kim', num: 1, name: 'Kim', mac: '9c:7b:d2:00:00:01' },
  { studentId: 'lee', num: 2, name: 'Lee', mac: '9C:7B:D2:00:00:02' },
  { studentId: 'park', num: 3, name: 'Park', mac: '00:00:00:00:00:00' },
];

const offlineStroke = (page: number, i: number): OfflineStroke => ({
  page,
  downTimeMs: T0 + i * 1000,
  upTimeMs: T0 + i * 1000 + 20,
  penTipType: 0,
  colorArgb: 0xff000000,
  dots: [
    { dtMs: 0, force: 300, x: 10 + i, y: 10, fx: 0, fy: 0, tiltX: 0, tiltY: 0, twist: 0 },
    { dtMs: 10, force: 300, x: 11 + i, y: 11, fx: 0, fy: 0, tiltX: 0, tiltY: 0, twist: 0 },
  ],
});

/** A pen with offline memory: notes of strokes; records what it was asked. */
function fakePen(mac: string, notes: Record<number, number>, name = `pen ${mac.slice(-2)}`) {
  const memory = new Map<number, OfflineStroke[]>();
  for (const [book, count] of Object.entries(notes))
    memory.set(
      Number(book),
      Array.from({ length: count }, (_, i) => offlineStroke(1 + (i % 3), i)),
    );
  const log: string[] = [];
  let failDownload: Error | undefined;
  const note = (book: number): BookAddress => ({ section: 3, owner: 27, book });
  const pen: CollectablePen & { memory: typeof memory; log: string[]; failDownload(e?: Error): void } = {
    mac,
    name,
    memory,
    log,
    failDownload: (e) => {
      failDownload = e;
    },
    listNotes: async () => [...memory.keys()].map(note),
    download: async (n, onStrokes) => {
      log.push(`download ${n.book}`);
      if (failDownload) throw failDownload;
      const strokes = [...(memory.get(n.book) ?? [])];
      onStrokes(strokes.length);
      const data: OfflineNoteData = { note: n, strokes, badChecksums: 0, chunks: 1 };
      return data;
    },
    deleteNote: async (n) => {
      log.push(`delete ${n.book}`);
      memory.delete(n.book);
    },
  };
  return pen;
}

/** An ink store that keeps strokes by key per pupil and answers counts as the server does. */
function fakeStore() {
  const byPupil = new Map<string, Map<string, number>>();
  const calls: string[] = [];
  let failing: ((n: number) => Error | 'short' | undefined) | undefined;
  let uploads = 0;
  const deps: CollectDeps = {
    clock: { nowMs: () => T0 },
    signIn: async (studentId) => {
      calls.push(`signIn ${studentId}`);
      return `token-${studentId}`;
    },
    upload: async (token, records: readonly UploadRecord[]): Promise<UploadData> => {
      const n = ++uploads;
      const f = failing?.(n);
      if (f instanceof Error) throw f;
      const pupil = token.replace('token-', '');
      const store = byPupil.get(pupil) ?? new Map<string, number>();
      byPupil.set(pupil, store);
      let received = 0;
      let stored = 0;
      let duplicates = 0;
      for (const r of records) {
        for (const s of decodeStrokeUpload(r).strokes) {
          received++;
          if (store.has(s.key)) duplicates++;
          else {
            store.set(s.key, s.dots.count);
            stored++;
          }
        }
      }
      calls.push(`upload ${pupil} ${received}`);
      if (f === 'short') stored--;
      return { received, stored, updated: 0, duplicates, uploadDate: new Date(T0).toISOString() };
    },
  };
  return {
    deps,
    calls,
    strokesOf: (pupil: string) => byPupil.get(pupil)?.size ?? 0,
    fail: (f: typeof failing) => {
      failing = f;
    },
  };
}

describe('collect pens: matching', () => {
  it('matches a pen to its pupil by address, in any case; a pupil without a pen matches nothing', () => {
    expect(pupilOfPen(PUPILS, '9C:7B:D2:00:00:01')?.studentId).toBe('kim');
    expect(pupilOfPen(PUPILS, '9c:7b:d2:00:00:02')?.studentId).toBe('lee');
    expect(pupilOfPen(PUPILS, '00:00:00:00:00:00')).toBeUndefined();
    expect(pupilOfPen(PUPILS, '9C:7B:D2:00:00:09')).toBeUndefined();
  });

  it('matches any spelling of the address the roster accepts (one rule: @dotink/contracts penKey)', () => {
    expect(pupilOfPen(PUPILS, '9c7bd2000001')?.studentId).toBe('kim');
    expect(pupilOfPen(PUPILS, '9C-7B-D2-00-00-02')?.studentId).toBe('lee');
    expect(pupilOfPen(PUPILS, ' 9C:7B:D2:0:0:1 ')?.studentId).toBe('kim');
    expect(pupilOfPen(PUPILS, '')).toBeUndefined();
  });

  it('an answer confirms a batch only when every stroke sent was received and kept', () => {
    const a = { received: 3, stored: 1, updated: 1, duplicates: 1, uploadDate: '' };
    expect(confirmsAll(a, 3)).toBe(true);
    expect(confirmsAll(a, 4)).toBe(false);
    expect(confirmsAll({ ...a, stored: 0 }, 3)).toBe(false);
  });
});

describe('collect pens: the flow', () => {
  it("uploads each note under the pen's pupil in batches, then deletes it from the pen", async () => {
    const store = fakeStore();
    const model = new CollectModel(PUPILS, { ...store.deps, batchStrokes: 4 });
    const pen = fakePen('9C:7B:D2:00:00:01', { 1068: 10, 1069: 3 });
    const seen: string[] = [];
    model.subscribe(() => seen.push(model.get()[0]!.phase));
    const result = await model.collect(pen);
    expect(result).toMatchObject({
      phase: 'done',
      pupil: { studentId: 'kim' },
      notes: 2,
      notesDone: 2,
      downloaded: 13,
      uploaded: 13,
    });
    expect(result.failure).toBeUndefined();
    expect(store.strokesOf('kim')).toBe(13);
    expect(store.calls).toEqual([
      'signIn kim',
      'upload kim 4',
      'upload kim 4',
      'upload kim 2',
      'upload kim 3',
    ]);
    // each note is deleted only after its last batch was confirmed
    expect(pen.log).toEqual(['download 1068', 'delete 1068', 'download 1069', 'delete 1069']);
    expect(pen.memory.size).toBe(0);
    expect(seen).toContain('uploading');
    expect(seen).toContain('deleting');
  });

  it('says per pupil what a collection did: new, already stored, from other days (a second one stores nothing new)', async () => {
    const store = fakeStore();
    // the lesson's day: strokes 0–5 (T0 …), strokes 6… a day later
    const model = new CollectModel(PUPILS, {
      ...store.deps,
      batchStrokes: 4,
      onLessonDay: (timeMs) => timeMs < T0 + 5_500,
    });
    const pen = fakePen('9C:7B:D2:00:00:01', { 1068: 10 });
    const first = await model.collect(pen);
    expect(first).toMatchObject({ phase: 'done', downloaded: 10, fresh: 10, already: 0, otherDays: 4 });
    // the same strokes again (a pen that kept its memory, or a second collection of the same notes)
    pen.memory.set(1068, fakePen('x', { 1068: 10 }).memory.get(1068)!);
    const second = await model.retry(pen.mac)!;
    expect(second).toMatchObject({ phase: 'done', downloaded: 10, fresh: 0, already: 10, otherDays: 4 });
    expect(store.strokesOf('kim')).toBe(10);
  });

  it('a pen of no pupil of the class is named and skipped: nothing read, nothing deleted', async () => {
    const store = fakeStore();
    const model = new CollectModel(PUPILS, store.deps);
    const pen = fakePen('9C:7B:D2:00:00:77', { 1068: 5 }, 'NWP-F130 00:77');
    const result = await model.collect(pen);
    expect(result).toMatchObject({ phase: 'unknown', name: 'NWP-F130 00:77', pupil: undefined });
    expect(pen.log).toEqual([]);
    expect(pen.memory.get(1068)).toHaveLength(5);
    expect(store.calls).toEqual([]);
  });

  it('a failed upload keeps the pen memory and says which step failed; the retry stores nothing twice', async () => {
    const store = fakeStore();
    const model = new CollectModel(PUPILS, { ...store.deps, batchStrokes: 4 });
    const pen = fakePen('9C:7B:D2:00:00:02', { 1068: 10 });
    const down = new ApiError(0, 'error.network');
    store.fail((n) => (n === 2 ? down : undefined));
    const failed = await model.collect(pen);
    expect(failed).toMatchObject({ phase: 'failed', failure: { step: 'upload', error: down }, uploaded: 4 });
    expect(pen.memory.get(1068)).toHaveLength(10);
    expect(pen.log).not.toContain('delete 1068');
    expect(store.strokesOf('lee')).toBe(4);

    store.fail(undefined);
    const again = await model.retry(pen.mac)!;
    expect(again).toMatchObject({ phase: 'done', uploaded: 10, downloaded: 10, notesDone: 1 });
    expect(again.failure).toBeUndefined();
    // the first batch came again with the same keys: skipped by the store, not stored twice
    expect(store.strokesOf('lee')).toBe(10);
    expect(pen.memory.size).toBe(0);
  });

  it('an answer that does not account for every stroke fails the pen without deleting', async () => {
    const store = fakeStore();
    store.fail(() => 'short');
    const model = new CollectModel(PUPILS, store.deps);
    const pen = fakePen('9C:7B:D2:00:00:01', { 1068: 3 });
    const result = await model.collect(pen);
    expect(result).toMatchObject({ phase: 'failed', failure: { step: 'confirm' } });
    expect(pen.memory.get(1068)).toHaveLength(3);
  });

  it('a failed download or sign-in fails the pen and keeps its memory', async () => {
    const store = fakeStore();
    const model = new CollectModel(PUPILS, store.deps);
    const pen = fakePen('9C:7B:D2:00:00:01', { 1068: 3 });
    pen.failDownload(new Error('offline download: nothing from the pen for 20000 ms'));
    expect(await model.collect(pen)).toMatchObject({ phase: 'failed', failure: { step: 'download' } });
    pen.failDownload(undefined);
    const refused = new ApiError(400, 'annotation.loginFailed');
    const model2 = new CollectModel(PUPILS, {
      ...store.deps,
      signIn: async () => {
        throw refused;
      },
    });
    expect(await model2.collect(pen)).toMatchObject({ phase: 'failed', failure: { step: 'signIn' } });
    expect(pen.memory.get(1068)).toHaveLength(3);
  });

  it('cancel stops the pen after the step under way; the unconfirmed note stays on the pen', async () => {
    const store = fakeStore();
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const model = new CollectModel(PUPILS, {
      ...store.deps,
      upload: async (token, records) => {
        await held;
        return store.deps.upload(token, records);
      },
    });
    const pen = fakePen('9C:7B:D2:00:00:01', { 1068: 3 });
    const run = model.collect(pen);
    await new Promise((r) => setTimeout(r, 0));
    expect(model.running(pen.mac)).toBe(true);
    expect(model.get()[0]!.phase).toBe('uploading');
    model.cancel(pen.mac);
    expect(await run).toMatchObject({ phase: 'cancelled' });
    release();
    expect(pen.log).toEqual(['download 1068']);
    expect(pen.memory.get(1068)).toHaveLength(3);
    expect(model.running(pen.mac)).toBe(false);
  });

  it('collects several pens at once, each under its own pupil', async () => {
    const store = fakeStore();
    const model = new CollectModel(PUPILS, store.deps);
    const a = fakePen('9C:7B:D2:00:00:01', { 1068: 4 });
    const b = fakePen('9C:7B:D2:00:00:02', { 1068: 2, 2001: 1 });
    const [ra, rb] = await Promise.all([model.collect(a), model.collect(b)]);
    expect(ra.phase).toBe('done');
    expect(rb.phase).toBe('done');
    expect(store.strokesOf('kim')).toBe(4);
    expect(store.strokesOf('lee')).toBe(3);
    expect(model.get().map((p) => p.mac)).toEqual([a.mac, b.mac]);
  });

  it('an empty pen is done at once, without signing in', async () => {
    const store = fakeStore();
    const model = new CollectModel(PUPILS, store.deps);
    const result = await model.collect(fakePen('9C:7B:D2:00:00:01', {}));
    expect(result).toMatchObject({ phase: 'done', notes: 0, uploaded: 0 });
    expect(store.calls).toEqual([]);
  });
});
