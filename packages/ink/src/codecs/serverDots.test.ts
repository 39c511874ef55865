import { encodeBase64 } from '@dotink/ncode';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dotList, dotsFrom } from '../dots';
import type { Dot, DotColumns } from '../types';
import {
  decodeServerDotBytes,
  decodeServerDots,
  decodeServerJsonDots,
  encodeServerDotBytes,
  encodeServerDots,
  encodeServerJsonDots,
  INVALID_SERVER_DOTS,
  SERVER_DOT_BYTES,
  SERVER_DOT_MAX_DELTA_MS,
  serverDotStride,
} from './serverDots';
import { encodeUtf8 } from './utf8';

const T0 = 1_700_000_000_000;
const F32_MAX = 3.4028234663852886e38;
const F32_MIN_SUBNORMAL = 1.401298464324817e-45;

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const decodeBase64Bytes = (text: string) => new Uint8Array(Buffer.from(text, 'base64'));

/** The 17 bytes of one dot, written by hand with Node's Buffer (an independent oracle). */
function dotBytes(deltaMs: number, force: number, x: number, y: number, spare = 3): Buffer {
  const b = Buffer.alloc(14 + spare);
  b.writeUInt16LE(deltaMs, 0);
  b.writeFloatLE(force, 2);
  b.writeFloatLE(x, 6);
  b.writeFloatLE(y, 10);
  return b;
}

/** Arbitrary dots whose values survive f32 and whose gaps fit a u16: they must round-trip exactly. */
const exactDots = fc
  .array(
    fc.record({
      deltaMs: fc.integer({ min: 0, max: SERVER_DOT_MAX_DELTA_MS }),
      xNu: fc.float({ noNaN: true }),
      yNu: fc.float({ noNaN: true }),
      force: fc.float({ noNaN: true, min: 0, max: 4096 }),
    }),
    { maxLength: 300 },
  )
  .map((list) => {
    let t = T0;
    return list.map((d): Dot => {
      t += d.deltaMs;
      return { xNu: d.xNu, yNu: d.yNu, force: d.force, timeMs: t };
    });
  });

const same = (a: DotColumns, b: DotColumns) => expect(dotList(a)).toEqual(dotList(b));

