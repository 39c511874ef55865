/**
 * Every test vector of pen-protocol.md §12, checked on both sides: the host encodes requests to
 * the exact bytes and the simulator's decoder reads them back; the pen side encodes responses
 * and events to the exact bytes and the host's decoder reads them back.
 */
import { describe, expect, it } from 'vitest';
import { fromHex, toHex } from './bytes';
import { decodeDeviceFrame } from './deviceDecode';
import { encodeDeviceMessage } from './deviceEncode';
import type { DeviceMessage } from './deviceMessages';
import { decodeFrames } from './framing';
import { decodeHostFrame, encodeRequest } from './hostCodec';
import type { HostRequest } from './hostRequests';
import { encodeOfflineStrokes, type OfflineStroke } from './offlineData';

const T0 = 1_700_000_000_000;
const norm = (h: string) => toHex(fromHex(h));

function oneFrame(wire: string) {
  const frames = decodeFrames(fromHex(wire));
  expect(frames).toHaveLength(1);
  return frames[0]!;
}

const hostVectors: [string, HostRequest, string][] = [
  [
    'version request 2.18',
    { kind: 'versionRequest', appType: 0x01f0, appVersion: '0.0.0.0', protocolVersion: '2.18' },
    'C0 01 2A 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 F0 01 30 2E 30 2E 30 2E 30 00 00 00 00 00 00 00 00 00 32 2E 31 38 00 00 00 00 C1',
  ],
  ['pen status request', { kind: 'statusRequest' }, 'C0 04 00 00 C1'],
  [
    'password 1234',
    { kind: 'passwordInput', password: '1234' },
    'C0 02 10 00 31 32 33 34 00 00 00 00 00 00 00 00 00 00 00 00 C1',
  ],
  [
    'password change 1234 → 5678',
    { kind: 'passwordChange', usePassword: true, oldPassword: '1234', newPassword: '5678' },
    'C0 03 21 00 01 31 32 33 34 00 00 00 00 00 00 00 00 00 00 00 00 35 36 37 38 00 00 00 00 00 00 00 00 00 00 00 00 C1',
  ],
  [
    'set time T0',
    { kind: 'setting', setting: { type: 'rtcTime', timeMs: T0 } },
    'C0 05 09 00 01 00 68 E5 CF 8B 01 00 00 C1',
  ],
  [
    'auto power off 20 min',
    { kind: 'setting', setting: { type: 'autoPowerOffTime', minutes: 20 } },
    'C0 05 03 00 02 14 00 C1',
  ],
  ['hover on', { kind: 'setting', setting: { type: 'hover', on: true } }, 'C0 05 02 00 06 01 C1'],
  [
    'LED colour 0xFF0000FF',
    { kind: 'setting', setting: { type: 'ledColor', argb: 0xff0000ff, form: 'argb' } },
    'C0 05 05 00 08 FF 00 00 FF C1',
  ],
  ['online data, all notes', { kind: 'onlineDataRequest', notes: 'all' }, 'C0 11 02 00 FF FF C1'],
  [
    'online data, s3/o27/b1068',
    { kind: 'onlineDataRequest', notes: [{ section: 3, owner: 27, book: 1068 }] },
    'C0 11 0A 00 01 00 1B 00 00 03 2C 04 00 00 C1',
  ],
  [
    'online data, s3/o27 every book',
    { kind: 'onlineDataRequest', notes: [{ section: 3, owner: 27, book: 'all' }] },
    'C0 11 0A 00 01 00 1B 00 00 03 FF FF FF FF C1',
  ],
  ['offline note list (all)', { kind: 'offlineNoteListRequest', from: 'all' }, 'C0 21 04 00 FF FF FF FF C1'],
  [
    'offline page list',
    { kind: 'offlinePageListRequest', section: 3, owner: 27, book: 1068 },
    'C0 22 08 00 1B 00 00 03 2C 04 00 00 C1',
  ],
  [
    'offline data (keep, uncompressed, whole note)',
    {
      kind: 'offlineDataRequest',
      transfer: 2,
      compress: false,
      section: 3,
      owner: 27,
      book: 1068,
      pages: [],
    },
    'C0 23 0E 00 02 00 1B 00 00 03 2C 04 00 00 00 00 00 00 C1',
  ],
  [
    'offline data (delete, compressed, page 1)',
    {
      kind: 'offlineDataRequest',
      transfer: 1,
      compress: true,
      section: 3,
      owner: 27,
      book: 1068,
      pages: [1],
    },
    'C0 23 12 00 01 01 1B 00 00 03 2C 04 00 00 01 00 00 00 01 00 00 00 C1',
  ],
  [
    'offline chunk ACK',
    { kind: 'offlineChunkAck', packetId: 0, ok: true, continue: false },
    'C0 A4 00 03 00 00 00 00 C1',
  ],
  [
    'delete note 1068',
    { kind: 'offlineDeleteNotes', section: 3, owner: 27, books: [1068] },
    'C0 25 09 00 1B 00 00 03 01 2C 04 00 00 C1',
  ],
];

