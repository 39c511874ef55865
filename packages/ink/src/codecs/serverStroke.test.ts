import { pageAddress } from '@dotink/ncode';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dotList, dotsFrom } from '../dots';
import { createStroke } from '../stroke';
import { BrushType, type Dot, type Stroke } from '../types';
import { decodeServerDots } from './serverDots';
import {
  decodeServerStroke,
  encodeServerStroke,
  INVALID_SERVER_STROKE,
  readServerStroke,
  serverStrokeKey,
} from './serverStroke';

const page = pageAddress(3, 27, 168, 12);
const T0 = 1_700_000_000_000;

function stroke(dots: Dot[], extra: Partial<Parameters<typeof createStroke>[0]> = {}): Stroke {
  return createStroke(
    { key: 'k', page, mac: '9C:7B:D2:12:34:56', writerId: 'student-1', colorArgb: 0xff1a2b3c, ...extra },
    dotsFrom(dots),
  );
}

const line = (n: number): Dot[] =>
  Array.from({ length: n }, (_, i) => ({
    xNu: 10 + i * 0.25,
    yNu: 20 + i * 0.5,
    force: 300 + i,
    timeMs: T0 + i * 12,
  }));

describe('server stroke record', () => {
  it('writes every field of the server form', () => {
    const s = stroke(line(3), { thickness: 0.12, strokeType: 1, updatedMs: T0 + 999 });
    const r = encodeServerStroke(s);
    expect({ ...r, dots: undefined }).toEqual({
      color: 0xff1a2b3c | 0,
      mac: '9C:7B:D2:12:34:56',
      dotCount: 3,
      penTipType: 0,
      startTime: T0,
      strokeType: 1,
      thickness: 0.12,
      updated: T0 + 999,
      deleteFlag: 0,
      writeId: 'student-1',
      dots: undefined,
    });
    expect(r.color).toBe(-15062212); // signed ARGB
    expect(dotList(decodeServerDots(r.dots, T0))).toEqual(line(3));
  });

  it('marks erased strokes and eraser tips', () => {
    expect(encodeServerStroke(stroke(line(2), { status: 'erased' })).deleteFlag).toBe(1);
    expect(encodeServerStroke(stroke(line(2), { brushType: BrushType.erased })).deleteFlag).toBe(1);
    expect(encodeServerStroke(stroke(line(2), { brushType: BrushType.eraser })).penTipType).toBe(1);
  });

  it('reads back the stroke at 0, 1, 2 and many dots', () => {
    for (const n of [0, 1, 2, 500]) {
      const s = stroke(line(n), { startTimeMs: T0 });
      const back = decodeServerStroke(encodeServerStroke(s), { page });
      expect(back.dots.count).toBe(n);
      expect(dotList(back.dots)).toEqual(line(n));
      expect(back.startTimeMs).toBe(T0);
      expect(back.colorArgb).toBe(0xff1a2b3c);
      expect(back.writerId).toBe('student-1');
      expect(back.surfaceOwnerId).toBe('student-1');
      expect(back.uploaded).toBe(true);
      expect(back.page).toBe(page);
      expect(back.key).toBe(`3.27.168.12/student-1/9C:7B:D2:12:34:56/${T0}`);
    }
  });

  it('reads the eraser tip as the eraser brush and deleteFlag as erased', () => {
    const r = { ...encodeServerStroke(stroke(line(3))), penTipType: 1 as const, deleteFlag: 1 as const };
    const back = decodeServerStroke(r, { page, surfaceOwnerId: 'teacher', keyOf: () => 'custom' });
    expect(back.brushType).toBe(BrushType.eraser);
    expect(back.penTipMode).toBe(1);
    expect(back.status).toBe('erased');
    expect(back.surfaceOwnerId).toBe('teacher');
    expect(back.key).toBe('custom');
    expect(serverStrokeKey(r, page)).toBe(`3.27.168.12/student-1/9C:7B:D2:12:34:56/${T0}`);
  });

  it('round-trips the record through JSON (property)', () => {
    const dot = fc.record({
      xNu: fc.float({ noNaN: true, noDefaultInfinity: true }),
      yNu: fc.float({ noNaN: true, noDefaultInfinity: true }),
      force: fc.integer({ min: 0, max: 1023 }),
      gap: fc.integer({ min: 0, max: 300 }),
    });
    fc.assert(
      fc.property(
        fc.array(dot, { maxLength: 60 }),
        fc.integer({ min: 0, max: 0xffffffff }),
        fc.boolean(),
        fc.constantFrom(0.04, 0.08, 0.12, 0.16, 0.2),
        (raw, color, erased, thickness) => {
          let t = T0;
          const dots = raw.map((d) => {
            t += d.gap;
            return { xNu: d.xNu, yNu: d.yNu, force: d.force, timeMs: t };
          });
          const s = stroke(dots, {
            colorArgb: color,
            status: erased ? 'erased' : 'normal',
            thickness,
            startTimeMs: T0,
          });
          const record = readServerStroke(JSON.parse(JSON.stringify(encodeServerStroke(s))));
          const back = decodeServerStroke(record, { page });
          expect(dotList(back.dots)).toEqual(dots);
          expect(back.colorArgb).toBe(color);
          expect(back.status).toBe(s.status);
          expect(back.thickness).toBe(thickness);
          expect(encodeServerStroke(back)).toEqual(encodeServerStroke(s));
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('readServerStroke', () => {
  it('fills defaults, accepts numeric text, unsigned colours and JSON dots', () => {
    const r = readServerStroke({
      startTime: `${T0}`,
      color: 4278190080,
      dots: [{ x: 1, y: 2, force: 3, ntimeDelta: 0 }],
    });
    expect(r).toEqual({
      color: -16777216,
      mac: '',
      dotCount: 0,
      penTipType: 0,
      startTime: T0,
      strokeType: 0,
      thickness: 0.2,
      updated: T0,
      deleteFlag: 0,
      writeId: '',
      dots: [{ x: 1, y: 2, force: 3, ntimeDelta: 0 }],
    });
    expect(dotList(decodeServerStroke(r, { page }).dots)).toEqual([{ xNu: 1, yNu: 2, force: 3, timeMs: T0 }]);
  });

  it('rejects records it cannot read', () => {
    for (const bad of [
      null,
      1,
      'x',
      [],
      {},
      { startTime: 'soon', dots: '' },
      { startTime: 1 },
      { startTime: 1, dots: 5 },
    ]) {
      expect(() => readServerStroke(bad)).toThrow(INVALID_SERVER_STROKE);
    }
    expect(() => readServerStroke({ startTime: 1, dots: '', mac: {} })).toThrow(INVALID_SERVER_STROKE);
  });
});
