/**
 * Decoding pen → host frames into {@link DeviceMessage}s (pen-protocol.md §5, §6). Real-time
 * events take a fast path with direct byte reads; the rest use a bounds-checked reader. Payload
 * bytes past a layout's end are ignored (§2.4, §6.8).
 */
import { ByteReader, u16At, u32At, u64At } from './bytes';
import { DeviceCmd } from './commands';
import type {
  DeviceMessage,
  DotErrorFields,
  DotFields,
  DotMessage,
  OfflineChunk,
  PenStatus,
  VersionInfo,
} from './deviceMessages';
import type { Frame } from './framing';
import { decodeOfflineStrokes, inflateChunkData } from './offlineData';
import { decodeProfileResponse } from './profile';
import { macToString, unpackSectionOwner } from './wireFields';

/** Minimum payload length of each fixed-layout command. */
const MIN_LEN_BY_CMD: Readonly<Record<number, number>> = {
  [DeviceCmd.versionInfo]: 64,
  [DeviceCmd.passwordResult]: 3,
  [DeviceCmd.passwordChangeResult]: 2,
  [DeviceCmd.penStatus]: 23,
  [DeviceCmd.settingResult]: 2,
  [DeviceCmd.systemChangeResult]: 2,
  [DeviceCmd.systemInfo]: 9,
  [DeviceCmd.offlineNoteList]: 2,
  [DeviceCmd.offlinePageList]: 10,
  [DeviceCmd.offlineDataInfo]: 9,
  [DeviceCmd.offlineDeleteResult]: 1,
  [DeviceCmd.offlineNoteInfo]: 48,
  [DeviceCmd.offlinePageDeleteResult]: 1,
  [DeviceCmd.firmwareUploadResult]: 1,
  [DeviceCmd.offlineChunk]: 18,
  [DeviceCmd.firmwareChunkRequest]: 5,
  [DeviceCmd.lowBattery]: 1,
  [DeviceCmd.powerOff]: 1,
  [DeviceCmd.legacyPenUpDown]: 14,
  [DeviceCmd.legacyPageInfo]: 12,
  [DeviceCmd.legacyDot]: 13,
  [DeviceCmd.legacyDotLowSpeed]: 7,
  [DeviceCmd.legacyDotSection0]: 5,
  [DeviceCmd.legacyDotError]: 11,
  [DeviceCmd.penDown]: 14,
  [DeviceCmd.penUp]: 19,
  [DeviceCmd.pageInfo]: 13,
  [DeviceCmd.dot]: 14,
  [DeviceCmd.dotError]: 12,
  [DeviceCmd.hoverDot]: 7,
  [DeviceCmd.pds]: 28,
};

/** The same as a lookup table (-1: no fixed minimum). */
const MIN_LEN = new Int16Array(256).fill(-1);
for (const [cmd, n] of Object.entries(MIN_LEN_BY_CMD)) MIN_LEN[Number(cmd)] = n;

function dotFields(p: Uint8Array, o: number): DotFields {
  return {
    dtMs: p[o]!,
    force: p[o + 1]! | (p[o + 2]! << 8),
    x: p[o + 3]! | (p[o + 4]! << 8),
    y: p[o + 5]! | (p[o + 6]! << 8),
    fx: p[o + 7]!,
    fy: p[o + 8]!,
    tiltX: p[o + 9]!,
    tiltY: p[o + 10]!,
    twist: p[o + 11]! | (p[o + 12]! << 8),
  };
}

/** A 0x6C payload at offset `o` of `p`, the hot path: written out rather than spread. */
export function dotMessageAt(p: Uint8Array, o: number): DotMessage {
  return {
    kind: 'dot',
    ec: p[o]!,
    dtMs: p[o + 1]!,
    force: p[o + 2]! | (p[o + 3]! << 8),
    x: p[o + 4]! | (p[o + 5]! << 8),
    y: p[o + 6]! | (p[o + 7]! << 8),
    fx: p[o + 8]!,
    fy: p[o + 9]!,
    tiltX: p[o + 10]!,
    tiltY: p[o + 11]!,
    twist: p[o + 12]! | (p[o + 13]! << 8),
  };
}

