/**
 * Pen → host messages as plain records (pen-protocol.md §5, §6), discriminated by `kind`.
 *
 * Responses (form B) whose error byte is non-zero are never swallowed: they decode to
 * {@link ErrorResponse} carrying the command, the error code and whatever payload came with it.
 * A response with `err = 0` decodes to its own kind. Coordinates stay as on the wire (whole `x`
 * plus hundredths `fx`); `PenEventDecoder` turns them into nu.
 */
import type { OfflineStroke } from './offlineData';
import type { ProfileResponse } from './profile';

/** 0x81 version info (§5.1). */
export interface VersionInfo {
  readonly kind: 'versionInfo';
  /** Model name, e.g. `NWP-F121`. */
  readonly modelName: string;
  readonly firmwareVersion: string;
  /** `"2.18"`: compare with `protocolVersionNumber`. */
  readonly protocolVersion: string;
  readonly subName: string;
  /** Raw device type code (see `penTypeFromCode`). */
  readonly deviceTypeCode: number;
  /** `9C:7B:D2:12:34:56`. */
  readonly mac: string;
  /** 0 = FSR, 1 = FSC (optional on the wire; `undefined` when absent). */
  readonly pressureSensorType?: number;
  readonly companyCode?: number;
  readonly productCode?: number;
  readonly colorCode?: number;
  /** Offset 69, sent only from protocol 2.22. */
  readonly compressedFirmwareSupported?: boolean;
}

/** 0x82 password response (§5.2): count before limit [CONFLICT resolved as the SDKs do]. */
export interface PasswordResult {
  readonly kind: 'passwordResult';
  /** 0 wrong / still needed, 1 accepted or none set, 2 limit reached and pen reset, 3 error. */
  readonly status: number;
  readonly retryCount: number;
  readonly retryLimit: number;
}

/** 0x83 password change response (§5.3). */
export interface PasswordChangeResult {
  readonly kind: 'passwordChangeResult';
  readonly retryCount: number;
  readonly retryLimit: number;
  /** From 2.15: 0 ok, 1 old password wrong, 2 limit reached and reset, 3 error. */
  readonly status?: number;
}

/** 0x84 pen status (§5.4), named after engine.md §3 "Pen status". */
export interface PenStatus {
  readonly kind: 'penStatus';
  readonly isPwLocked: boolean;
  readonly retryLimit: number;
  readonly currentRetryCount: number;
  /** Pen RTC, epoch ms. */
  readonly penTimeMs: number;
  readonly autoPowerOffTimeMinutes: number;
  /** Raw full-scale force (852, 1023 …). 0 as sent (AND substitutes 852). */
  readonly maxPressureValue: number;
  readonly storageUsagePercent: number;
  readonly autoPenCapOnOff: boolean;
  readonly autoPowerOn: boolean;
  readonly beepOn: boolean;
  readonly hoverModeOn: boolean;
  /** Bits 0–6 of the battery byte. */
  readonly batteryLevelPercent: number;
  /** Bit 7 of the battery byte. */
  readonly isCharging: boolean;
  /** The battery byte as sent (many pens report exactly 128 while charging). */
  readonly batteryRaw: number;
  /** Offline save flag != 0. */
  readonly isSupportOfflineStore: boolean;
  /** The offline save value (0, 1, or GRIDA's 100). */
  readonly offlineSaveMode: number;
  /** FSR sensitivity step 0–4; 0xFF = fixed. */
  readonly pressureSensitivity: number;
  readonly usbMode: 'disk' | 'bulk';
  /** Down-sampling. */
  readonly isPathSimplifyOn: boolean;
  readonly btLocalName: string;
  /** Deprecated since 2.10; 0 in practice. */
  readonly dataTransmissionType: number;
  readonly isStoreErrorLogOn: boolean;
  /** 0x06/0x07 are available. */
  readonly systemSettingSupported: boolean;
}

/** 0x85 setting change response (§5.5). Success is `result === 0`. */
export interface SettingResult {
  readonly kind: 'settingResult';
  readonly settingType: number;
  readonly result: number;
}

/** 0x86 system change response. */
export interface SystemChangeResult {
  readonly kind: 'systemChangeResult';
  readonly type: number;
  /** 0 ok, 1 not supported. */
  readonly status: number;
}

/** 0x87 system info (at least 128 bytes; only two fields are known). */
export interface SystemInfo {
  readonly kind: 'systemInfo';
  readonly performanceEnabled: boolean;
  readonly performanceStep: number;
  readonly payload: Uint8Array;
}

/** 0x91 with err = 0: real-time streaming is enabled. */
export interface OnlineDataResult {
  readonly kind: 'onlineDataResult';
}

