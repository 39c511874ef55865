/**
 * Property tests of the message codecs: every host request and every device message survives
 * encode → frame → reassemble → decode, and a stream of them decodes the same under any
 * notification split with garbage between frames.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromHex } from './bytes';
import { decodeDeviceFrame } from './deviceDecode';
import { encodeDeviceMessage } from './deviceEncode';
import type { DeviceMessage } from './deviceMessages';
import { DeviceStreamDecoder } from './deviceStream';
import { decodeFrames, FrameReassembler } from './framing';
import { decodeHostFrame, encodeRequest } from './hostCodec';
import type { HostRequest } from './hostRequests';
import {
  deflateChunkData,
  encodeOfflineStrokes,
  type OfflineStroke,
  offlineStrokesSize,
} from './offlineData';
import type { ProfileRequest, ProfileResponse } from './profile';
import type { Setting } from './settings';

const u8 = fc.integer({ min: 0, max: 0xff });
const u16 = fc.integer({ min: 0, max: 0xffff });
const u32 = fc.integer({ min: 0, max: 0xffff_ffff });
const bool = fc.boolean();
const time = fc.integer({ min: 0, max: 2 ** 53 - 1 });
const text = (max: number) =>
  fc.string({ unit: fc.constantFrom(...'abcXYZ019-_. '.split('')), maxLength: max }).map((s) => s.trimEnd());
const section = fc.integer({ min: 0, max: 0xff });
const owner = fc.integer({ min: 0, max: 0xffffff });
const bytes = (max: number) => fc.uint8Array({ maxLength: max });
const password8 = fc.uint8Array({ minLength: 8, maxLength: 8 });

const setting: fc.Arbitrary<Setting> = fc.oneof(
  time.map((timeMs) => ({ type: 'rtcTime' as const, timeMs })),
  u16.map((minutes) => ({ type: 'autoPowerOffTime' as const, minutes })),
  fc
    .constantFrom('penCapPower', 'autoPowerOn', 'beep', 'hover', 'downSampling')
    .chain((type) => bool.map((on) => ({ type, on }) as Setting)),
  u8.map((mode) => ({ type: 'offlineSave' as const, mode })),
  fc.record({
    type: fc.constant('ledColor' as const),
    argb: u32,
    form: fc.constantFrom('argb' as const, 'typedBgra' as const),
  }),
  u8.map((step) => ({ type: 'fsrSensitivity' as const, step })),
  fc.constantFrom('disk' as const, 'bulk' as const).map((mode) => ({ type: 'usbMode' as const, mode })),
  fc.record({ type: fc.constant('btLocalName' as const), name: text(16), lengthByte: u8 }),
  u8.map((step) => ({ type: 'fscSensitivity' as const, step })),
  u8.map((value) => ({ type: 'dataTransmissionType' as const, value })),
  fc.constant({ type: 'beepAndLight' as const }),
  u32.map((magic) => ({ type: 'initDisk' as const, magic })),
  fc.record({
    type: fc.constant('other' as const),
    code: fc.constantFrom(0, 15, 18, 22, 99, 255),
    value: bytes(6),
  }),
);

const profileRequest: fc.Arbitrary<ProfileRequest> = fc.oneof(
  fc.record({ op: fc.constant('create' as const), password: password8, sectorSize: u16, sectorCount: u16 }),
  fc.record({ op: fc.constant('delete' as const), password: password8 }),
  fc.constant({ op: 'info' as const }),
  fc.record({
    op: fc.constant('write' as const),
    password: password8,
    values: fc.array(fc.record({ key: text(16), data: bytes(20) }), { maxLength: 4 }),
  }),
  fc.record({ op: fc.constant('read' as const), keys: fc.array(text(16), { maxLength: 4 }) }),
  fc.record({
    op: fc.constant('deleteValues' as const),
    password: password8,
    keys: fc.array(text(16), { maxLength: 4 }),
  }),
);

const digits = fc.string({ unit: fc.constantFrom(...'0123456789'.split('')), minLength: 1, maxLength: 16 });

const hostRequest: fc.Arbitrary<HostRequest> = fc.oneof(
  fc.record({
    kind: fc.constant('versionRequest' as const),
    connectionCode: fc.uint8Array({ minLength: 16, maxLength: 16 }),
    appType: u16,
    appVersion: text(16),
    protocolVersion: fc.constantFrom('2.12', '2.18', '2.22', null),
  }),
  digits.map((password) => ({ kind: 'passwordInput' as const, password })),
  fc.record({
    kind: fc.constant('passwordChange' as const),
    usePassword: bool,
    oldPassword: digits,
    newPassword: digits,
  }),
  fc.constant({ kind: 'statusRequest' as const }),
  setting.map((s) => ({ kind: 'setting' as const, setting: s })),
  fc.record({
    kind: fc.constant('systemChange' as const),
    step: u32,
    reservedByte: fc.constantFrom(0, 0xfe),
  }),
  fc.constant({ kind: 'systemInfoRequest' as const }),
  fc
    .oneof(
      fc.constant('all' as const),
      fc.array(
        fc.record({
          section,
          owner,
          book: fc.oneof(fc.constant('all' as const), fc.integer({ min: 0, max: 0xfffffffe })),
        }),
        {
          maxLength: 5,
        },
      ),
    )
    .map((notes) => ({ kind: 'onlineDataRequest' as const, notes })),
  fc
    .oneof(fc.constant('all' as const), fc.record({ section: fc.integer({ min: 0, max: 0xfe }), owner }))
    .map((from) => ({
      kind: 'offlineNoteListRequest' as const,
      from,
    })),
  fc.record({ kind: fc.constant('offlinePageListRequest' as const), section, owner, book: u32 }),
  fc.record({
    kind: fc.constant('offlineDataRequest' as const),
    transfer: fc.constantFrom(0 as const, 1 as const, 2 as const),
    compress: bool,
    section,
    owner,
    book: u32,
    pages: fc.array(u32, { maxLength: 5 }),
  }),
  fc.record({ kind: fc.constant('offlineChunkAck' as const), packetId: u16, ok: bool, continue: bool }),
  fc.record({
    kind: fc.constant('offlineDeleteNotes' as const),
    section,
    owner,
    books: fc.array(u32, { maxLength: 5 }),
  }),
  fc.record({ kind: fc.constant('offlineNoteInfoRequest' as const), section, owner, book: u32 }),
  fc.record({
    kind: fc.constant('offlineDeletePages' as const),
    section,
    owner,
    book: u32,
    pages: fc.array(u32, { maxLength: 5 }),
  }),
  fc.record({
    kind: fc.constant('firmwareUploadRequest' as const),
    deviceName: text(16),
    firmwareVersion: text(16),
    fileSize: u32,
    packetSize: u32,
    compress: bool,
    fileChecksum: u8,
  }),
  fc.record({
    kind: fc.constant('firmwareChunk' as const),
    err: fc.constant(0),
    stop: bool,
    offset: u32,
    chunkChecksum: u8,
    sizeBefore: u32,
    sizeAfter: u32,
    data: bytes(40),
  }),
  fc.record({ kind: fc.constant('profileRequest' as const), profileName: text(8), request: profileRequest }),
  fc.record({
    kind: fc.constant('unknown' as const),
    cmd: fc.constantFrom(0x74, 0x75, 0x76, 0x50),
    payload: bytes(10),
  }),
);

const dotFields = fc.record({
  dtMs: u8,
  force: u16,
  x: u16,
  y: u16,
  fx: fc.integer({ min: 0, max: 99 }),
  fy: fc.integer({ min: 0, max: 99 }),
  tiltX: u8,
  tiltY: u8,
  twist: u16,
});
const dotErrorFields = fc.record({
  dtMs: u8,
  force: u16,
  brightness: u8,
  exposureTime: u8,
  ndacProcessTime: u8,
  labelCount: u16,
  ndacErrorCode: u8,
  classType: u8,
  errorCount: u8,
});
const pageFields = fc.record({ section, owner, book: u32, page: u32 });

const offlineStroke: fc.Arbitrary<OfflineStroke> = fc.record({
  page: u32,
  downTimeMs: time,
  upTimeMs: time,
  penTipType: u8,
  colorArgb: u32,
  dots: fc.array(dotFields, { maxLength: 8 }),
});

const offlineChunk = fc
  .record({
    packetId: u16,
    compressed: bool,
    position: fc.constantFrom(0, 1, 2),
    section,
    owner,
    book: u32,
    strokes: fc.array(offlineStroke, { maxLength: 4 }),
  })
  .map(({ strokes, compressed, ...head }): DeviceMessage => {
    const raw = encodeOfflineStrokes(strokes);
    const data = compressed ? deflateChunkData(raw) : raw;
    return {
      kind: 'offlineChunk',
      ...head,
      compressed,
      sizeBefore: offlineStrokesSize(strokes),
      sizeAfter: compressed ? data.length : 0,
      strokeCount: strokes.length,
      data,
      strokes,
      badChecksums: 0,
    };
  });

const profileResponse: fc.Arbitrary<ProfileResponse> = fc.oneof(
  fc.record({ op: fc.constantFrom('create' as const, 'delete' as const), status: u8 }),
  fc.record({
    op: fc.constant('info' as const),
    status: u8,
    totalSectors: u16,
    sectorSize: u16,
    usedSectors: u16,
    usedKeySectors: u16,
  }),
  fc.record({
    op: fc.constantFrom('write' as const, 'deleteValues' as const),
    results: fc.array(fc.record({ key: text(16), status: u8 }), { maxLength: 3 }),
  }),
  fc.record({
    op: fc.constant('read' as const),
    results: fc.array(fc.record({ key: text(16), status: u8, data: bytes(12) }), { maxLength: 3 }),
  }),
);

const versionInfo = fc
  .record({
    modelName: text(16),
    firmwareVersion: text(16),
    protocolVersion: fc.constantFrom('2.12', '2.18', '2.22'),
    subName: text(16),
    deviceTypeCode: u16,
    mac: fc.uint8Array({ minLength: 6, maxLength: 6 }),
    tail: fc.integer({ min: 0, max: 5 }),
    pressureSensorType: u8,
    companyCode: u16,
    productCode: u8,
    colorCode: u8,
    compressedFirmwareSupported: bool,
  })
  .map(
    ({
      tail,
      mac,
      pressureSensorType,
      companyCode,
      productCode,
      colorCode,
      compressedFirmwareSupported,
      ...v
    }) => {
      const m: Record<string, unknown> = {
        kind: 'versionInfo',
        ...v,
        mac: Array.from(mac, (b) => b.toString(16).padStart(2, '0').toUpperCase()).join(':'),
      };
      const opt = { pressureSensorType, companyCode, productCode, colorCode, compressedFirmwareSupported };
      Object.entries(opt)
        .slice(0, tail)
        .forEach(([k, val]) => {
          m[k] = val;
        });
      return m as unknown as DeviceMessage;
    },
  );

const penStatus = fc
  .record({
    isPwLocked: bool,
    retryLimit: u8,
    currentRetryCount: u8,
    penTimeMs: time,
    autoPowerOffTimeMinutes: u16,
    maxPressureValue: u16,
    storageUsagePercent: u8,
    autoPenCapOnOff: bool,
    autoPowerOn: bool,
    beepOn: bool,
    hoverModeOn: bool,
    batteryRaw: u8,
    offlineSaveMode: fc.constantFrom(0, 1, 100),
    pressureSensitivity: u8,
    usbMode: fc.constantFrom('disk' as const, 'bulk' as const),
    isPathSimplifyOn: bool,
    btLocalName: text(16),
    dataTransmissionType: u8,
    isStoreErrorLogOn: bool,
    systemSettingSupported: bool,
  })
  .map(
    (s): DeviceMessage => ({
      kind: 'penStatus',
      ...s,
      batteryLevelPercent: s.batteryRaw & 0x7f,
      isCharging: s.batteryRaw >= 0x80,
      isSupportOfflineStore: s.offlineSaveMode !== 0,
    }),
  );

const deviceMessage: fc.Arbitrary<DeviceMessage> = fc.oneof(
  versionInfo,
  fc.record({ kind: fc.constant('passwordResult' as const), status: u8, retryCount: u8, retryLimit: u8 }),
  fc.oneof(
    fc.record({
      kind: fc.constant('passwordChangeResult' as const),
      retryCount: u8,
      retryLimit: u8,
      status: u8,
    }),
    fc.record({ kind: fc.constant('passwordChangeResult' as const), retryCount: u8, retryLimit: u8 }),
  ),
  penStatus,
  fc.record({ kind: fc.constant('settingResult' as const), settingType: u8, result: u8 }),
  fc.record({ kind: fc.constant('systemChangeResult' as const), type: u8, status: u8 }),
  fc.record({ p: fc.uint8Array({ minLength: 128, maxLength: 140 }) }).map(
    ({ p }): DeviceMessage => ({
      kind: 'systemInfo',
      performanceEnabled: p[0] !== 0,
      performanceStep: (p[5]! | (p[6]! << 8) | (p[7]! << 16) | (p[8]! << 24)) >>> 0,
      payload: p,
    }),
  ),
  fc.constant({ kind: 'onlineDataResult' as const }),
  fc
    .array(fc.record({ section, owner, book: u32 }), { maxLength: 5 })
    .map((notes) => ({ kind: 'offlineNoteList' as const, notes })),
  fc.record({
    kind: fc.constant('offlinePageList' as const),
    section,
    owner,
    book: u32,
    pages: fc.array(u32, { maxLength: 6 }),
  }),
  fc.record({
    kind: fc.constant('offlineDataInfo' as const),
    strokeCount: u32,
    totalSize: u32,
    compressed: bool,
  }),
  fc.array(u32, { maxLength: 5 }).map((books) => ({ kind: 'offlineDeleteResult' as const, books })),
  fc.record({
    kind: fc.constant('offlineNoteInfo' as const),
    status: u8,
    section,
    owner,
    book: u32,
    noteVersion: u16,
    invalidPage: u8,
    pageCount: u16,
    pagesWithData: fc
      .uniqueArray(fc.integer({ min: 0, max: 300 }), { maxLength: 10 })
      .map((a) => a.sort((x, y) => x - y)),
  }),
  fc.array(u32, { maxLength: 5 }).map((pages) => ({ kind: 'offlinePageDeleteResult' as const, pages })),
  u8.map((status) => ({ kind: 'firmwareUploadResult' as const, status })),
  fc.record({ kind: fc.constant('profileResult' as const), profileName: text(8), response: profileResponse }),
  offlineChunk,
  fc.record({ kind: fc.constant('firmwareChunkRequest' as const), status: u8, offset: u32 }),
  u8.map((levelPercent) => ({ kind: 'lowBattery' as const, levelPercent })),
  u8.map((reason) => ({ kind: 'powerOff' as const, reason })),
  fc.record({ kind: fc.constant('penDown' as const), ec: u8, timeMs: time, penTipType: u8, colorArgb: u32 }),
  fc.record({
    kind: fc.constant('penUp' as const),
    ec: u8,
    timeMs: time,
    dotCount: u16,
    totalImageCount: u16,
    processedImageCount: u16,
    successImageCount: u16,
    sentImageCount: u16,
  }),
  fc.record({ ec: u8, p: pageFields }).map(({ ec, p }) => ({ kind: 'pageInfo' as const, ec, ...p })),
  fc.record({ ec: u8, d: dotFields }).map(({ ec, d }) => ({ kind: 'dot' as const, ec, ...d })),
  fc.record({ ec: u8, d: dotErrorFields }).map(({ ec, d }) => ({ kind: 'dotError' as const, ec, ...d })),
  fc.record({
    kind: fc.constant('hoverDot' as const),
    dtMs: u8,
    x: u16,
    y: u16,
    fx: fc.integer({ min: 0, max: 99 }),
    fy: fc.integer({ min: 0, max: 99 }),
  }),
  fc.record({
    kind: fc.constant('legacyPenUpDown' as const),
    up: bool,
    timeMs: time,
    penTipType: u8,
    colorArgb: u32,
  }),
  pageFields.map((p) => ({ kind: 'legacyPageInfo' as const, ...p })),
  dotFields.map((d) => ({ kind: 'legacyDot' as const, ...d })),
  fc.record({ kind: fc.constant('legacyDotLowSpeed' as const), dtMs: u8, x: u16, y: u16, fx: u8, fy: u8 }),
  fc.record({ kind: fc.constant('legacyDotSection0' as const), dtMs: u8, x: u8, y: u8, fx: u8, fy: u8 }),
  dotErrorFields.map((d) => ({ kind: 'legacyDotError' as const, ...d })),
  fc.record({
    kind: fc.constant('pds' as const),
    section: u32,
    owner: u32,
    book: u32,
    page: u32,
    x: u32,
    y: u32,
    fx: u16,
    fy: u16,
  }),
  fc.record({
    kind: fc.constant('errorResponse' as const),
    cmd: fc.integer({ min: 0x80, max: 0xff }),
    err: fc.integer({ min: 1, max: 0xff }),
    payload: bytes(8),
  }),
  fc.record({
    kind: fc.constant('errorResponse' as const),
    cmd: fc.integer({ min: 0x80, max: 0xff }),
    err: fc.integer({ min: 1, max: 0xff }),
    payload: fc.constant(new Uint8Array(0)),
    short: fc.constant(true),
  }),
  fc.record({
    kind: fc.constant('unknown' as const),
    cmd: fc.constantFrom(0x6e, 0x70, 0x7f, 0x10),
    payload: bytes(10),
  }),
  fc.record({
    kind: fc.constant('unknown' as const),
    cmd: fc.constantFrom(0xf4, 0xf5, 0xf6, 0x99),
    err: fc.constant(0),
    payload: bytes(10),
  }),
);

/** The decoded form of a setting: decoders fill the fields encoders default. */
function normaliseRequest(r: HostRequest): HostRequest {
  if (r.kind === 'setting' && r.setting.type === 'fscSensitivity')
    return { ...r, setting: { type: 'fscSensitivity', step: r.setting.step } };
  return r;
}

