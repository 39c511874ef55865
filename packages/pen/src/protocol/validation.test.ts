import { memoryLogger } from '@dotink/ncode';
import { describe, expect, it } from 'vitest';
import { isBelowMinimumProtocol, penDeviceInfo } from './deviceInfo';
import {
  ACCEPTED_NAME_PREFIXES,
  hasAcceptedNamePrefix,
  isBluetoothCancel,
  isValidPasscode,
  isValidTransferMode,
  PEN_SERVICE_16BIT,
  PEN_SERVICE_128BIT,
  passcodeBytes,
  penRequestDeviceOptions,
  penTypeFromCode,
  sanitizeHexColor,
} from './validation';
import { protocolVersionNumber } from './wireFields';

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
