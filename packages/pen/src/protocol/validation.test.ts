import { memoryLogger } from '@dotink/ncode';
import { describe, expect, it } from 'vitest';
import { isBelowMinimumProtocol, penDeviceInfo } from './deviceInfo';
import {
  ACCEPTED_NAME_PREFIXES,
  DEFAULT_PASSCODE,
  hasAcceptedNamePrefix,
  isBluetoothCancel,
  isValidPasscode,
  isValidTransferMode,
  PEN_NOTIFY_CHAR_16BIT,
  PEN_NOTIFY_CHAR_128BIT,
  PEN_PAIRING_SERVICE,
  PEN_SERVICE_16BIT,
  PEN_SERVICE_128BIT,
  PEN_WRITE_CHAR_16BIT,
  PEN_WRITE_CHAR_128BIT,
  passcodeBytes,
  penRequestDeviceOptions,
  penTypeFromCode,
  sanitizeHexColor,
} from './validation';
import { macFromString, macToString, protocolVersionNumber } from './wireFields';

describe('validation (engine.md §5)', () => {
  it('sends a passcode of exactly four characters as their character codes', () => {
    expect(Array.from(passcodeBytes('1234'))).toEqual([0x31, 0x32, 0x33, 0x34]);
    expect(Array.from(passcodeBytes('ab!Z'))).toEqual([0x61, 0x62, 0x21, 0x5a]);
    expect(() => passcodeBytes('123')).toThrow(RangeError);
    expect(() => passcodeBytes('12345')).toThrow(RangeError);
    expect(isValidPasscode('12€4')).toBe(false);
  });

  it('maps pen type codes 0/1 pen, 2 eraser, 3 fsir, anything else pen with a logged error', () => {
    const log = memoryLogger();
    expect([0, 1, 2, 3].map((c) => penTypeFromCode(c, log))).toEqual(['pen', 'pen', 'eraser', 'fsir']);
    expect(log.lines).toEqual([]);
    expect(penTypeFromCode(7, log)).toBe('pen');
    expect(log.lines.map((l) => l.level)).toEqual(['error']);
  });

  it('accepts transfer modes 0, 1 and 100 only', () => {
    expect([0, 1, 100].every(isValidTransferMode)).toBe(true);
    expect([2, 99, -1, 101].some(isValidTransferMode)).toBe(false);
  });

  it('takes Bluetooth code 8 as a cancel (no device)', () => {
    expect(isBluetoothCancel({ name: 'NotFoundError', code: 8 })).toBe(true);
    expect(isBluetoothCancel({ name: 'NetworkError', code: 19 })).toBe(false);
    expect(isBluetoothCancel(undefined)).toBe(false);
  });

  it('accepts the seven name prefixes', () => {
    expect(ACCEPTED_NAME_PREFIXES).toEqual([
      'Neosmartpen',
      'LAMY',
      'Smartpen',
      'RED1',
      'RED2',
      'BLUE1',
      'BLUE2',
    ]);
    expect(hasAcceptedNamePrefix('Neosmartpen_F121')).toBe(true);
    expect(hasAcceptedNamePrefix('BLUE3')).toBe(false);
    expect(hasAcceptedNamePrefix(undefined)).toBe(false);
  });

  it('keeps a hex colour to hex characters, at most six', () => {
    expect(sanitizeHexColor('#ff00AAzz12')).toBe('ff00AA');
    expect(sanitizeHexColor('g1h2')).toBe('12');
  });

  it('asks for both service sets in filters and optional services', () => {
    const o = penRequestDeviceOptions();
    expect(o.optionalServices).toEqual([PEN_SERVICE_128BIT, PEN_SERVICE_16BIT]);
    expect(o.filters.slice(0, 2)).toEqual([
      { services: [PEN_SERVICE_128BIT] },
      { services: [PEN_SERVICE_16BIT] },
    ]);
    expect(o.filters).toContainEqual({ namePrefix: 'LAMY' });
  });

  it('reads device info and compares protocol versions as D.DD', () => {
    const log = memoryLogger();
    const info = penDeviceInfo(
      {
        kind: 'versionInfo',
        modelName: 'NWP-F121',
        firmwareVersion: '1.07',
        protocolVersion: '2.12',
        subName: '',
        deviceTypeCode: 2,
        mac: '9C:7B:D2:12:34:56',
      },
      log,
    );
    expect(info).toEqual({
      modelName: 'NWP-F121',
      protocolVer: '2.12',
      deviceType: 'eraser',
      mac: '9C:7B:D2:12:34:56',
    });
    expect(protocolVersionNumber('2.18')).toBe(218);
    expect(protocolVersionNumber('2.1')).toBe(210);
    expect(protocolVersionNumber('x')).toBeUndefined();
    expect(isBelowMinimumProtocol('2.12')).toBe(true);
    expect(isBelowMinimumProtocol('2.18')).toBe(false);
    expect(isBelowMinimumProtocol('2.22')).toBe(false);
  });
});

