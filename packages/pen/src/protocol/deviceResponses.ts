/**
 * Pen → host responses (form B, pen-protocol.md §5) and the catch-all kinds (error response,
 * unknown, malformed). Part of {@link DeviceMessage} (deviceMessages.ts).
 */
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
