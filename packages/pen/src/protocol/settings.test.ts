import { describe, expect, it } from 'vitest';
import { toHex } from './bytes';
import { decodeFrames } from './framing';
import { decodeHostFrame, encodeRequest } from './hostCodec';

describe('settings', () => {
  it('reads both LED colour forms: WEB ARGB (len 5) and IOS3 type byte + BGRA (len 6)', () => {
    const ios = encodeRequest({
      kind: 'setting',
      setting: { type: 'ledColor', argb: 0xff112233, form: 'typedBgra' },
    });
    expect(toHex(ios)).toBe('C0 05 06 00 08 00 33 22 11 FF C1');
    expect(decodeHostFrame(decodeFrames(ios)[0]!)).toEqual({
      kind: 'setting',
      setting: { type: 'ledColor', argb: 0xff112233, form: 'typedBgra' },
    });
  });

  it('sends FSC sensitivity as one byte; reads the WEB form (u16 under len 2) by its declared length', () => {
    expect(toHex(encodeRequest({ kind: 'setting', setting: { type: 'fscSensitivity', step: 2 } }))).toBe(
      'C0 05 02 00 0D 02 C1',
    );
    const web = encodeRequest({
      kind: 'setting',
      setting: { type: 'fscSensitivity', step: 2, webQuirk: true },
    });
    expect(toHex(web)).toBe('C0 05 02 00 0D 02 00 C1');
    expect(decodeHostFrame(decodeFrames(web)[0]!)).toEqual({
      kind: 'setting',
      setting: { type: 'fscSensitivity', step: 2 },
    });
  });

  it('writes the disk-init magic as 42 0B 1C 4F and the BT name with a length byte of 16', () => {
    expect(toHex(encodeRequest({ kind: 'setting', setting: { type: 'initDisk' } }))).toBe(
      'C0 05 05 00 11 42 0B 1C 4F C1',
    );
    expect(toHex(encodeRequest({ kind: 'setting', setting: { type: 'btLocalName', name: 'Pen' } }))).toBe(
      'C0 05 12 00 0C 10 50 65 6E 00 00 00 00 00 00 00 00 00 00 00 00 00 C1',
    );
  });

  it('reads an unknown setting type as other, with its raw value', () => {
    const f = encodeRequest({
      kind: 'setting',
      setting: { type: 'other', code: 99, value: Uint8Array.of(1, 2) },
    });
    expect(decodeHostFrame(decodeFrames(f)[0]!)).toEqual({
      kind: 'setting',
      setting: { type: 'other', code: 99, value: Uint8Array.of(1, 2) },
    });
  });
});