describe('GATT identifiers and wire fields (pen-protocol.md §1.1, §2.5)', () => {
  it('names the UUIDs of §1.1 exactly', () => {
    expect([PEN_SERVICE_16BIT, PEN_WRITE_CHAR_16BIT, PEN_NOTIFY_CHAR_16BIT]).toEqual([
      '000019f1-0000-1000-8000-00805f9b34fb',
      '00002ba0-0000-1000-8000-00805f9b34fb',
      '00002ba1-0000-1000-8000-00805f9b34fb',
    ]);
    expect([PEN_SERVICE_128BIT, PEN_WRITE_CHAR_128BIT, PEN_NOTIFY_CHAR_128BIT]).toEqual([
      '4f99f138-9d53-5bfa-9e50-b147491afe68',
      '8bc8cc7d-88ca-56b0-af9a-9bf514d0d61a',
      '64cd86b1-2256-5aeb-9f04-2caf6c60ae57',
    ]);
    expect(PEN_PAIRING_SERVICE).toBe('000019f0-0000-1000-8000-00805f9b34fb');
    expect(DEFAULT_PASSCODE).toBe('0000');
  });

  it('takes a passcode of single-byte characters up to 0xFF, and says why it refuses one', () => {
    expect(Array.from(passcodeBytes('ÿÿÿÿ'))).toEqual([0xff, 0xff, 0xff, 0xff]);
    expect(() => passcodeBytes('12')).toThrow('passcode must be exactly 4 characters');
    expect(() => passcodeBytes('123Ā')).toThrow('passcode characters must be single-byte characters');
    expect(isValidPasscode('123Ā')).toBe(false);
  });

  it('reads a MAC address of exactly 12 hex digits in any of its spellings', () => {
    const mac = [0x9c, 0x7b, 0xd2, 0x12, 0x34, 0x56];
    expect(Array.from(macFromString('9C:7B:D2:12:34:56'))).toEqual(mac);
    expect(Array.from(macFromString('9c-7b-d2-12-34-56'))).toEqual(mac);
    expect(Array.from(macFromString('9C7BD2123456'))).toEqual(mac);
    expect(macToString(macFromString('9c7bd2123456'))).toBe('9C:7B:D2:12:34:56');
    expect(() => macFromString('9C:7B:D2:12:34')).toThrow('invalid MAC address: 9C:7B:D2:12:34');
    expect(() => macFromString('9C:7B:D2:12:34:56:78')).toThrow(RangeError);
  });

  it('reads a protocol version at the start of the text only, with numbers of any digits', () => {
    expect(protocolVersionNumber(' 2.18')).toBe(218);
    expect(protocolVersionNumber('12.5')).toBe(1250);
    expect(protocolVersionNumber('v2.18')).toBeUndefined();
    expect(protocolVersionNumber('x 2.18')).toBeUndefined();
  });
});