describe('§12 host → pen vectors', () => {
  it.each(hostVectors)('%s: encodes to the exact bytes', (_name, req, wire) => {
    expect(toHex(encodeRequest(req))).toBe(norm(wire));
  });

  it.each(hostVectors)('%s: the pen side decodes it back', (_name, req, wire) => {
    const decoded = decodeHostFrame(oneFrame(wire));
    if (req.kind === 'versionRequest') {
      expect(decoded).toMatchObject({ ...req, connectionCode: new Uint8Array(16) });
    } else expect(decoded).toEqual(req);
  });
});

const versionInfo: DeviceMessage = {
  kind: 'versionInfo',
  modelName: 'NWP-F121',
  firmwareVersion: '1.07.0151',
  protocolVersion: '2.18',
  subName: 'Neosmartpen',
  deviceTypeCode: 1,
  mac: '9C:7B:D2:12:34:56',
  pressureSensorType: 0,
  companyCode: 0,
  productCode: 0,
  colorCode: 0,
};

const status: DeviceMessage = {
  kind: 'penStatus',
  isPwLocked: false,
  retryLimit: 10,
  currentRetryCount: 0,
  penTimeMs: T0,
  autoPowerOffTimeMinutes: 20,
  maxPressureValue: 852,
  storageUsagePercent: 15,
  autoPenCapOnOff: true,
  autoPowerOn: true,
  beepOn: true,
  hoverModeOn: false,
  batteryLevelPercent: 85,
  isCharging: false,
  batteryRaw: 85,
  isSupportOfflineStore: true,
  offlineSaveMode: 1,
  pressureSensitivity: 0,
  usbMode: 'disk',
  isPathSimplifyOn: false,
  btLocalName: 'Neosmartpen',
  dataTransmissionType: 0,
  isStoreErrorLogOn: false,
  systemSettingSupported: false,
};

const STATUS_TAIL =
  '00 68 E5 CF 8B 01 00 00 14 00 54 03 0F 01 01 01 00 55 01 00 00 00 4E 65 6F 73 6D 61 72 74 70 65 6E 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 C1';

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
const STROKE_DATA =
  '01 00 00 00 00 68 E5 CF 8B 01 00 00 14 68 E5 CF 8B 01 00 00 00 00 00 00 FF 02 00 ' +
  '00 2C 01 1E 00 28 00 19 32 46 50 00 00 00 00 54 ' +
  '14 36 01 1E 00 29 00 00 00 46 50 00 00 00 00 28';
const ZLIB =
  '78 DA 63 64 00 82 8C A7 E7 BB 19 19 18 44 A0 34 08 FC 67 62 60 D0 61 94 63 D0 60 90 ' +
  '34 72 0B 00 89 84 88 98 01 F9 9A 40 16 84 AF 01 00 5B 44 09 5F';

const chunkHead = { packetId: 0, position: 2, section: 3, owner: 27, book: 1068, strokeCount: 1 };

