import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromHex, toHex } from './bytes';
import {
  decodeFrames,
  encodeFrame,
  encodeShortErrorFrame,
  type Frame,
  FrameReassembler,
  frameBody,
  wrapBody,
} from './framing';

const hex = fromHex;

describe('encodeFrame', () => {
  it('uses form A below 0x80 and form B (error byte) from 0x80', () => {
    expect(toHex(encodeFrame(0x04))).toBe('C0 04 00 00 C1');
    expect(toHex(encodeFrame(0x91))).toBe('C0 91 00 00 00 C1');
    expect(toHex(encodeFrame(0x91, new Uint8Array(0), 2))).toBe('C0 91 02 00 00 C1');
    expect(toHex(encodeFrame(0xa4, Uint8Array.of(0, 0, 0)))).toBe('C0 A4 00 03 00 00 00 00 C1');
  });

  it('escapes C0, C1 and 7D anywhere in the body, the length included', () => {
    expect(toHex(encodeFrame(0x6c, hex('04 0D C0 00 20 00 29 00 05 00 46 50 00 00')))).toBe(
      'C0 6C 0E 00 04 0D 7D E0 00 20 00 29 00 05 00 46 50 00 00 C1',
    );
    const f = encodeFrame(0x24, new Uint8Array(0x7d));
    expect(toHex(f.subarray(0, 5))).toBe('C0 24 7D 5D 00');
    expect(toHex(wrapBody(Uint8Array.of(0xc1, 0x7d, 0xc0)))).toBe('C0 7D E1 7D 5D 7D E0 C1');
  });

  it('writes the short error form', () => {
    expect(toHex(encodeShortErrorFrame(0x91, 2))).toBe('C0 91 02 C1');
  });
});

describe('FrameReassembler', () => {
  it('passes the fact sheet split-notification test (escape split, frame boundary inside)', () => {
    const r = new FrameReassembler();
    const frames: Frame[] = [];
    for (const n of [
      '[C0 6C 0E 00 04 0D 7D]',
      '[E0 00 20 00 29 00 05 00 46 50 00 00 C1 C0 6A 13 00 05 28 68 E5]',
      '[CF 8B 01 00 00 03 00 04 00 04 00 03 00 03 00 C1]',
    ]) {
      r.push(hex(n.slice(1, -1)), (f) => frames.push(f));
    }
    expect(frames).toHaveLength(2);
    expect(frames[0]!.cmd).toBe(0x6c);
    expect(toHex(frames[0]!.payload)).toBe('04 0D C0 00 20 00 29 00 05 00 46 50 00 00');
    expect(frames[1]!.cmd).toBe(0x6a);
    expect(toHex(frames[1]!.payload)).toBe('05 28 68 E5 CF 8B 01 00 00 03 00 04 00 04 00 03 00 03 00');
  });

  it('accepts both the full and the short error form', () => {
    expect(decodeFrames(hex('C0 91 02 00 00 C1'))).toEqual([
      { cmd: 0x91, err: 2, payload: new Uint8Array(0) },
    ]);
    expect(decodeFrames(hex('C0 91 02 C1'))).toEqual([
      { cmd: 0x91, err: 2, payload: new Uint8Array(0), short: true },
    ]);
  });

  it('drops and counts garbage outside frames', () => {
    const r = new FrameReassembler();
    const frames = r.pushAll(hex('00 11 C1 7D C0 04 00 00 C1 AA BB'));
    expect(frames).toEqual([{ cmd: 4, err: undefined, payload: new Uint8Array(0) }]);
    expect(r.stats.garbageBytes).toBe(6);
    expect(r.stats.frames).toBe(1);
  });

  it('cuts surplus payload bytes to len and drops frames shorter than len', () => {
    const r = new FrameReassembler();
    // WEB's FSC request: len 2, three payload bytes.
    const [f] = r.pushAll(wrapBody(frameBody(0x05, Uint8Array.of(13, 2, 0), 0, 2)));
    expect(toHex(f!.payload)).toBe('0D 02');
    expect(r.stats.surplusFrames).toBe(1);
    const drops: string[] = [];
    const r2 = new FrameReassembler({ onDrop: (reason) => drops.push(reason) });
    expect(r2.pushAll(hex('C0 05 05 00 08 FF C1'))).toEqual([]);
    expect(drops).toEqual(['shortPayload']);
  });

  it('discards a partial frame when a new C0 arrives, and frames too short for a header', () => {
    const drops: string[] = [];
    const r = new FrameReassembler({ onDrop: (reason) => drops.push(reason) });
    const frames = r.pushAll(
      hex('C0 6C 0E 00 04 C0 04 00 00 C1 C0 C1 C0 04 C1 C0 91 00 C1 C0 04 00 00 7D C1'),
    );
    expect(frames.map((f) => f.cmd)).toEqual([4]);
    expect(drops).toEqual([
      'interrupted',
      'truncatedHeader',
      'truncatedHeader',
      'truncatedHeader',
      'danglingEscape',
    ]);
  });

  it('drops frames longer than the cap', () => {
    const r = new FrameReassembler({ maxFrameBytes: 16 });
    expect(r.pushAll(encodeFrame(0x24, new Uint8Array(40)))).toEqual([]);
    expect(r.stats.dropped.tooLong).toBe(1);
    expect(r.pushAll(encodeFrame(0x04))).toHaveLength(1);
  });

  it('yields the same frames for any split of any stream with garbage between frames', () => {
    // Bytes biased towards the three special values so escapes are common.
    const byte = fc.oneof(fc.constantFrom(0xc0, 0xc1, 0x7d), fc.integer({ min: 0, max: 255 }));
    const frameArb = fc.record({
      cmd: fc.oneof(byte, fc.constantFrom(0x6c, 0x84, 0x24)),
      err: fc.integer({ min: 0, max: 5 }),
      payload: fc
        .uint8Array({ maxLength: 40 })
        .chain((a) =>
          fc.array(byte, { minLength: a.length, maxLength: a.length }).map((b) => Uint8Array.from(b)),
        ),
    });
    const garbage = fc.array(
      fc.integer({ min: 0, max: 255 }).filter((b) => b !== 0xc0),
      { maxLength: 6 },
    );
    fc.assert(
      fc.property(
        fc.array(fc.tuple(frameArb, garbage), { maxLength: 12 }),
        fc.array(fc.integer({ min: 1, max: 25 }), { minLength: 1, maxLength: 20 }),
        (items, sizes) => {
          const clean = items.map(([f]) => encodeFrame(f.cmd, f.payload, f.err));
          const whole = concat(clean);
          const noisy = concat(items.flatMap(([, g], i) => [Uint8Array.from(g), clean[i]!]));
          const expected = decodeFrames(whole);
          expect(expected).toHaveLength(items.length);
          const r = new FrameReassembler();
          const got: Frame[] = [];
          let o = 0;
          for (let k = 0; o < noisy.length; k++) {
            const n = sizes[k % sizes.length]!;
            r.push(noisy.subarray(o, o + n), (f) => got.push(f));
            o += n;
          }
          expect(got).toEqual(expected);
        },
      ),
    );
  });
});

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