describe('server dot form (17 bytes a dot)', () => {
  it('encodes 0 dots as empty text and decodes it back', () => {
    expect(encodeServerDots(dotsFrom([]), T0)).toBe('');
    expect(decodeServerDots('', T0).count).toBe(0);
  });

  it('writes 1 dot byte-exactly: u16 delta, f32 force, x, y, 3 zero spare bytes, little-endian', () => {
    const one = dotsFrom([{ xNu: 1.5, yNu: 2.25, force: 100, timeMs: T0 }]);
    const bytes = encodeServerDotBytes(one, T0);
    expect(bytes.length).toBe(SERVER_DOT_BYTES);
    expect(hex(bytes)).toBe('00000000c8420000c03f00001040000000');
    expect(hex(bytes)).toBe(hex(dotBytes(0, 100, 1.5, 2.25)));
    expect(encodeServerDots(one, T0)).toBe(dotBytes(0, 100, 1.5, 2.25).toString('base64'));
    same(decodeServerDots(encodeServerDots(one, T0), T0), one);
  });

  it('counts the first delta from the stroke start and each next one from the previous dot', () => {
    const two = dotsFrom([
      { xNu: 10, yNu: 20, force: 300, timeMs: T0 + 7 },
      { xNu: 11, yNu: 21, force: 310, timeMs: T0 + 19 },
    ]);
    const bytes = encodeServerDotBytes(two, T0);
    expect(hex(bytes)).toBe(hex(Buffer.concat([dotBytes(7, 300, 10, 20), dotBytes(12, 310, 11, 21)])));
    same(decodeServerDotBytes(bytes, T0), two);
  });

  it('round-trips many dots', () => {
    const many = dotsFrom(
      Array.from({ length: 10_000 }, (_, i) => ({
        xNu: Math.fround(10 + (i % 700) * 0.01),
        yNu: Math.fround(120 - (i % 900) * 0.01),
        force: i % 852,
        timeMs: T0 + i * 12,
      })),
    );
    const text = encodeServerDots(many, T0);
    expect(text.length).toBe(Math.ceil((10_000 * 17) / 3) * 4);
    same(decodeServerDots(text, T0, 10_000), many);
  });

  it('writes the same text as the byte form, whatever was encoded before (reused scratch)', () => {
    const big = dotsFrom(
      Array.from({ length: 3000 }, (_, i) => ({ xNu: -1 - i, yNu: -2, force: 3, timeMs: T0 + i * 255 })),
    );
    const small = dotsFrom([
      { xNu: 1, yNu: 2, force: 3, timeMs: T0 },
      { xNu: 4, yNu: 5, force: 6, timeMs: T0 + 7 },
    ]);
    for (const d of [big, small, big, dotsFrom([]), small]) {
      expect(encodeServerDots(d, T0)).toBe(Buffer.from(encodeServerDotBytes(d, T0)).toString('base64'));
    }
    expect(hex(decodeBase64Bytes(encodeServerDots(small, T0)))).toBe(
      hex(Buffer.concat([dotBytes(0, 3, 1, 2), dotBytes(7, 6, 4, 5)])),
    );
  });

  it('keeps extreme coordinates: ±f32 max, subnormals, ±0, infinities', () => {
    const extremes = [F32_MAX, -F32_MAX, F32_MIN_SUBNORMAL, -F32_MIN_SUBNORMAL, 0, -0, Infinity, -Infinity];
    const dots = dotsFrom(extremes.map((v, i) => ({ xNu: v, yNu: -v, force: Math.abs(v), timeMs: T0 + i })));
    const back = decodeServerDots(encodeServerDots(dots, T0), T0);
    same(back, dots);
    expect(Object.is(back.xNu[5], -0)).toBe(true);
    const nan = decodeServerDots(
      encodeServerDots(dotsFrom([{ xNu: Number.NaN, yNu: 0, force: 0, timeMs: T0 }]), T0),
      T0,
    );
    expect(nan.xNu[0]).toBeNaN();
  });

  it('rounds times to whole ms without drift, and clamps gaps to 0 … 65,535 ms one by one', () => {
    const dots = dotsFrom([
      { xNu: 0, yNu: 0, force: 1, timeMs: T0 + 0.4 },
      { xNu: 0, yNu: 0, force: 1, timeMs: T0 + 10.6 },
      { xNu: 0, yNu: 0, force: 1, timeMs: T0 + 100_011 }, // a 100 s pause: clamped
      { xNu: 0, yNu: 0, force: 1, timeMs: T0 + 100_021 },
      { xNu: 0, yNu: 0, force: 1, timeMs: T0 + 100_001 }, // backwards: 0
      { xNu: 0, yNu: 0, force: 1, timeMs: T0 + 100_013 },
    ]);
    const back = decodeServerDots(encodeServerDots(dots, T0), T0);
    const excess = 100_011 - 11 - SERVER_DOT_MAX_DELTA_MS;
    expect(Array.from(back.timeMs, (t) => t - T0)).toEqual([
      0,
      11,
      100_011 - excess,
      100_021 - excess,
      100_021 - excess,
      100_033 - excess,
    ]);
    // A first dot before the stroke start is moved to the start.
    const early = decodeServerDots(
      encodeServerDots(dotsFrom([{ xNu: 0, yNu: 0, force: 0, timeMs: T0 - 5 }]), T0),
      T0,
    );
    expect(early.timeMs[0]).toBe(T0);
  });

  it('round-trips any dots exactly when values are f32 and gaps fit a u16 (property)', () => {
    fc.assert(
      fc.property(exactDots, (list) => {
        const dots = dotsFrom(list);
        const bytes = encodeServerDotBytes(dots, T0);
        expect(bytes.length).toBe(list.length * SERVER_DOT_BYTES);
        same(decodeServerDotBytes(bytes, T0), dots);
        same(decodeServerDots(encodeServerDots(dots, T0), T0, list.length), dots);
      }),
      { numRuns: 150 },
    );
  });

  it('decoded times never decrease and the re-encoding is a fixed point (property)', () => {
    const anyTimes = fc.array(fc.double({ min: T0 - 1e6, max: T0 + 1e7, noNaN: true }), { maxLength: 50 });
    fc.assert(
      fc.property(anyTimes, (times) => {
        const dots = dotsFrom(times.map((t, i) => ({ xNu: i, yNu: i, force: i, timeMs: t })));
        const once = encodeServerDotBytes(dots, T0);
        const back = decodeServerDotBytes(once, T0);
        for (let i = 1; i < back.count; i++)
          expect(back.timeMs[i]!).toBeGreaterThanOrEqual(back.timeMs[i - 1]!);
        expect(hex(encodeServerDotBytes(back, T0))).toBe(hex(once));
      }),
    );
  });
});

