/**
 * Command codes and numeric constants of the Neo smartpen protocol 2.x (pen-protocol.md §3, §2.4,
 * §6.2). Names describe what the command does; the direction is in the comment.
 */

/** Host → pen request codes (form A), and the two form-B host packets. */
export const HostCmd = {
  versionRequest: 0x01,
  passwordInput: 0x02,
  passwordChange: 0x03,
  statusRequest: 0x04,
  setting: 0x05,
  systemChange: 0x06,
  systemInfoRequest: 0x07,
  onlineDataRequest: 0x11,
  offlineNoteListRequest: 0x21,
  offlinePageListRequest: 0x22,
  offlineDataRequest: 0x23,
  offlineDeleteNotes: 0x25,
  offlineNoteInfoRequest: 0x26,
  offlineDeletePages: 0x27,
  firmwareUploadRequest: 0x31,
  profileRequest: 0x41,
  logInfoRequest: 0x74,
  logDataRequest: 0x75,
  aesKeyRequest: 0x76,
  /** Form B. */
  offlineChunkAck: 0xa4,
  /** Form B. */
  firmwareChunk: 0xb2,
} as const;

/** Pen → host codes: responses (form B) and events (form A). */
export const DeviceCmd = {
  versionInfo: 0x81,
  passwordResult: 0x82,
  passwordChangeResult: 0x83,
  penStatus: 0x84,
  settingResult: 0x85,
  systemChangeResult: 0x86,
  systemInfo: 0x87,
  onlineDataResult: 0x91,
  offlineNoteList: 0xa1,
  offlinePageList: 0xa2,
  offlineDataInfo: 0xa3,
  offlineDeleteResult: 0xa5,
  offlineNoteInfo: 0xa6,
  offlinePageDeleteResult: 0xa7,
  firmwareUploadResult: 0xb1,
  profileResult: 0xc1,
  logInfo: 0xf4,
  logData: 0xf5,
  aesKey: 0xf6,
  offlineChunk: 0x24,
  firmwareChunkRequest: 0x32,
  lowBattery: 0x61,
  powerOff: 0x62,
  legacyPenUpDown: 0x63,
  legacyPageInfo: 0x64,
  legacyDot: 0x65,
  legacyDotLowSpeed: 0x66,
  legacyDotSection0: 0x67,
  legacyDotError: 0x68,
  penDown: 0x69,
  penUp: 0x6a,
  pageInfo: 0x6b,
  dot: 0x6c,
  dotError: 0x6d,
  /** Reserved (WIN: encrypted page info); decoded as `unknown` and ignored (§6.13). */
  reserved6e: 0x6e,
  hoverDot: 0x6f,
  pds: 0x73,
} as const;

/** The error byte of form-B frames (§2.4). */
export const PenErrorCode = {
  ok: 0x00,
  fail: 0x01,
  /** The pen is locked and no password was given. */
  noPermission: 0x02,
  /** Not supported (older firmware, missing sensor). */
  notSupported: 0x03,
  packetLength: 0x04,
  unsupportedCommand: 0x05,
} as const;

/** Reasons carried by 0x62 power off (§6.2). */
export const PowerOffReason = {
  autoPowerOff: 0,
  lowBattery: 1,
  firmwareUpdated: 2,
  powerButton: 3,
  penCapClosed: 4,
  systemError: 5,
  usbDiskMode: 6,
  passwordFailure: 7,
  none: 8,
} as const;

/** Form B (with an error byte) is used exactly when `cmd >= 0x80`, both directions (§2.1). */
export function hasErrorByte(cmd: number): boolean {
  return cmd >= 0x80;
}

/** The response code a pen uses for a host request code: always `cmd | 0x80` (§3). */
export function responseCmdFor(requestCmd: number): number {
  return (requestCmd | 0x80) & 0xff;
}

/** Frame delimiters and escape (engine.md §9: 192, 193, 125 XOR 32). */
export const STX = 0xc0;
export const ETX = 0xc1;
export const ESC = 0x7d;
export const ESC_XOR = 0x20;
