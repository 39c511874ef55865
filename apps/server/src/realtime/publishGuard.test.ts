import { decodeRemoteMessage, encodeRemoteMessage } from '@dotink/pen';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CloseReason, canonicalStrokeDots, publishGuard } from './publishGuard';

const num = fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer());
const dot = fc.tuple(num, num, num, num);
const strokeDots = fc.record({
  mac: fc.string({ minLength: 1, maxLength: 20 }),
  key: fc.string({ minLength: 1, maxLength: 40 }),
  dots: fc.array(dot, { maxLength: 8 }),
});
const PEN = 'AA:BB:CC:DD:EE:01';
const dotsText = (mac: string, key = 'k1', dots: [number, number, number, number][] = [[1, 2, 3, 4]]) =>
  encodeRemoteMessage({ type: 'strokeDots', mac, key, dots });

describe('the quick check of live dots', () => {
  it("accepts only texts that decode to a strokeDots message of the same pen, and every client's plain message (property)", () => {
    fc.assert(
      fc.property(strokeDots, (m) => {
        const text = encodeRemoteMessage({ type: 'strokeDots', ...m });
        const quick = canonicalStrokeDots(text);
        const full = decodeRemoteMessage(text);
        if (quick !== undefined) expect(full).toMatchObject({ type: 'strokeDots', mac: quick });
        // plain pen addresses and keys (what stations send) always take the quick path
        const plain = /^[\w:.-]+$/.test(m.mac) && /^[\w:./-]+$/.test(m.key);
        if (plain && m.dots.flat().every((n) => Math.abs(n) < 1e299)) expect(quick).toBe(m.mac);
      }),
      { numRuns: 500 },
    );
  });

  it('never accepts a damaged message that is not a valid one (property)', () => {
    fc.assert(
      fc.property(strokeDots, fc.nat(), fc.nat(3), fc.string({ maxLength: 3 }), (m, at, cut, insert) => {
        const text = encodeRemoteMessage({ type: 'strokeDots', ...m });
        const i = at % (text.length + 1);
        const damaged = text.slice(0, i) + insert + text.slice(i + cut);
        const quick = canonicalStrokeDots(damaged);
        if (quick !== undefined)
          expect(decodeRemoteMessage(damaged)).toMatchObject({ type: 'strokeDots', mac: quick });
      }),
      { numRuns: 2000 },
    );
  });

  it('leaves other messages and other layouts to the full decoder', () => {
    expect(canonicalStrokeDots(encodeRemoteMessage({ type: 'connected', mac: PEN }))).toBeUndefined();
    expect(
      canonicalStrokeDots(`{"type":"strokeDots","v":1,"mac":"${PEN}","key":"k","dots":[]}`),
    ).toBeUndefined();
    expect(
      canonicalStrokeDots(`{"v":1,"type":"strokeDots","mac":"${PEN}","key":"k","dots":[[1,2,3]]}`),
    ).toBeUndefined();
    expect(
      canonicalStrokeDots(`{"v":1,"type":"strokeDots","mac":"${PEN}","key":"k","dots":[[1,2,3,NaN]]}`),
    ).toBeUndefined();
  });
});

describe('a connection’s publish guard', () => {
  const student = (pen: string | null) =>
    publishGuard({ room: 'session/1_s', role: 'student', pen }, 'pupil-1');

  it("lets a student publish the student's own pen, in any spelling of its address, and nothing of another pen", () => {
    const check = student(PEN);
    expect(check(dotsText(PEN))).toBeUndefined();
    expect(check(dotsText('aa-bb-cc-dd-ee-01'))).toBeUndefined();
    expect(check(dotsText('AA:BB:CC:DD:EE:02'))).toEqual({ code: 1008, reason: CloseReason.otherPen });
    // the address accepted before does not let another one through afterwards
    expect(check(dotsText(PEN))).toBeUndefined();
    expect(check(encodeRemoteMessage({ type: 'connected', mac: 'AA:BB:CC:DD:EE:03' }))).toEqual({
      code: 1008,
      reason: CloseReason.otherPen,
    });
    expect(student(null)(dotsText(PEN))).toEqual({ code: 1008, reason: CloseReason.otherPen });
  });

  it("refuses a student's stroke written by someone else, malformed text, and any message of a viewer", () => {
    const check = student(PEN);
    const stroke = (writerId: string) =>
      encodeRemoteMessage({
        type: 'strokeOpen',
        mac: PEN,
        stroke: {
          key: 'k',
          page: '3.1012.1191.10',
          colorArgb: 0,
          thickness: 1,
          brushType: 0,
          penTipMode: 0,
          writerId,
          surfaceOwnerId: writerId,
          dots: [[1, 2, 3, 4]],
        },
      });
    expect(check(stroke('pupil-1'))).toBeUndefined();
    expect(check(stroke('pupil-2'))).toEqual({ code: 1008, reason: CloseReason.otherWriter });
    expect(check('{"v":1,"type":"strokeDots"')).toEqual({ code: 1007, reason: CloseReason.malformed });
    const viewer = publishGuard({ room: 'board/a/b', role: 'viewer' }, 'x');
    expect(viewer(dotsText(PEN))).toEqual({ code: 1008, reason: CloseReason.receiveOnly });
    const teacher = publishGuard({ room: 'session/1_s', role: 'teacher' }, 't');
    expect(teacher(dotsText('AA:BB:CC:DD:EE:09'))).toBeUndefined();
  });
});