describe('reading the other incoming dot forms', () => {
  it('reads 16-byte dots: the same fields at the same offsets, 2 spare bytes', () => {
    const bytes = Buffer.concat([dotBytes(0, 200, 3.5, 4.5, 2), dotBytes(20, 210, 3.75, 4.75, 2)]);
    const cols = decodeServerDots(bytes.toString('base64'), T0);
    expect(dotList(cols)).toEqual([
      { xNu: 3.5, yNu: 4.5, force: 200, timeMs: T0 },
      { xNu: 3.75, yNu: 4.75, force: 210, timeMs: T0 + 20 },
    ]);
  });

  it('picks the stride from the dot count when the length fits both', () => {
    // 272 bytes = 16 dots of 17 bytes = 17 dots of 16 bytes.
    expect(serverDotStride(272)).toBe(17);
    expect(serverDotStride(272, 16)).toBe(17);
    expect(serverDotStride(272, 17)).toBe(16);
    expect(serverDotStride(32, 5)).toBe(16);
    expect(() => serverDotStride(33)).toThrow(INVALID_SERVER_DOTS);
  });

  it('reads the JSON dot form as an array, as JSON text and as base64 of JSON text', () => {
    const list = [
      { x: 1.25, y: 2.5, force: 400, ntimeDelta: 3 },
      { x: 1.5, y: 2.75, force: 410, ntimeDelta: 12 },
    ];
    const expected = [
      { xNu: 1.25, yNu: 2.5, force: 400, timeMs: T0 + 3 },
      { xNu: 1.5, yNu: 2.75, force: 410, timeMs: T0 + 15 },
    ];
    expect(dotList(decodeServerDots(list, T0))).toEqual(expected);
    expect(dotList(decodeServerDots(` ${JSON.stringify(list)}`, T0))).toEqual(expected);
    expect(dotList(decodeServerDots(encodeBase64(encodeUtf8(JSON.stringify(list))), T0))).toEqual(expected);
  });

  it('writes the JSON dot form with the binary time rule', () => {
    const dots = dotsFrom([
      { xNu: 1, yNu: 2, force: 3, timeMs: T0 + 2 },
      { xNu: 4, yNu: 5, force: 6, timeMs: T0 + 100_000 },
    ]);
    const json = encodeServerJsonDots(dots, T0);
    expect(json).toEqual([
      { x: 1, y: 2, force: 3, ntimeDelta: 2 },
      { x: 4, y: 5, force: 6, ntimeDelta: SERVER_DOT_MAX_DELTA_MS },
    ]);
    expect(dotList(decodeServerJsonDots(json, T0))[0]).toEqual(dotList(dots)[0]);
  });

  it('rejects malformed dot data with its own error', () => {
    for (const bad of ['%%%%', 'AAAA', '[{"x":1}]', '[1]', '{"x":1}', '[']) {
      expect(() => decodeServerDots(bad, T0)).toThrow(INVALID_SERVER_DOTS);
    }
    expect(() => decodeServerJsonDots('x' as never, T0)).toThrow(INVALID_SERVER_DOTS);
  });

  it('either decodes or throws its own error for any text (fuzz)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 80 }), fc.base64String({ maxLength: 120 })), (text) => {
        try {
          const cols = decodeServerDots(text, T0);
          expect(cols.xNu.length).toBe(cols.count);
        } catch (e) {
          expect((e as Error).message).toBe(INVALID_SERVER_DOTS);
        }
      }),
      { numRuns: 300 },
    );
  });
});
