import type { Course, Textbook } from '@dotink/contracts/edu';
import { describe, expect, it } from 'vitest';
import {
  CONNECTED_TIMEOUT_MS,
  catchUpStartDate,
  frameCoalesced,
  newStrokes,
  orderPupils,
  pageLabelParts,
  pickLiveLesson,
  reconnectDelayMs,
  stepIndex,
  strokeIdentity,
  tileState,
  WRITING_MS,
} from './liveModel';

describe('tileState', () => {
  const now = 1_000_000;
  it('is not connected before any message, after a disconnect, and after 25 s of silence', () => {
    expect(tileState({}, now)).toBe('offline');
    expect(tileState({ lastMessageMs: now - 1000, disconnected: true }, now)).toBe('offline');
    expect(tileState({ lastMessageMs: now - CONNECTED_TIMEOUT_MS - 1 }, now)).toBe('offline');
    expect(tileState({ lastMessageMs: now - CONNECTED_TIMEOUT_MS }, now)).toBe('idle');
  });
  it('is writing while a stroke is open or shortly after the last dot, idle otherwise', () => {
    expect(tileState({ lastMessageMs: now, strokeOpen: true }, now)).toBe('writing');
    expect(tileState({ lastMessageMs: now, lastInkMs: now - WRITING_MS }, now)).toBe('writing');
    expect(tileState({ lastMessageMs: now, lastInkMs: now - WRITING_MS - 1 }, now)).toBe('idle');
  });
});

describe('orderPupils', () => {
  const p = (num: string, name: string, lastStrokeMs?: number) => ({
    studentId: `s${num}`,
    num,
    name,
    ...(lastStrokeMs === undefined ? {} : { lastStrokeMs }),
  });
  const pupils = [p('10', 'J', 5), p('2', 'B'), p('1', 'A', 3), p('3', 'C', 9)];
  it('orders by registration number numerically', () => {
    expect(orderPupils(pupils, 'number').map((x) => x.num)).toEqual(['1', '2', '3', '10']);
  });
  it('orders by most recent activity, pupils without any last by number', () => {
    expect(orderPupils(pupils, 'activity').map((x) => x.num)).toEqual(['3', '10', '1', '2']);
  });
  it('does not change its input', () => {
    orderPupils(pupils, 'number');
    expect(pupils[0]?.num).toBe('10');
  });
});

describe('reconnectDelayMs', () => {
  it('backs off from 0.5 s doubling up to 10 s', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map(reconnectDelayMs)).toEqual([500, 1000, 2000, 4000, 8000, 10000, 10000]);
  });
});

describe('catch-up after a socket outage', () => {
  it('searches from the last time heard minus the margin', () => {
    expect(catchUpStartDate(Date.UTC(2026, 0, 1, 9, 10), 60_000)).toBe('2026-01-01T09:09:00.000Z');
  });
  const page = { section: 3, owner: 1012, book: 1191, page: 20 };
  const st = (startTimeMs: number, updatedMs: number, n: number) => ({
    page,
    writerId: 'w',
    mac: 'AA:BB',
    startTimeMs,
    updatedMs,
    n,
  });
  it('matches a stroke seen live with its stored copy by page, writer, pen and start time', () => {
    expect(strokeIdentity(st(1000.4, 1, 0))).toBe('3.1012.1191.20/w/AA:BB/1000');
  });
  it('adds only strokes not shown yet, or newer versions, each stroke once', () => {
    const shown = new Map([
      [strokeIdentity(st(1, 10, 0)), st(1, 10, 0)],
      [strokeIdentity(st(2, 10, 0)), st(2, 10, 0)],
    ]);
    const found = [st(1, 10, 1), st(2, 12, 2), st(3, 5, 3), st(3, 7, 4)];
    expect(newStrokes((k) => shown.get(k), found).map((s) => s.n)).toEqual([2, 4]);
  });
});

const course = (id: number, start: string, end: string, extra: Partial<Course> = {}): Course => ({
  id,
  curriculumId: 1,
  eduClassId: 1,
  className: 'c',
  tag: `L${id}`,
  title: 't',
  description: '',
  startAt: start,
  endAt: end,
  status: 'B',
  sessionId: `s${id}`,
  sessionStatus: 'ACTIVE',
  eduCourseUrl: '',
  timeState: 'BEFORE',
  createdAt: start,
  modifiedAt: start,
  ...extra,
});

describe('pickLiveLesson', () => {
  const at = (h: number, m = 0) => Date.UTC(2026, 0, 1, h, m);
  const iso = (h: number) => new Date(at(h)).toISOString();
  const past = course(1, iso(7), iso(8));
  const now = course(2, iso(9), iso(10));
  const next = course(3, iso(12), iso(13));
  const draft = course(4, iso(9), iso(11), { sessionStatus: null });
  it('opens the lesson in progress', () => {
    expect(pickLiveLesson([past, next, draft, now], at(9, 30))?.id).toBe(2);
  });
  it('opens a lesson within 30 minutes after its end, else the next, else the last', () => {
    expect(pickLiveLesson([past, next, now], at(10, 20))?.id).toBe(2);
    expect(pickLiveLesson([past, next, now], at(10, 40))?.id).toBe(3);
    expect(pickLiveLesson([past, next, now], at(14))?.id).toBe(3);
    expect(pickLiveLesson([draft], at(9, 30))).toBeUndefined();
  });
});

describe('pageLabelParts', () => {
  const book = {
    title: 'Math 3-1',
    section: 3,
    owner: 1012,
    book: 1191,
    ncodeStartPage: 5,
    ncodeEndPage: 128,
    pageNaming: 'textbook',
    firstPage: 5,
  };
  it("names the material with its page rule, else the code page's book by number", () => {
    expect(pageLabelParts('3.1012.1191.7', [book as Textbook])).toEqual({
      book: 'Math 3-1',
      page: 7,
      rule: { pageNaming: 'textbook', firstPage: 5 },
    });
    expect(pageLabelParts('3.1012.1192.7', [book as Textbook])).toEqual({
      book: '3.1012.1192',
      page: 7,
      rule: { pageNaming: 'number', firstPage: 1 },
    });
    expect(pageLabelParts(undefined, [])).toBeUndefined();
  });
});

describe('stepIndex', () => {
  it('wraps around the tiles', () => {
    expect(stepIndex(0, -1, 3)).toBe(2);
    expect(stepIndex(2, 1, 3)).toBe(0);
    expect(stepIndex(0, 1, 0)).toBe(-1);
  });
});

describe('frameCoalesced', () => {
  it('tells a burst of room changes once, at the next frame, and nothing after the unsubscribe', () => {
    const listeners = new Set<() => void>();
    const subscribe = (l: () => void) => {
      listeners.add(l);
      return () => listeners.delete(l);
    };
    const change = () => {
      for (const l of listeners) l();
    };
    const frames: (() => void)[] = [];
    let told = 0;
    const stop = frameCoalesced(subscribe, (fn) => frames.push(fn))(() => told++);
    for (let i = 0; i < 40; i++) change(); // 40 tiles turn to their pages
    expect(told).toBe(0);
    expect(frames).toHaveLength(1);
    frames.shift()!();
    expect(told).toBe(1);
    change();
    stop();
    frames.shift()?.();
    expect(told).toBe(1);
    expect(listeners.size).toBe(0);
  });
});
