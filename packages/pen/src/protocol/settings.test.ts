import { describe, expect, it } from 'vitest';
import { fromHex, toHex } from './bytes';
import { decodeFrames } from './framing';
import { decodeHostFrame, encodeRequest } from './hostCodec';
import {
  decodeSettingPayload,
  encodeSettingPayload,
  type Setting,
  SettingType,
  settingCode,
  settingName,
} from './settings';

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

describe('every setting type of §7', () => {
  // (setting, the exact 0x05 payload: type byte then value) per pen-protocol.md §7.
  const table: [Setting, string][] = [
    [{ type: 'rtcTime', timeMs: Date.UTC(2025, 2, 3, 8) }, '01 00 DC 04 5B 95 01 00 00'],
    [{ type: 'autoPowerOffTime', minutes: 0x0102 }, '02 02 01'],
    [{ type: 'penCapPower', on: true }, '03 01'],
    [{ type: 'penCapPower', on: false }, '03 00'],
    [{ type: 'autoPowerOn', on: true }, '04 01'],
    [{ type: 'autoPowerOn', on: false }, '04 00'],
    [{ type: 'beep', on: true }, '05 01'],
    [{ type: 'beep', on: false }, '05 00'],
    [{ type: 'hover', on: true }, '06 01'],
    [{ type: 'hover', on: false }, '06 00'],
    [{ type: 'offlineSave', mode: 100 }, '07 64'],
    [{ type: 'ledColor', argb: 0xff112233, form: 'argb' }, '08 FF 11 22 33'],
    [{ type: 'fsrSensitivity', step: 4 }, '09 04'],
    [{ type: 'usbMode', mode: 'bulk' }, '0A 01'],
    [{ type: 'usbMode', mode: 'disk' }, '0A 00'],
    [{ type: 'downSampling', on: true }, '0B 01'],
    [{ type: 'downSampling', on: false }, '0B 00'],
    [
      { type: 'btLocalName', name: 'Pen', lengthByte: 3 },
      '0C 03 50 65 6E 00 00 00 00 00 00 00 00 00 00 00 00 00',
    ],
    [{ type: 'fscSensitivity', step: 3 }, '0D 03'],
    [{ type: 'dataTransmissionType', value: 1 }, '0E 01'],
    [{ type: 'beepAndLight' }, '10 00'],
    [{ type: 'initDisk', magic: 0x4f1c0b42 }, '11 42 0B 1C 4F'],
    [{ type: 'other', code: 22, value: Uint8Array.of(1, 5, 7) }, '16 01 05 07'],
  ];

  it.each(table)('%j: encodes to its exact payload and reads back', (setting, payload) => {
    const encoded = encodeSettingPayload(setting);
    expect(toHex(encoded.payload)).toBe(payload);
    expect(encoded.len).toBe(encoded.payload.length);
    expect(decodeSettingPayload(fromHex(payload))).toEqual(setting);
    expect(settingCode(setting)).toBe(fromHex(payload)[0]);
  });

  it('names each code, and no name for an unknown one', () => {
    for (const [name, code] of Object.entries(SettingType)) expect(settingName(code)).toBe(name);
    expect(settingName(15)).toBeUndefined();
    expect(settingName(0)).toBeUndefined();
  });

  it('reads any non-zero flag byte as on, and a value too short as other', () => {
    expect(decodeSettingPayload(fromHex('03 02'))).toEqual({ type: 'penCapPower', on: true });
    expect(decodeSettingPayload(fromHex('0B FF'))).toEqual({ type: 'downSampling', on: true });
    expect(decodeSettingPayload(fromHex('0A 02'))).toEqual({ type: 'usbMode', mode: 'disk' });
    expect(decodeSettingPayload(fromHex('01 00 01'))).toEqual({
      type: 'other',
      code: 1,
      value: fromHex('00 01'),
    });
    expect(decodeSettingPayload(fromHex('05'))).toEqual({ type: 'other', code: 5, value: new Uint8Array(0) });
    // A name shorter than its 16 bytes reads what is there.
    expect(decodeSettingPayload(fromHex('0C 10 41 42'))).toEqual({
      type: 'btLocalName',
      lengthByte: 16,
      name: 'AB',
    });
  });
});