const deviceVectors: [string, DeviceMessage, string][] = [
  [
    '0x81 version info',
    versionInfo,
    'C0 81 00 45 00 4E 57 50 2D 46 31 32 31 00 00 00 00 00 00 00 00 31 2E 30 37 2E 30 31 35 31 00 00 00 00 00 00 00 32 2E 31 38 00 00 00 00 4E 65 6F 73 6D 61 72 74 70 65 6E 00 00 00 00 00 01 00 9C 7B D2 12 34 56 00 00 00 00 00 C1',
  ],
  ['0x84 pen status, unlocked', status, `C0 84 00 40 00 00 0A 00 ${STATUS_TAIL}`],
  [
    '0x84 pen status, locked',
    { ...status, isPwLocked: true, currentRetryCount: 1 },
    `C0 84 00 40 00 01 0A 01 ${STATUS_TAIL}`,
  ],
  [
    '0x82 wrong password',
    { kind: 'passwordResult', status: 0, retryCount: 2, retryLimit: 10 },
    'C0 82 00 03 00 00 02 0A C1',
  ],
  [
    '0x82 accepted',
    { kind: 'passwordResult', status: 1, retryCount: 0, retryLimit: 10 },
    'C0 82 00 03 00 01 00 0A C1',
  ],
  [
    '0x83 change ok',
    { kind: 'passwordChangeResult', retryCount: 0, retryLimit: 10, status: 0 },
    'C0 83 00 03 00 00 0A 00 C1',
  ],
  ['0x85 time set ok', { kind: 'settingResult', settingType: 1, result: 0 }, 'C0 85 00 02 00 01 00 C1'],
  ['0x85 hover set ok', { kind: 'settingResult', settingType: 6, result: 0 }, 'C0 85 00 02 00 06 00 C1'],
  ['0x91 streaming enabled', { kind: 'onlineDataResult' }, 'C0 91 00 00 00 C1'],
  [
    '0x91 unauthorised, full form',
    { kind: 'errorResponse', cmd: 0x91, err: 2, payload: new Uint8Array(0) },
    'C0 91 02 00 00 C1',
  ],
  [
    '0x91 unauthorised, short form',
    { kind: 'errorResponse', cmd: 0x91, err: 2, payload: new Uint8Array(0), short: true },
    'C0 91 02 C1',
  ],
  [
    '0x69 pen down',
    { kind: 'penDown', ec: 0, timeMs: T0, penTipType: 0, colorArgb: 0xff000000 },
    'C0 69 0E 00 00 00 68 E5 CF 8B 01 00 00 00 00 00 00 FF C1',
  ],
  [
    '0x6B page info',
    { kind: 'pageInfo', ec: 1, section: 3, owner: 27, book: 1068, page: 1 },
    'C0 6B 0D 00 01 1B 00 00 03 2C 04 00 00 01 00 00 00 C1',
  ],
  [
    '0x6C dot 1',
    { kind: 'dot', ec: 2, dtMs: 5, force: 300, x: 30, y: 40, fx: 25, fy: 50, tiltX: 70, tiltY: 80, twist: 0 },
    'C0 6C 0E 00 02 05 2C 01 1E 00 28 00 19 32 46 50 00 00 C1',
  ],
  [
    '0x6C dot 2',
    {
      kind: 'dot',
      ec: 3,
      dtMs: 13,
      force: 420,
      x: 31,
      y: 40,
      fx: 10,
      fy: 75,
      tiltX: 70,
      tiltY: 80,
      twist: 0,
    },
    'C0 6C 0E 00 03 0D A4 01 1F 00 28 00 0A 4B 46 50 00 00 C1',
  ],
  [
    '0x6C dot 3 (escaped force)',
    { kind: 'dot', ec: 4, dtMs: 13, force: 192, x: 32, y: 41, fx: 5, fy: 0, tiltX: 70, tiltY: 80, twist: 0 },
    'C0 6C 0E 00 04 0D 7D E0 00 20 00 29 00 05 00 46 50 00 00 C1',
  ],
  [
    '0x6A pen up',
    {
      kind: 'penUp',
      ec: 5,
      timeMs: T0 + 40,
      dotCount: 3,
      totalImageCount: 4,
      processedImageCount: 4,
      successImageCount: 3,
      sentImageCount: 3,
    },
    'C0 6A 13 00 05 28 68 E5 CF 8B 01 00 00 03 00 04 00 04 00 03 00 03 00 C1',
  ],
  [
    '0x6F hover dot',
    { kind: 'hoverDot', dtMs: 8, x: 33, y: 42, fx: 50, fy: 50 },
    'C0 6F 07 00 08 21 00 2A 00 32 32 C1',
  ],
  [
    '0x63 legacy down',
    { kind: 'legacyPenUpDown', up: false, timeMs: T0, penTipType: 0, colorArgb: 0xff000000 },
    'C0 63 0E 00 00 00 68 E5 CF 8B 01 00 00 00 00 00 00 FF C1',
  ],
  [
    '0x64 legacy page',
    { kind: 'legacyPageInfo', section: 3, owner: 27, book: 1068, page: 1 },
    'C0 64 0C 00 1B 00 00 03 2C 04 00 00 01 00 00 00 C1',
  ],
  [
    '0x65 legacy dot',
    { kind: 'legacyDot', dtMs: 5, force: 300, x: 30, y: 40, fx: 25, fy: 50, tiltX: 70, tiltY: 80, twist: 0 },
    'C0 65 0D 00 05 2C 01 1E 00 28 00 19 32 46 50 00 00 C1',
  ],
  [
    '0x63 legacy up',
    { kind: 'legacyPenUpDown', up: true, timeMs: T0 + 40, penTipType: 0, colorArgb: 0xff000000 },
    'C0 63 0E 00 01 28 68 E5 CF 8B 01 00 00 00 00 00 00 FF C1',
  ],
  ['low battery 9 %', { kind: 'lowBattery', levelPercent: 9 }, 'C0 61 01 00 09 C1'],
  ['power off, button', { kind: 'powerOff', reason: 3 }, 'C0 62 01 00 03 C1'],
  [
    '0xA1 note list',
    { kind: 'offlineNoteList', notes: [{ section: 3, owner: 27, book: 1068 }] },
    'C0 A1 00 0A 00 01 00 1B 00 00 03 2C 04 00 00 C1',
  ],
  [
    '0xA2 page list',
    { kind: 'offlinePageList', section: 3, owner: 27, book: 1068, pages: [1, 2] },
    'C0 A2 00 12 00 1B 00 00 03 2C 04 00 00 02 00 01 00 00 00 02 00 00 00 C1',
  ],
  [
    '0xA3 uncompressed',
    { kind: 'offlineDataInfo', strokeCount: 1, totalSize: 59, compressed: false },
    'C0 A3 00 09 00 01 00 00 00 3B 00 00 00 00 C1',
  ],
  [
    '0xA3 compressed',
    { kind: 'offlineDataInfo', strokeCount: 1, totalSize: 59, compressed: true },
    'C0 A3 00 09 00 01 00 00 00 3B 00 00 00 01 C1',
  ],
  [
    '0x24 chunk, uncompressed',
    {
      kind: 'offlineChunk',
      ...chunkHead,
      compressed: false,
      sizeBefore: 59,
      sizeAfter: 0,
      data: fromHex(STROKE_DATA),
      strokes: [stroke],
      badChecksums: 0,
    },
    `C0 24 4D 00 00 00 00 3B 00 00 00 02 1B 00 00 03 2C 04 00 00 01 00 ${STROKE_DATA} C1`,
  ],
  [
    '0x24 chunk, compressed',
    {
      kind: 'offlineChunk',
      ...chunkHead,
      compressed: true,
      sizeBefore: 59,
      sizeAfter: 49,
      data: fromHex(ZLIB),
      strokes: [stroke],
      badChecksums: 0,
    },
    `C0 24 43 00 00 00 01 3B 00 31 00 02 1B 00 00 03 2C 04 00 00 01 00 ${ZLIB} C1`,
  ],
  ['0xA5 delete result', { kind: 'offlineDeleteResult', books: [1068] }, 'C0 A5 00 05 00 01 2C 04 00 00 C1'],
];

describe('§12 pen → host vectors', () => {
  it.each(deviceVectors)('%s: the host decodes the exact message', (_name, msg, wire) => {
    expect(decodeDeviceFrame(oneFrame(wire))).toEqual(msg);
  });

  it.each(deviceVectors)('%s: the pen side encodes the exact bytes', (_name, msg, wire) => {
    expect(toHex(encodeDeviceMessage(msg))).toBe(norm(wire));
  });

  it('the example stroke data serialises to the 59 bytes with both checksums', () => {
    expect(toHex(encodeOfflineStrokes([stroke]))).toBe(norm(STROKE_DATA));
  });

  it('0x81 carries the compressed-firmware flag only when present (2.22)', () => {
    const wire = encodeDeviceMessage({
      ...versionInfo,
      protocolVersion: '2.22',
      compressedFirmwareSupported: true,
    });
    const m = decodeDeviceFrame(decodeFrames(wire)[0]!);
    expect(m).toMatchObject({
      kind: 'versionInfo',
      protocolVersion: '2.22',
      compressedFirmwareSupported: true,
    });
    expect(wire[3]).toBe(70);
  });
});
