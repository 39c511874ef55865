/**
 * The simulator's internal state, shared by the request handler and the script player. Not
 * exported from the package: callers use `createPenSimulator`.
 */
import type { DeviceMessage, OfflineChunk } from '../protocol/deviceMessages';
import type { NoteFilterEntry } from '../protocol/hostRequests';
import type { OfflineStroke } from '../protocol/offlineData';
import type { OfflineStore, SimNote } from './offlineStore';
import type { SimPenIdentity, SimPenSettings } from './penState';
import type { ProfileStore } from './profiles';
import type { Prng, SimScheduler } from './runtime';

/** Behaviour switches, resolved from the options. */
export interface SimBehaviour {
  /** [CHOICE] §2.4: error responses in the full form unless this is set. */
  readonly shortErrorFrames: boolean;
  /** Delay before answering a request. */
  readonly responseDelayMs: number;
  /** [CHOICE] §6.0: the event counter after each connection (default 0). */
  readonly firstEventCounter: number;
  /** Whole strokes per offline chunk. */
  readonly strokesPerChunk: number;
  readonly compressionLevel: 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
  /** Resends of a NAKed chunk before the transfer is abandoned. */
  readonly maxChunkResends: number;
  /**
   * [INFERRED] §8.1: while locked, commands other than 0x01, 0x02 and 0x04 get err 0x02. Default true.
   */
  readonly authorisationGate: boolean;
  /**
   * [INFERRED] 0x84 `locked`: `'untilAuthorised'` (default) reports 1 only until the password is
   * given in this connection; `'whilePasswordSet'` reports 1 whenever a password is set.
   */
  readonly lockedReport: 'untilAuthorised' | 'whilePasswordSet';
  /**
   * [INFERRED] §8.1: the event set follows min(host's requested protocol, pen protocol). A host
   * that sent no protocol field (IOS2 form) is taken as this version. Default 200 (legacy).
   */
  readonly hostProtocolWhenMissing: number;
  /** [INFERRED] §5.7/5.8: from 2.15 lists hold ≤ 64 notes / ≤ 128 pages; a repeated request continues. */
  readonly listPaging: boolean;
  /** Time from the last dot to pen up when a stroke does not say. */
  readonly upAfterMs: number;
  /**
   * [CONFLICT] §5.2: 0x82 carries the retry count before the limit (every SDK; the default);
   * `'limitFirst'` sends them the other way round, as GRIDA's comment describes.
   */
  readonly passwordResultOrder: 'countFirst' | 'limitFirst';
  /**
   * [INFERRED] §5.10: 0xA5 lists the requested notes that held data (`'existing'`, default) or
   * echoes every requested note (`'requested'`).
   */
  readonly deleteResult: 'existing' | 'requested';
}

/** An offline transfer in progress (§8.6). */
export interface SimTransfer {
  readonly note: SimNote;
  readonly chunks: readonly OfflineChunk[];
  readonly strokes: readonly OfflineStroke[];
  readonly deleteAfter: boolean;
  index: number;
  resends: number;
}

/** A firmware upload in progress (§8.8). */
export interface SimFirmwareUpload {
  readonly fileSize: number;
  readonly packetSize: number;
  readonly fileChecksum: number;
  readonly bytes: Uint8Array;
  received: number;
}

/** What lasts for one connection only (§8.5). */
export interface SimSession {
  authorised: boolean;
  streaming: boolean;
  filter: 'all' | readonly NoteFilterEntry[];
  /** Protocol asked for in 0x01, as a number; undefined until 0x01 arrives. */
  hostProtocol: number | undefined;
  ec: number;
  transfer: SimTransfer | undefined;
  firmware: SimFirmwareUpload | undefined;
  /** The last list request and how far it got, for list paging. */
  listCursor: { key: string; next: number } | undefined;
}

/** The lock state (persistent). */
export interface SimLock {
  password: string | undefined;
  retryCount: number;
  retryLimit: number;
}

/** Everything the handler and the player work on. */
export interface SimCore {
  readonly identity: SimPenIdentity;
  readonly settings: SimPenSettings;
  readonly store: OfflineStore;
  readonly profiles: ProfileStore;
  readonly behaviour: SimBehaviour;
  readonly scheduler: SimScheduler;
  readonly rng: Prng;
  readonly lock: SimLock;
  /** Pen RTC = scheduler time + this. */
  rtcOffsetMs: number;
  session: SimSession;
  readonly connected: boolean;
  /** The firmware image last uploaded completely, if any. */
  firmwareImage: Uint8Array | undefined;
  penTimeMs(): number;
  /** The pen's own protocol (218): decides which commands and fields it supports. */
  readonly penProtocol: number;
  /** The protocol of the event stream: min(host's requested, pen's) (§8.1 [INFERRED]). */
  protocol(): number;
  /** Queues a message for the host (nothing when the link is down). */
  send(msg: DeviceMessage): void;
  /** Sends an error response `cmd` with `err` (full or short form per the behaviour). */
  sendError(cmd: number, err: number): void;
  /** Sends what is queued now. */
  flush(): void;
  /** The pen drops the link. */
  dropLink(): void;
  /** The next event counter value. */
  nextEc(): number;
  /** Erases password and offline data (retry limit reached). */
  wipe(): void;
}

export function newSession(firstEc: number): SimSession {
  return {
    authorised: false,
    streaming: false,
    filter: 'all',
    hostProtocol: undefined,
    ec: firstEc & 0xff,
    transfer: undefined,
    firmware: undefined,
    listCursor: undefined,
  };
}
