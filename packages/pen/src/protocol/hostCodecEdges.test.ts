/**
 * The host codec's edges (pen-protocol.md §4): the firmware chunk's abort forms and checksums
 * (§4.14–4.15), the counts a request may carry, unknown and malformed frames read back as they came.
 */
import { describe, expect, it } from 'vitest';
import { fromHex, toHex } from './bytes';
import { decodeFrames } from './framing';
import { decodeHostFrame, encodeRequest, firmwareChecksum } from './hostCodec';
import type { HostRequest } from './hostRequests';

const roundTrip = (req: HostRequest) => decodeHostFrame(decodeFrames(encodeRequest(req))[0]!);
const chunk = {
  kind: 'firmwareChunk' as const,
  stop: false,
  offset: 0x100,
  chunkChecksum: 6,
  sizeBefore: 3,
  sizeAfter: 0,
  data: Uint8Array.of(1, 2, 3),
};

describe('firmware', () => {
  it('sums bytes to their low byte (file and chunk checksums)', () => {
    expect(firmwareChecksum(new Uint8Array(0))).toBe(0);
    expect(firmwareChecksum(Uint8Array.of(1, 2, 3))).toBe(6);
    expect(firmwareChecksum(Uint8Array.of(0xff, 0x02))).toBe(0x01);
    expect(firmwareChecksum(new Uint8Array(300).fill(0xff))).toBe((300 * 0xff) & 0xff);
  });

  it('aborts an upload as WEB does (err 1 alone) or as AND does (err 1, len 0), and reads both', () => {
    expect(toHex(encodeRequest({ ...chunk, abort: 'short' }))).toBe('C0 B2 01 C1');
    expect(toHex(encodeRequest({ ...chunk, abort: 'empty' }))).toBe('C0 B2 01 00 00 C1');
    expect(toHex(encodeRequest({ ...chunk, abort: 'empty', err: 3 }))).toBe('C0 B2 03 00 00 C1');
    const aborted = {
      kind: 'firmwareChunk',
      err: 1,
      stop: true,
      offset: 0,
      chunkChecksum: 0,
      sizeBefore: 0,
      sizeAfter: 0,
      data: new Uint8Array(0),
    };
    expect(roundTrip({ ...chunk, abort: 'short' })).toEqual({ ...aborted, abort: 'short' });
    expect(roundTrip({ ...chunk, abort: 'empty' })).toEqual({ ...aborted, abort: 'empty' });
  });

  it('sends a chunk with err 0 unless told, and reads its fields back', () => {
    expect(toHex(encodeRequest(chunk))).toBe(
      'C0 B2 00 11 00 00 00 01 00 00 06 03 00 00 00 00 00 00 00 01 02 03 C1',
    );
    expect(toHex(encodeRequest({ ...chunk, stop: true, err: 2 }))).toBe(
      'C0 B2 02 11 00 01 00 01 00 00 06 03 00 00 00 00 00 00 00 01 02 03 C1',
    );
    expect(roundTrip(chunk)).toEqual({ ...chunk, err: 0 });
    // An empty chunk without an error is a malformed chunk, not an abort.
    expect(decodeHostFrame({ cmd: 0xb2, err: 0, payload: new Uint8Array(0) })).toMatchObject({
      kind: 'malformed',
      err: 0,
    });
  });
});

describe('counts a request may carry', () => {
  it('refuses a note filter of 0xFFFF notes (the count that means all)', () => {
    const note = { section: 3, owner: 27, book: 1 };
    expect(() =>
      encodeRequest({ kind: 'onlineDataRequest', notes: Array.from({ length: 0xffff }, () => note) }),
    ).toThrow('too many notes in the filter');
    const most = encodeRequest({
      kind: 'onlineDataRequest',
      notes: Array.from({ length: 0xfffe }, () => note),
    });
    // The count: 0xFFFE notes (the frame's u16 length cannot hold so many; only the count is read here).
    expect(toHex(most.subarray(4, 6))).toBe('FE FF');
  });

  it('deletes at most 255 notes or pages per request', () => {
    const books = (n: number) => Array.from({ length: n }, (_, i) => i);
    expect(() =>
      encodeRequest({ kind: 'offlineDeleteNotes', section: 3, owner: 27, books: books(256) }),
    ).toThrow('at most 255 notes per delete request');
    expect(() =>
      encodeRequest({ kind: 'offlineDeletePages', section: 3, owner: 27, book: 1, pages: books(256) }),
    ).toThrow('at most 255 pages per delete request');
    expect(roundTrip({ kind: 'offlineDeleteNotes', section: 3, owner: 27, books: books(255) })).toEqual({
      kind: 'offlineDeleteNotes',
      section: 3,
      owner: 27,
      books: books(255),
    });
    expect(
      roundTrip({ kind: 'offlineDeletePages', section: 3, owner: 27, book: 1, pages: books(255) }),
    ).toEqual({
      kind: 'offlineDeletePages',
      section: 3,
      owner: 27,
      book: 1,
      pages: books(255),
    });
  });

  it('reads an offline data request claiming more pages than it carries as malformed, naming the bytes', () => {
    // transfer 1, compress 1, section/owner, book 1, 3 pages but only one page given.
    const payload = fromHex('01 01 1B 00 00 03 01 00 00 00 03 00 00 00 07 00 00 00');
    expect(decodeHostFrame({ cmd: 0x23, err: undefined, payload })).toEqual({
      kind: 'malformed',
      cmd: 0x23,
      payload,
      reason: 'payload too short: needs 26 bytes, has 18',
    });
    expect(
      decodeHostFrame({
        cmd: 0x23,
        err: undefined,
        payload: fromHex('01 01 1B 00 00 03 01 00 00 00 01 00 00 00 07 00 00 00'),
      }),
    ).toEqual({
      kind: 'offlineDataRequest',
      transfer: 1,
      compress: true,
      section: 3,
      owner: 27,
      book: 1,
      pages: [7],
    });
  });
});

describe('frames read back as they came', () => {
  it('keeps the error byte of an unknown or malformed frame when it has one, and only then', () => {
    const payload = Uint8Array.of(9);
    expect(decodeHostFrame({ cmd: 0x76, err: undefined, payload })).toEqual({
      kind: 'unknown',
      cmd: 0x76,
      payload,
    });
    expect(decodeHostFrame({ cmd: 0xf6, err: 4, payload })).toEqual({
      kind: 'unknown',
      cmd: 0xf6,
      err: 4,
      payload,
    });
    expect(decodeHostFrame({ cmd: 0x05, err: undefined, payload: new Uint8Array(0) })).toEqual({
      kind: 'malformed',
      cmd: 0x05,
      payload: new Uint8Array(0),
      reason: 'payload too short: needs 1 bytes, has 0',
    });
    expect(decodeHostFrame({ cmd: 0xa4, err: 0, payload: Uint8Array.of(1) })).toEqual({
      kind: 'malformed',
      cmd: 0xa4,
      err: 0,
      payload: Uint8Array.of(1),
      reason: 'payload too short: needs 2 bytes, has 1',
    });
  });

  it('sends an unknown command verbatim, with err 0 unless told', () => {
    expect(toHex(encodeRequest({ kind: 'unknown', cmd: 0xf6, payload: Uint8Array.of(9) }))).toBe(
      'C0 F6 00 01 00 09 C1',
    );
    expect(toHex(encodeRequest({ kind: 'unknown', cmd: 0xf6, err: 5, payload: Uint8Array.of(9) }))).toBe(
      'C0 F6 05 01 00 09 C1',
    );
  });
});
