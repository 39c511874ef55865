/**
 * Host → pen requests as plain records (pen-protocol.md §4), discriminated by `kind`.
 * {@link encodeRequest} (hostCodec.ts) turns one into framed bytes; `decodeHostFrame` reads them
 * back (the simulator's side).
 */
import type { ProfileRequest } from './profile';
import type { Setting } from './settings';

/** One entry of the 0x11 note filter: a note, or every note of a section/owner (`book: 'all'`). */
export interface NoteFilterEntry {
  readonly section: number;
  readonly owner: number;
  readonly book: number | 'all';
}

/** 0x23 transfer option (§4.9): 0 = report only, 1 = send then delete, 2 = send and keep. */
export const OfflineTransfer = { infoOnly: 0, sendAndDelete: 1, sendAndKeep: 2 } as const;
export type OfflineTransfer = (typeof OfflineTransfer)[keyof typeof OfflineTransfer];

/** 0x01: must be the first packet. */
export interface VersionRequest {
  readonly kind: 'versionRequest';
  /** 16 bytes; all zeros by default (every SDK but IOS3). */
  readonly connectionCode?: Uint8Array;
  /** Informational `u16`; WEB sends 0x01F0 (bytes `F0 01`), the default. */
  readonly appType?: number;
  /** `str[16]`, default `"0.0.0.0"`. */
  readonly appVersion?: string;
  /** `str[8]`, default `"2.18"`; `null` = the 34-byte IOS2 form without this field. */
  readonly protocolVersion?: string | null;
}

/** 0x02: the password, normally 4 digits (see `passcodeBytes` in validation.ts). */
export interface PasswordInputRequest {
  readonly kind: 'passwordInput';
  readonly password: string;
}

/** 0x03: change, enable (`usePassword`) or remove the password. */
export interface PasswordChangeRequest {
  readonly kind: 'passwordChange';
  readonly usePassword: boolean;
  readonly oldPassword: string;
  /** Empty when removing. */
  readonly newPassword: string;
}

/** 0x04. */
export interface StatusRequest {
  readonly kind: 'statusRequest';
}

/** 0x05. */
export interface SettingRequest {
  readonly kind: 'setting';
  readonly setting: Setting;
}

/**
 * 0x06 performance step (0 = 104 MHz/43 fps, 1 = 208 MHz/86 fps). [CONFLICT] §4.17: the four
 * reserved bytes are 0x00 in AND (the default) and 0xFE in IOS3 (`reservedByte: 0xFE`).
 */
export interface SystemChangeRequest {
  readonly kind: 'systemChange';
  readonly step: number;
  readonly reservedByte?: number;
}

/** 0x07. */
export interface SystemInfoRequest {
  readonly kind: 'systemInfoRequest';
}

/** 0x11: the note filter that enables real-time streaming. */
export interface OnlineDataRequest {
  readonly kind: 'onlineDataRequest';
  readonly notes: 'all' | readonly NoteFilterEntry[];
}

/** 0x21: list stored notes of one section/owner, or of every one (`'all'`, `FF FF FF FF`). */
export interface OfflineNoteListRequest {
  readonly kind: 'offlineNoteListRequest';
  readonly from: 'all' | { readonly section: number; readonly owner: number };
}

/** 0x22: list the stored pages of a note. */
export interface OfflinePageListRequest {
  readonly kind: 'offlinePageListRequest';
  readonly section: number;
  readonly owner: number;
  readonly book: number;
}

/** 0x23: ask for stored strokes of a note (every page when `pages` is empty). */
export interface OfflineDataRequest {
  readonly kind: 'offlineDataRequest';
  readonly transfer: OfflineTransfer;
  readonly compress: boolean;
  readonly section: number;
  readonly owner: number;
  readonly book: number;
  readonly pages: readonly number[];
}

/** 0xA4 (form B): acknowledge an offline chunk. `ok: false` sends err = 1 (the pen resends). */
export interface OfflineChunkAck {
  readonly kind: 'offlineChunkAck';
  readonly packetId: number;
  readonly ok: boolean;
  /** true: send the next chunk; false: stop (used for the final chunk). */
  readonly continue: boolean;
}

/** 0x25: delete stored notes. */
export interface OfflineDeleteNotesRequest {
  readonly kind: 'offlineDeleteNotes';
  readonly section: number;
  readonly owner: number;
  readonly books: readonly number[];
}

/** 0x26 (2.16+): note info. */
export interface OfflineNoteInfoRequest {
  readonly kind: 'offlineNoteInfoRequest';
  readonly section: number;
  readonly owner: number;
  readonly book: number;
}

/** 0x27 (2.23+): delete stored pages of a note. */
export interface OfflineDeletePagesRequest {
  readonly kind: 'offlineDeletePages';
  readonly section: number;
  readonly owner: number;
  readonly book: number;
  readonly pages: readonly number[];
}

/** 0x31: start a firmware upload (outline, §4.14). */
export interface FirmwareUploadRequest {
  readonly kind: 'firmwareUploadRequest';
  readonly deviceName: string;
  readonly firmwareVersion: string;
  readonly fileSize: number;
  readonly packetSize: number;
  readonly compress: boolean;
  /** Low byte of the sum of all file bytes (see `firmwareChecksum`). */
  readonly fileChecksum: number;
}

/**
 * 0xB2 (form B): one firmware chunk, answering a 0x32. `err: 1` with no data aborts (WEB sends the
 * short form, AND len 0: `abort: 'short' | 'empty'`).
 */
export interface FirmwareChunk {
  readonly kind: 'firmwareChunk';
  readonly err?: number;
  readonly abort?: 'short' | 'empty';
  readonly stop: boolean;
  readonly offset: number;
  /** Low byte of the sum of the uncompressed chunk bytes. */
  readonly chunkChecksum: number;
  readonly sizeBefore: number;
  /** 0 when not compressed. */
  readonly sizeAfter: number;
  readonly data: Uint8Array;
}

/** 0x41 (2.10+; WEB gates it on 2.18). */
export interface ProfileRequestMessage {
  readonly kind: 'profileRequest';
  readonly profileName: string;
  readonly request: ProfileRequest;
}

/** Any other command (0x74, 0x75, 0x76 …, unknown codes): sent and read verbatim. */
export interface UnknownHostRequest {
  readonly kind: 'unknown';
  readonly cmd: number;
  /** The error byte when `cmd >= 0x80`. */
  readonly err?: number;
  readonly payload: Uint8Array;
}

/** A known command whose payload is too short for its layout (decode side only). */
export interface MalformedHostRequest {
  readonly kind: 'malformed';
  readonly cmd: number;
  readonly err?: number;
  readonly payload: Uint8Array;
  readonly reason: string;
}

/** Every host → pen packet. */
export type HostRequest =
  | VersionRequest
  | PasswordInputRequest
  | PasswordChangeRequest
  | StatusRequest
  | SettingRequest
  | SystemChangeRequest
  | SystemInfoRequest
  | OnlineDataRequest
  | OfflineNoteListRequest
  | OfflinePageListRequest
  | OfflineDataRequest
  | OfflineChunkAck
  | OfflineDeleteNotesRequest
  | OfflineNoteInfoRequest
  | OfflineDeletePagesRequest
  | FirmwareUploadRequest
  | FirmwareChunk
  | ProfileRequestMessage
  | UnknownHostRequest;

/** What `decodeHostFrame` returns. */
export type DecodedHostRequest = HostRequest | MalformedHostRequest;