/** 0xA1: stored notes (≤ 64 per reply from 2.15). */
export interface OfflineNoteList {
  readonly kind: 'offlineNoteList';
  readonly notes: readonly { readonly section: number; readonly owner: number; readonly book: number }[];
}

/** 0xA2: stored pages of a note (≤ 128 per reply). */
export interface OfflinePageList {
  readonly kind: 'offlinePageList';
  readonly section: number;
  readonly owner: number;
  readonly book: number;
  readonly pages: readonly number[];
}

/** 0xA3: what an offline data request will send. */
export interface OfflineDataInfo {
  readonly kind: 'offlineDataInfo';
  readonly strokeCount: number;
  /** Sum of the uncompressed stroke-data sizes (for progress). */
  readonly totalSize: number;
  readonly compressed: boolean;
}

/** 0xA5: notes deleted. */
export interface OfflineDeleteResult {
  readonly kind: 'offlineDeleteResult';
  readonly books: readonly number[];
}

/** 0xA6 (2.16): note info; `pagesWithData` is read from the bitmap. */
export interface OfflineNoteInfo {
  readonly kind: 'offlineNoteInfo';
  readonly status: number;
  readonly section: number;
  readonly owner: number;
  readonly book: number;
  readonly noteVersion: number;
  readonly invalidPage: number;
  readonly pageCount: number;
  readonly pagesWithData: readonly number[];
}

/** 0xA7 (2.23): pages deleted. */
export interface OfflinePageDeleteResult {
  readonly kind: 'offlinePageDeleteResult';
  readonly pages: readonly number[];
}

/** 0xB1: 0 accepted, 1 same version, 2 no space, 3 failure, 4 compression unsupported. */
export interface FirmwareUploadResult {
  readonly kind: 'firmwareUploadResult';
  readonly status: number;
}

/** 0xC1. */
export interface ProfileResult {
  readonly kind: 'profileResult';
  readonly profileName: string;
  readonly response: ProfileResponse;
}

/** 0xF4 / 0xF5 / 0xF6 and any other response code without a known layout. */
export interface UnknownDeviceMessage {
  readonly kind: 'unknown';
  readonly cmd: number;
  readonly err?: number;
  readonly payload: Uint8Array;
}

/** Any form-B response with a non-zero error byte (§2.4). */
export interface ErrorResponse {
  readonly kind: 'errorResponse';
  readonly cmd: number;
  /** See `PenErrorCode`. */
  readonly err: number;
  readonly payload: Uint8Array;
  /** It came (or is to be sent) as the short form `C0 cmd err C1`. */
  readonly short?: boolean;
}

/** A known command whose payload is too short for its layout. */
export interface MalformedDeviceMessage {
  readonly kind: 'malformed';
  readonly cmd: number;
  readonly err?: number;
  readonly payload: Uint8Array;
  readonly reason: string;
}

/** 0x24 offline chunk (§6.10). `data` is as on the wire; `strokes` is its decoded content. */
export interface OfflineChunk {
  readonly kind: 'offlineChunk';
  readonly packetId: number;
  readonly compressed: boolean;
  readonly sizeBefore: number;
  readonly sizeAfter: number;
  /** 0 first, 1 middle, 2 last (a single chunk is 2). */
  readonly position: number;
  readonly section: number;
  readonly owner: number;
  readonly book: number;
  readonly strokeCount: number;
  readonly data: Uint8Array;
  readonly strokes: readonly OfflineStroke[];
  /** Dots whose checksum did not match. */
  readonly badChecksums: number;
  /** Set when the data could not be inflated or parsed, or its sizes disagree with the header. */
  readonly problem?: string;
}

/** 0x32: the pen asks for firmware bytes at `offset` (0 start, 1 continue, 2 end, 3 error). */
export interface FirmwareChunkRequest {
  readonly kind: 'firmwareChunkRequest';
  readonly status: number;
  readonly offset: number;
}

/** 0x61. */
export interface LowBattery {
  readonly kind: 'lowBattery';
  readonly levelPercent: number;
}

/** 0x62: the pen drops the link after this (see `PowerOffReason`). */
export interface PowerOff {
  readonly kind: 'powerOff';
  readonly reason: number;
}

/** Fields shared by dots: `dtMs` since the previous dot (or the pen-down time). */
export interface DotFields {
  readonly dtMs: number;
  readonly force: number;
  readonly x: number;
  readonly y: number;
  readonly fx: number;
  readonly fy: number;
  readonly tiltX: number;
  readonly tiltY: number;
  readonly twist: number;
}