function dotMessage(p: Uint8Array): DeviceMessage {
  return dotMessageAt(p, 0);
}

function dotErrorFields(p: Uint8Array, o: number): DotErrorFields {
  return {
    dtMs: p[o]!,
    force: u16At(p, o + 1),
    brightness: p[o + 3]!,
    exposureTime: p[o + 4]!,
    ndacProcessTime: p[o + 5]!,
    labelCount: u16At(p, o + 6),
    ndacErrorCode: p[o + 8]!,
    classType: p[o + 9]!,
    errorCount: p[o + 10]!,
  };
}

function page(p: Uint8Array, o: number) {
  const so = u32At(p, o);
  return { section: so >>> 24, owner: so & 0xffffff, book: u32At(p, o + 4), page: u32At(p, o + 8) };
}

function versionInfo(p: Uint8Array): VersionInfo {
  const r = new ByteReader(p);
  const base = {
    kind: 'versionInfo' as const,
    modelName: r.str(16),
    firmwareVersion: r.str(16),
    protocolVersion: r.str(8),
    subName: r.str(16),
    deviceTypeCode: r.u16(),
    mac: macToString(r.bytes(6)),
  };
  const opt: {
    pressureSensorType?: number;
    companyCode?: number;
    productCode?: number;
    colorCode?: number;
    compressedFirmwareSupported?: boolean;
  } = {};
  if (p.length > 64) opt.pressureSensorType = p[64]!;
  if (p.length > 66) opt.companyCode = u16At(p, 65);
  if (p.length > 67) opt.productCode = p[67]!;
  if (p.length > 68) opt.colorCode = p[68]!;
  if (p.length > 69) opt.compressedFirmwareSupported = p[69] !== 0;
  return { ...base, ...opt };
}

function penStatus(p: Uint8Array): PenStatus {
  const at = (o: number) => (o < p.length ? p[o]! : 0);
  const battery = p[20]!;
  return {
    kind: 'penStatus',
    isPwLocked: p[0] !== 0,
    retryLimit: p[1]!,
    currentRetryCount: p[2]!,
    penTimeMs: u64At(p, 3),
    autoPowerOffTimeMinutes: u16At(p, 11),
    maxPressureValue: u16At(p, 13),
    storageUsagePercent: p[15]!,
    autoPenCapOnOff: p[16] !== 0,
    autoPowerOn: p[17] !== 0,
    beepOn: p[18] !== 0,
    hoverModeOn: p[19] !== 0,
    batteryLevelPercent: battery & 0x7f,
    isCharging: (battery & 0x80) !== 0,
    batteryRaw: battery,
    isSupportOfflineStore: p[21] !== 0,
    offlineSaveMode: p[21]!,
    pressureSensitivity: p[22]!,
    usbMode: at(23) === 1 ? 'bulk' : 'disk',
    isPathSimplifyOn: at(24) !== 0,
    btLocalName: p.length >= 41 ? new ByteReader(p.subarray(25, 41)).str(16) : '',
    dataTransmissionType: at(41),
    isStoreErrorLogOn: at(42) !== 0,
    systemSettingSupported: at(43) === 1,
  };
}

function offlineChunk(p: Uint8Array): OfflineChunk {
  const so = unpackSectionOwner(u32At(p, 8));
  const compressed = p[2] !== 0;
  const sizeBefore = u16At(p, 3);
  const sizeAfter = u16At(p, 5);
  const strokeCount = u16At(p, 16);
  const data = p.slice(18);
  const head = {
    kind: 'offlineChunk' as const,
    packetId: u16At(p, 0),
    compressed,
    sizeBefore,
    sizeAfter,
    position: p[7]!,
    ...so,
    book: u32At(p, 12),
    strokeCount,
    data,
  };
  const expected = compressed ? sizeAfter : sizeBefore;
  let raw: Uint8Array = data;
  if (compressed) {
    try {
      raw = inflateChunkData(data, sizeBefore);
    } catch (e) {
      return { ...head, strokes: [], badChecksums: 0, problem: `cannot inflate: ${(e as Error).message}` };
    }
  }
  const parsed = decodeOfflineStrokes(raw, strokeCount);
  let problem = parsed.problem;
  if (data.length !== expected) problem = `data is ${data.length} bytes, the header says ${expected}`;
  else if (raw.length !== sizeBefore)
    problem = `inflated to ${raw.length} bytes, the header says ${sizeBefore}`;
  const out = { ...head, strokes: parsed.strokes, badChecksums: parsed.badChecksums };
  return problem === undefined ? out : { ...out, problem };
}