describe('FrameReassembler counts and drops', () => {
  it('counts every frame it hands on, short error frames included, and no frame twice', () => {
    const r = new FrameReassembler();
    const frames = r.pushAll(hex('C0 91 02 C1 C0 04 00 00 C1 C0 6A 01 00 05 07 C1'));
    expect(frames.map((f) => [f.cmd, f.err, toHex(f.payload), f.short ?? false])).toEqual([
      [0x91, 2, '', true],
      [0x04, undefined, '', false],
      [0x6a, undefined, '05', false],
    ]);
    expect(r.stats.frames).toBe(3);
    expect(r.stats.surplusFrames).toBe(1);
    expect(r.stats.garbageBytes).toBe(0);
  });

  it('gives 0x80 and above an error byte, and reads a two-byte form A body as a truncated header', () => {
    expect(decodeFrames(hex('C0 80 03 01 00 09 C1'))).toEqual([
      { cmd: 0x80, err: 3, payload: Uint8Array.of(9) },
    ]);
    expect(decodeFrames(hex('C0 7F 01 00 09 C1'))).toEqual([
      { cmd: 0x7f, err: undefined, payload: Uint8Array.of(9) },
    ]);
    const drops: [string, string][] = [];
    const r = new FrameReassembler({ onDrop: (reason, body) => drops.push([reason, toHex(body)]) });
    // A form A command with one byte after it is no short error frame; nor is a form B one with err 0.
    expect(r.pushAll(hex('C0 04 05 C1 C0 91 00 C1'))).toEqual([]);
    expect(drops).toEqual([
      ['truncatedHeader', '04 05'],
      ['truncatedHeader', '91 00'],
    ]);
    expect(r.stats.frames).toBe(0);
  });

  it('tells the dropped body exactly, and drops nothing for a start byte repeated before any body', () => {
    const drops: [string, string][] = [];
    const r = new FrameReassembler({ onDrop: (reason, body) => drops.push([reason, toHex(body)]) });
    expect(r.pushAll(hex('C0 C0 C0 04 00 00 C1')).map((f) => f.cmd)).toEqual([0x04]);
    expect(drops).toEqual([]);
    expect(r.stats.dropped.interrupted).toBe(0);
    r.pushAll(hex('C0 6A 05 C0 04 00 00 C1'));
    expect(drops).toEqual([['interrupted', '6A 05']]);
    expect(r.stats.dropped.interrupted).toBe(1);
  });

  it('forgets a partial frame on reset, keeping its counters', () => {
    const r = new FrameReassembler();
    expect(r.pushAll(hex('C0 6A 01 00 7D'))).toEqual([]);
    r.reset();
    // Without the reset these bytes would end the frame above (escape pending, then 07 ^ 0x20).
    expect(r.pushAll(hex('07 C1'))).toEqual([]);
    expect(r.stats.garbageBytes).toBe(2);
    expect(r.pushAll(hex('C0 6A 01 00 07 C1'))).toEqual([
      { cmd: 0x6a, err: undefined, payload: Uint8Array.of(7) },
    ]);
    expect(r.stats.frames).toBe(1);
  });
});
