/**
 * Pen → host messages as plain records (pen-protocol.md §5, §6), discriminated by `kind`.
 *
 * Responses (form B) whose error byte is non-zero are never swallowed: they decode to
 * {@link ErrorResponse} carrying the command, the error code and whatever payload came with it.
 * A response with `err = 0` decodes to its own kind. Coordinates stay as on the wire (whole `x`
 * plus hundredths `fx`); `PenEventDecoder` turns them into nu.
 */
import type {
  DotErrorMessage,
  DotMessage,
  FirmwareChunkRequest,
  HoverDotMessage,
  LegacyDot,
  LegacyDotError,
  LegacyDotLowSpeed,
  LegacyDotSection0,
  LegacyPageInfo,
  LegacyPenUpDown,
  LowBattery,
  OfflineChunk,
  PageInfoMessage,
  PdsMessage,
  PenDownMessage,
  PenUpMessage,
  PowerOff,
} from './deviceEvents';
import type {
  ErrorResponse,
  FirmwareUploadResult,
  MalformedDeviceMessage,
  OfflineDataInfo,
  OfflineDeleteResult,
  OfflineNoteInfo,
  OfflineNoteList,
  OfflinePageDeleteResult,
  OfflinePageList,
  OnlineDataResult,
  PasswordChangeResult,
  PasswordResult,
  PenStatus,
  ProfileResult,
  SettingResult,
  SystemChangeResult,
  SystemInfo,
  UnknownDeviceMessage,
  VersionInfo,
} from './deviceResponses';

export type * from './deviceEvents';
export type * from './deviceResponses';

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