/** Image-processing failure fields (0x6D / 0x68). */
export interface DotErrorFields {
  readonly dtMs: number;
  readonly force: number;
  readonly brightness: number;
  readonly exposureTime: number;
  readonly ndacProcessTime: number;
  readonly labelCount: number;
  readonly ndacErrorCode: number;
  /** 0 = G3C6, 1 = N3C6. */
  readonly classType: number;
  /** Consecutive errors since pen down. */
  readonly errorCount: number;
}

/** 0x69 pen down (2.12+). */
export interface PenDownMessage {
  readonly kind: 'penDown';
  readonly ec: number;
  readonly timeMs: number;
  /** 0 pen, 1 eraser. */
  readonly penTipType: number;
  readonly colorArgb: number;
}

/** 0x6A pen up (2.12+). */
export interface PenUpMessage {
  readonly kind: 'penUp';
  readonly ec: number;
  readonly timeMs: number;
  readonly dotCount: number;
  readonly totalImageCount: number;
  readonly processedImageCount: number;
  readonly successImageCount: number;
  readonly sentImageCount: number;
}

/** 0x6B page info (2.12+). */
export interface PageInfoMessage {
  readonly kind: 'pageInfo';
  readonly ec: number;
  readonly section: number;
  readonly owner: number;
  readonly book: number;
  readonly page: number;
}

/** 0x6C dot (2.12+). */
export interface DotMessage extends DotFields {
  readonly kind: 'dot';
  readonly ec: number;
}

/** 0x6D dot error (2.12+). */
export interface DotErrorMessage extends DotErrorFields {
  readonly kind: 'dotError';
  readonly ec: number;
}

/** 0x6F hover dot (2.18+): no counter, force or tilt. */
export interface HoverDotMessage {
  readonly kind: 'hoverDot';
  readonly dtMs: number;
  readonly x: number;
  readonly y: number;
  readonly fx: number;
  readonly fy: number;
}

/** 0x63 legacy pen down / up (< 2.12). */
export interface LegacyPenUpDown {
  readonly kind: 'legacyPenUpDown';
  readonly up: boolean;
  readonly timeMs: number;
  readonly penTipType: number;
  readonly colorArgb: number;
}

/** 0x64 legacy page info. */
export interface LegacyPageInfo {
  readonly kind: 'legacyPageInfo';
  readonly section: number;
  readonly owner: number;
  readonly book: number;
  readonly page: number;
}

/** 0x65 legacy dot. */
export interface LegacyDot extends DotFields {
  readonly kind: 'legacyDot';
}

/** 0x66 low-speed dot: no force (hosts assume the maximum). */
export interface LegacyDotLowSpeed {
  readonly kind: 'legacyDotLowSpeed';
  readonly dtMs: number;
  readonly x: number;
  readonly y: number;
  readonly fx: number;
  readonly fy: number;
}

/** 0x67 section-0 dot with 1-byte coordinates. */
export interface LegacyDotSection0 {
  readonly kind: 'legacyDotSection0';
  readonly dtMs: number;
  readonly x: number;
  readonly y: number;
  readonly fx: number;
  readonly fy: number;
}

/** 0x68 legacy dot error ([CHOICE] the WEB/WIN 11-byte layout). */
export interface LegacyDotError extends DotErrorFields {
  readonly kind: 'legacyDotError';
}

/** 0x73 PDS (touch-and-play): note the owner-before-section order on the wire. */
export interface PdsMessage {
  readonly kind: 'pds';
  readonly section: number;
  readonly owner: number;
  readonly book: number;
  readonly page: number;
  readonly x: number;
  readonly y: number;
  readonly fx: number;
  readonly fy: number;
}

/** Every pen → host message. */
export type DeviceMessage =
  | VersionInfo
  | PasswordResult
  | PasswordChangeResult
  | PenStatus
  | SettingResult
  | SystemChangeResult
  | SystemInfo
  | OnlineDataResult
  | OfflineNoteList
  | OfflinePageList
  | OfflineDataInfo
  | OfflineDeleteResult
  | OfflineNoteInfo
  | OfflinePageDeleteResult
  | FirmwareUploadResult
  | ProfileResult
  | OfflineChunk
  | FirmwareChunkRequest
  | LowBattery
  | PowerOff
  | PenDownMessage
  | PenUpMessage
  | PageInfoMessage
  | DotMessage
  | DotErrorMessage
  | HoverDotMessage
  | LegacyPenUpDown
  | LegacyPageInfo
  | LegacyDot
  | LegacyDotLowSpeed
  | LegacyDotSection0
  | LegacyDotError
  | PdsMessage
  | ErrorResponse
  | UnknownDeviceMessage
  | MalformedDeviceMessage;

/** The `kind`s of {@link DeviceMessage}. */
export type DeviceMessageKind = DeviceMessage['kind'];