function decodeBody(cmd: number, p: Uint8Array): DeviceMessage {
  switch (cmd) {
    case DeviceCmd.dot:
      return dotMessage(p);
    case DeviceCmd.penDown:
      return {
        kind: 'penDown',
        ec: p[0]!,
        timeMs: u64At(p, 1),
        penTipType: p[9]!,
        colorArgb: u32At(p, 10),
      };
    case DeviceCmd.penUp:
      return {
        kind: 'penUp',
        ec: p[0]!,
        timeMs: u64At(p, 1),
        dotCount: u16At(p, 9),
        totalImageCount: u16At(p, 11),
        processedImageCount: u16At(p, 13),
        successImageCount: u16At(p, 15),
        sentImageCount: u16At(p, 17),
      };
    case DeviceCmd.pageInfo:
      return { kind: 'pageInfo', ec: p[0]!, ...page(p, 1) };
    case DeviceCmd.dotError:
      return { kind: 'dotError', ec: p[0]!, ...dotErrorFields(p, 1) };
    case DeviceCmd.hoverDot:
      return { kind: 'hoverDot', dtMs: p[0]!, x: u16At(p, 1), y: u16At(p, 3), fx: p[5]!, fy: p[6]! };
    case DeviceCmd.legacyPenUpDown:
      return {
        kind: 'legacyPenUpDown',
        up: p[0] !== 0,
        timeMs: u64At(p, 1),
        penTipType: p[9]!,
        colorArgb: u32At(p, 10),
      };
    case DeviceCmd.legacyPageInfo:
      return { kind: 'legacyPageInfo', ...page(p, 0) };
    case DeviceCmd.legacyDot:
      return { kind: 'legacyDot', ...dotFields(p, 0) };
    case DeviceCmd.legacyDotLowSpeed:
      return { kind: 'legacyDotLowSpeed', dtMs: p[0]!, x: u16At(p, 1), y: u16At(p, 3), fx: p[5]!, fy: p[6]! };
    case DeviceCmd.legacyDotSection0:
      return { kind: 'legacyDotSection0', dtMs: p[0]!, x: p[1]!, y: p[2]!, fx: p[3]!, fy: p[4]! };
    case DeviceCmd.legacyDotError:
      return { kind: 'legacyDotError', ...dotErrorFields(p, 0) };
    case DeviceCmd.lowBattery:
      return { kind: 'lowBattery', levelPercent: p[0]! };
    case DeviceCmd.powerOff:
      return { kind: 'powerOff', reason: p[0]! };
    case DeviceCmd.offlineChunk:
      return offlineChunk(p);
    case DeviceCmd.firmwareChunkRequest:
      return { kind: 'firmwareChunkRequest', status: p[0]!, offset: u32At(p, 1) };
    case DeviceCmd.pds:
      return {
        kind: 'pds',
        owner: u32At(p, 0),
        section: u32At(p, 4),
        book: u32At(p, 8),
        page: u32At(p, 12),
        x: u32At(p, 16),
        y: u32At(p, 20),
        fx: u16At(p, 24),
        fy: u16At(p, 26),
      };
    case DeviceCmd.versionInfo:
      return versionInfo(p);
    case DeviceCmd.passwordResult:
      return { kind: 'passwordResult', status: p[0]!, retryCount: p[1]!, retryLimit: p[2]! };
    case DeviceCmd.passwordChangeResult:
      return p.length >= 3
        ? { kind: 'passwordChangeResult', retryCount: p[0]!, retryLimit: p[1]!, status: p[2]! }
        : { kind: 'passwordChangeResult', retryCount: p[0]!, retryLimit: p[1]! };
    case DeviceCmd.penStatus:
      return penStatus(p);
    case DeviceCmd.settingResult:
      return { kind: 'settingResult', settingType: p[0]!, result: p[1]! };
    case DeviceCmd.systemChangeResult:
      return { kind: 'systemChangeResult', type: p[0]!, status: p[1]! };
    case DeviceCmd.systemInfo:
      return { kind: 'systemInfo', performanceEnabled: p[0] !== 0, performanceStep: u32At(p, 5), payload: p };
    case DeviceCmd.onlineDataResult:
      return { kind: 'onlineDataResult' };
    case DeviceCmd.offlineNoteList: {
      const r = new ByteReader(p);
      const n = r.u16();
      const notes = Array.from({ length: n }, () => ({ ...unpackSectionOwner(r.u32()), book: r.u32() }));
      return { kind: 'offlineNoteList', notes };
    }
    case DeviceCmd.offlinePageList: {
      const r = new ByteReader(p);
      const so = unpackSectionOwner(r.u32());
      const book = r.u32();
      const n = r.u16();
      return { kind: 'offlinePageList', ...so, book, pages: Array.from({ length: n }, () => r.u32()) };
    }
    case DeviceCmd.offlineDataInfo:
      return {
        kind: 'offlineDataInfo',
        strokeCount: u32At(p, 0),
        totalSize: u32At(p, 4),
        compressed: p[8] !== 0,
      };
    case DeviceCmd.offlineDeleteResult: {
      const r = new ByteReader(p);
      const n = r.u8();
      return { kind: 'offlineDeleteResult', books: Array.from({ length: n }, () => r.u32()) };
    }
    case DeviceCmd.offlineNoteInfo: {
      const r = new ByteReader(p);
      const status = r.u8();
      const so = unpackSectionOwner(r.u32());
      const book = r.u32();
      const noteVersion = r.u16();
      r.skip(32);
      const invalidPage = r.u8();
      const pageCount = r.u16();
      const bitmap = r.bytes(r.u16());
      const pagesWithData: number[] = [];
      for (let i = 0; i < bitmap.length; i++) {
        for (let j = 0; j < 8; j++) if (bitmap[i]! & (1 << j)) pagesWithData.push(8 * i + j);
      }
      return {
        kind: 'offlineNoteInfo',
        status,
        ...so,
        book,
        noteVersion,
        invalidPage,
        pageCount,
        pagesWithData,
      };
    }
    case DeviceCmd.offlinePageDeleteResult: {
      const r = new ByteReader(p);
      const n = r.u8();
      return { kind: 'offlinePageDeleteResult', pages: Array.from({ length: n }, () => r.u32()) };
    }
    case DeviceCmd.firmwareUploadResult:
      return { kind: 'firmwareUploadResult', status: p[0]! };
    case DeviceCmd.profileResult:
      return { kind: 'profileResult', ...decodeProfileResponse(p) };
    default:
      return { kind: 'unknown', cmd, payload: p };
  }
}