describe('host request codec', () => {
  it('decodes every encoded request back to itself', () => {
    fc.assert(
      fc.property(hostRequest, (req) => {
        const frames = decodeFrames(encodeRequest(req));
        expect(frames).toHaveLength(1);
        expect(decodeHostFrame(frames[0]!)).toEqual(normaliseRequest(req));
      }),
      { numRuns: 400 },
    );
  });

  it('reports a known command with a short payload as malformed', () => {
    const m = decodeHostFrame({ cmd: 0x22, err: undefined, payload: Uint8Array.of(1, 2, 3) });
    expect(m).toMatchObject({ kind: 'malformed', cmd: 0x22 });
  });
});

describe('device message codec', () => {
  it('decodes every encoded message back to itself', () => {
    fc.assert(
      fc.property(deviceMessage, (msg) => {
        const frames = decodeFrames(encodeDeviceMessage(msg));
        expect(frames).toHaveLength(1);
        expect(decodeDeviceFrame(frames[0]!)).toEqual(msg);
      }),
      { numRuns: 400 },
    );
  });

  it('any split of any valid stream, with garbage between frames, decodes to the same messages', () => {
    const garbage = fc.array(
      u8.filter((b) => b !== 0xc0),
      { maxLength: 5 },
    );
    fc.assert(
      fc.property(
        fc.array(fc.tuple(deviceMessage, garbage), { maxLength: 10 }),
        fc.array(fc.integer({ min: 1, max: 24 }), { minLength: 1, maxLength: 16 }),
        (items, sizes) => {
          const clean = items.map(([m]) => encodeDeviceMessage(m));
          const wholeMessages = decodeFrames(concat(clean)).map(decodeDeviceFrame);
          const noisy = concat(items.flatMap(([, g], i) => [Uint8Array.from(g), clean[i]!]));
          const r = new FrameReassembler();
          const got: DeviceMessage[] = [];
          let o = 0;
          for (let k = 0; o < noisy.length; k++) {
            const n = sizes[k % sizes.length]!;
            r.push(noisy.subarray(o, o + n), (f) => got.push(decodeDeviceFrame(f)));
            o += n;
          }
          expect(got).toEqual(wholeMessages);
          expect(got).toEqual(items.map(([m]) => m));
          const stream = new DeviceStreamDecoder();
          const direct: DeviceMessage[] = [];
          o = 0;
          for (let k = 0; o < noisy.length; k++) {
            const n = sizes[(k + 1) % sizes.length]!;
            stream.push(noisy.subarray(o, o + n), (m) => direct.push(m));
            o += n;
          }
          expect(direct).toEqual(wholeMessages);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('reports short event payloads as malformed and unknown codes as unknown', () => {
    expect(decodeDeviceFrame({ cmd: 0x6c, err: undefined, payload: new Uint8Array(10) })).toMatchObject({
      kind: 'malformed',
      cmd: 0x6c,
    });
    expect(decodeDeviceFrame({ cmd: 0x6e, err: undefined, payload: Uint8Array.of(1) })).toEqual({
      kind: 'unknown',
      cmd: 0x6e,
      payload: Uint8Array.of(1),
    });
  });

  it('surfaces a pen error with its code instead of dropping it', () => {
    expect(decodeDeviceFrame({ cmd: 0x85, err: 3, payload: Uint8Array.of(9, 0) })).toEqual({
      kind: 'errorResponse',
      cmd: 0x85,
      err: 3,
      payload: Uint8Array.of(9, 0),
    });
  });

  it('ignores trailing bytes of a hover dot', () => {
    const m = decodeDeviceFrame({
      cmd: 0x6f,
      err: undefined,
      payload: Uint8Array.of(8, 0x21, 0, 0x2a, 0, 50, 50, 9, 9),
    });
    expect(m).toEqual({ kind: 'hoverDot', dtMs: 8, x: 33, y: 42, fx: 50, fy: 50 });
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

describe('offline note info bitmap (§5.11)', () => {
  const info = (pagesWithData: number[]) =>
    encodeDeviceMessage({
      kind: 'offlineNoteInfo',
      status: 0,
      section: 3,
      owner: 27,
      book: 1,
      noteVersion: 1,
      invalidPage: 0,
      pageCount: pagesWithData.length,
      pagesWithData,
    });
  const bitmapOf = (frame: Uint8Array) => {
    const payload = decodeFrames(frame)[0]!.payload;
    return [payload[46]! | (payload[47]! << 8), Array.from(payload.subarray(48))];
  };

  it('sends as many bitmap bytes as the highest page needs, none without pages', () => {
    expect(bitmapOf(info([]))).toEqual([0, []]);
    expect(bitmapOf(info([0]))).toEqual([1, [0x01]]);
    expect(bitmapOf(info([7]))).toEqual([1, [0x80]]);
    expect(bitmapOf(info([0, 9]))).toEqual([2, [0x01, 0x02]]);
    expect(bitmapOf(info([3, 16]))).toEqual([3, [0x08, 0x00, 0x01]]);
  });
});

describe('DeviceStreamDecoder on the stroke of §12.3', () => {
  const rows = [
    'C0 69 0E 00 00 00 68 E5 CF 8B 01 00 00 00 00 00 00 FF C1',
    'C0 6B 0D 00 01 1B 00 00 03 2C 04 00 00 01 00 00 00 C1',
    'C0 6C 0E 00 02 05 2C 01 1E 00 28 00 19 32 46 50 00 00 C1',
    'C0 6C 0E 00 03 0D A4 01 1F 00 28 00 0A 4B 46 50 00 00 C1',
    'C0 6C 0E 00 04 0D 7D E0 00 20 00 29 00 05 00 46 50 00 00 C1',
    'C0 6A 13 00 05 28 68 E5 CF 8B 01 00 00 03 00 04 00 04 00 03 00 03 00 C1',
  ].map((h) => fromHex(h));
  const all = new Uint8Array(rows.reduce((n, r) => n + r.length, 0));
  let at = 0;
  for (const r of rows) {
    all.set(r, at);
    at += r.length;
  }

  it('gives the messages frame by frame decoding gives, dots straight from its buffer', () => {
    const expected = decodeFrames(all).map(decodeDeviceFrame);
    expect(expected.map((m) => m.kind)).toEqual(['penDown', 'pageInfo', 'dot', 'dot', 'dot', 'penUp']);
    const stream = new DeviceStreamDecoder();
    expect(stream.pushAll(all)).toEqual(expected);
    expect(stream.stats.frames).toBe(6);
    // Split as in the fact sheet: an escape and a frame boundary inside the notifications.
    const split = new DeviceStreamDecoder();
    const got = [
      ...split.pushAll(fromHex('C0 6C 0E 00 04 0D 7D')),
      ...split.pushAll(fromHex('E0 00 20 00 29 00 05 00 46 50 00 00 C1 C0 6A 13 00 05 28 68 E5')),
      ...split.pushAll(fromHex('CF 8B 01 00 00 03 00 04 00 04 00 03 00 03 00 C1')),
    ];
    expect(got).toEqual(expected.slice(4));
  });

  it('reads a dot frame too short for a dot as malformed, and forgets a partial frame on reset', () => {
    const stream = new DeviceStreamDecoder();
    expect(stream.pushAll(fromHex('C0 6C 0A 00 00 00 00 00 00 00 00 00 00 00 C1'))).toMatchObject([
      { kind: 'malformed', cmd: 0x6c },
    ]);
    expect(stream.pushAll(rows[2]!.subarray(0, 8))).toEqual([]);
    stream.reset();
    expect(stream.pushAll(rows[2]!.subarray(8))).toEqual([]);
    expect(stream.pushAll(rows[3]!)).toEqual(decodeFrames(rows[3]!).map(decodeDeviceFrame));
  });
});
