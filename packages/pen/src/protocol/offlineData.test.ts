import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeDeviceFrame } from './deviceDecode';
import { encodeDeviceMessage } from './deviceEncode';
import { decodeFrames } from './framing';
import {
  decodeOfflineStrokes,
  deflateChunkData,
  encodeOfflineStrokes,
  inflateChunkData,
  OfflineInflateLimitError,
  type OfflineStroke,
  offlineDotChecksum,
} from './offlineData';

const T0 = 1_700_000_000_000;
const stroke: OfflineStroke = {
  page: 1,
  downTimeMs: T0,
  upTimeMs: T0 + 20,
  penTipType: 0,
  colorArgb: 0xff000000,
  dots: [
    { dtMs: 0, force: 300, x: 30, y: 40, fx: 25, fy: 50, tiltX: 70, tiltY: 80, twist: 0 },
    { dtMs: 20, force: 310, x: 30, y: 41, fx: 0, fy: 0, tiltX: 70, tiltY: 80, twist: 0 },
  ],
};

const u8 = fc.integer({ min: 0, max: 255 });
const u16 = fc.integer({ min: 0, max: 0xffff });
const strokeArb: fc.Arbitrary<OfflineStroke> = fc.record({
  page: fc.integer({ min: 0, max: 0xffff_ffff }),
  downTimeMs: fc.integer({ min: 0, max: 2 ** 53 - 1 }),
  upTimeMs: fc.integer({ min: 0, max: 2 ** 53 - 1 }),
  penTipType: u8,
  colorArgb: fc.integer({ min: 0, max: 0xffff_ffff }),
  dots: fc.array(
    fc.record({ dtMs: u8, force: u16, x: u16, y: u16, fx: u8, fy: u8, tiltX: u8, tiltY: u8, twist: u16 }),
    { maxLength: 20 },
  ),
});

describe('offline stroke data', () => {
  it('fills every dot checksum with the low byte of the sum of bytes 0–14', () => {
    const data = encodeOfflineStrokes([stroke]);
    expect(data[27 + 15]).toBe(0x54);
    expect(data[27 + 16 + 15]).toBe(0x28);
    expect(offlineDotChecksum(data, 27)).toBe(0x54);
  });

  it('round-trips any strokes, raw and through zlib', () => {
    fc.assert(
      fc.property(fc.array(strokeArb, { maxLength: 6 }), (strokes) => {
        const raw = encodeOfflineStrokes(strokes);
        expect(decodeOfflineStrokes(raw, strokes.length)).toEqual({ strokes, badChecksums: 0 });
        expect(inflateChunkData(deflateChunkData(raw))).toEqual(raw);
      }),
      { numRuns: 100 },
    );
  });

  it('counts bad checksums but keeps the dots', () => {
    const raw = encodeOfflineStrokes([stroke]);
    raw[27 + 15] = raw[27 + 15]! ^ 1;
    const r = decodeOfflineStrokes(raw, 1);
    expect(r.badChecksums).toBe(1);
    expect(r.strokes[0]!.dots).toHaveLength(2);
  });

  it('reports data that ends inside a stroke or has bytes left over', () => {
    const raw = encodeOfflineStrokes([stroke]);
    expect(decodeOfflineStrokes(raw.subarray(0, 40), 1).problem).toMatch(/past the data/);
    expect(decodeOfflineStrokes(raw.subarray(0, 20), 1).problem).toMatch(/header/);
    expect(decodeOfflineStrokes(raw, 0).problem).toMatch(/left/);
  });

  it('flags a chunk whose zlib data is corrupt or whose sizes disagree with the header', () => {
    const raw = encodeOfflineStrokes([stroke]);
    const base = {
      kind: 'offlineChunk' as const,
      packetId: 1,
      position: 2,
      section: 3,
      owner: 27,
      book: 1068,
      strokeCount: 1,
      strokes: [],
      badChecksums: 0,
    };
    const bad = encodeDeviceMessage({
      ...base,
      compressed: true,
      sizeBefore: 59,
      sizeAfter: 4,
      data: Uint8Array.of(1, 2, 3, 4),
    });
    const m = decodeDeviceFrame(decodeFrames(bad)[0]!);
    expect(m).toMatchObject({ kind: 'offlineChunk', problem: expect.stringMatching(/inflate/) });
    const wrongSize = encodeDeviceMessage({
      ...base,
      compressed: false,
      sizeBefore: 60,
      sizeAfter: 0,
      data: raw,
    });
    expect(decodeDeviceFrame(decodeFrames(wrongSize)[0]!)).toMatchObject({
      problem: expect.stringMatching(/says 60/),
    });
  });

  it('inflates no further than the size the chunk header declares (a frame cannot become megabytes)', () => {
    // 8 MiB of zeros deflate to ~8 KB: a frame this size would otherwise inflate 1,000-fold
    const bomb = deflateChunkData(new Uint8Array(8 << 20));
    expect(bomb.length).toBeLessThan(0xffff);
    const error = (() => {
      try {
        inflateChunkData(bomb, 0xffff);
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(OfflineInflateLimitError);
    expect((error as Error).message).toBe(
      'the compressed data inflates past the 65535 bytes its header declares',
    );
    // exactly the declared size still inflates
    const raw = encodeOfflineStrokes([stroke]);
    expect(inflateChunkData(deflateChunkData(raw), raw.length)).toEqual(raw);
  });

  it('flags a 0x24 chunk whose data inflates past its declared size, without its strokes', () => {
    const raw = encodeOfflineStrokes([stroke]);
    const padded = new Uint8Array(raw.length * 40);
    padded.set(raw);
    const data = deflateChunkData(padded);
    const frame = encodeDeviceMessage({
      kind: 'offlineChunk',
      packetId: 7,
      position: 2,
      section: 3,
      owner: 27,
      book: 1068,
      strokeCount: 1,
      strokes: [],
      badChecksums: 0,
      compressed: true,
      sizeBefore: raw.length,
      sizeAfter: data.length,
      data,
    });
    expect(decodeDeviceFrame(decodeFrames(frame)[0]!)).toMatchObject({
      kind: 'offlineChunk',
      strokes: [],
      problem: 'cannot inflate: the compressed data inflates past the 59 bytes its header declares',
    });
  });
});