/**
 * Reads a pen → host frame. Form-B frames with a non-zero error byte become `errorResponse`;
 * unknown commands `unknown`; payloads too short for their layout `malformed`.
 */
export function decodeDeviceFrame(frame: Frame): DeviceMessage {
  const { cmd, err, payload } = frame;
  if (cmd === DeviceCmd.dot && payload.length >= 14) return dotMessage(payload);
  if (err !== undefined && err !== 0) {
    return frame.short
      ? { kind: 'errorResponse', cmd, err, payload, short: true }
      : { kind: 'errorResponse', cmd, err, payload };
  }
  const min = MIN_LEN[cmd]!;
  if (payload.length < min) {
    return malformed(frame, `payload is ${payload.length} bytes, needs ${min}`);
  }
  try {
    const m = decodeBody(cmd, payload);
    return m.kind === 'unknown' && err !== undefined ? { ...m, err } : m;
  } catch (e) {
    return malformed(frame, e instanceof Error ? e.message : String(e));
  }
}

function malformed(frame: Frame, reason: string): DeviceMessage {
  return frame.err === undefined
    ? { kind: 'malformed', cmd: frame.cmd, payload: frame.payload, reason }
    : { kind: 'malformed', cmd: frame.cmd, err: frame.err, payload: frame.payload, reason };
}
