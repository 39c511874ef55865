/**
 * Encoding host requests to framed bytes ({@link encodeRequest}) and decoding them back
 * ({@link decodeHostFrame}, used by the simulator). Layouts: pen-protocol.md §4.
 */
import { ByteReader, ByteWriter, ShortPayloadError } from './bytes';
import { HostCmd } from './commands';
import { encodeFrame, encodeShortErrorFrame, type Frame, frameBody, wrapBody } from './framing';
import type { DecodedHostRequest, HostRequest, NoteFilterEntry, OfflineTransfer } from './hostRequests';
import { decodeProfileRequest, encodeProfileRequest } from './profile';
import { decodeSettingPayload, encodeSettingPayload } from './settings';
import { ALL_NOTES_COUNT, ALL_U32, packSectionOwner, unpackSectionOwner } from './wireFields';

/** Default app type of the 0x01 request: WEB's bytes `F0 01`. */
export const DEFAULT_APP_TYPE = 0x01f0;
/** Protocol version a host asks for by default (WEB, IOS3, GRIDA). */
export const DEFAULT_REQUESTED_PROTOCOL = '2.18';

/** A password field (`str[16]`): each character's code, as engine.md §5 says, zero-padded. */
function writeCharCodes(w: ByteWriter, text: string, width: number): void {
  const b = new Uint8Array(width);
  for (let i = 0; i < Math.min(width, text.length); i++) b[i] = text.charCodeAt(i) & 0xff;
  w.bytes(b);
}

function readCharCodes(r: ByteReader, width: number): string {
  const b = r.bytes(width);
  let s = '';
  for (const c of b) if (c !== 0) s += String.fromCharCode(c);
  return s;
}

/** The command code, error byte, payload and declared length of a request (unframed). */
export interface EncodedPacket {
  readonly cmd: number;
  readonly err: number;
  readonly payload: Uint8Array;
  /** Declared `len`; differs from `payload.length` only for deliberate quirks. */
  readonly len: number;
  /** Send as a short error frame `C0 cmd err C1`. */
  readonly short?: boolean;
}

const packet = (cmd: number, payload: Uint8Array, err = 0): EncodedPacket => ({
  cmd,
  err,
  payload,
  len: payload.length,
});

/** The unframed packet of a request. Throws RangeError for values that do not fit their fields. */
export function encodeRequestPacket(req: HostRequest): EncodedPacket {
  const w = new ByteWriter(48);
  switch (req.kind) {
    case 'versionRequest': {
      const code = req.connectionCode ?? new Uint8Array(16);
      w.fixed(code, 16)
        .u16(req.appType ?? DEFAULT_APP_TYPE)
        .str(req.appVersion ?? '0.0.0.0', 16);
      if (req.protocolVersion !== null) w.str(req.protocolVersion ?? DEFAULT_REQUESTED_PROTOCOL, 8);
      return packet(HostCmd.versionRequest, w.finish());
    }
    case 'passwordInput':
      writeCharCodes(w, req.password, 16);
      return packet(HostCmd.passwordInput, w.finish());
    case 'passwordChange':
      w.u8(req.usePassword ? 1 : 0);
      writeCharCodes(w, req.oldPassword, 16);
      writeCharCodes(w, req.newPassword, 16);
      return packet(HostCmd.passwordChange, w.finish());
    case 'statusRequest':
      return packet(HostCmd.statusRequest, w.finish());
    case 'setting': {
      const { payload, len } = encodeSettingPayload(req.setting);
      return { cmd: HostCmd.setting, err: 0, payload, len };
    }
    case 'systemChange': {
      const rsv = req.reservedByte ?? 0;
      w.u8(1).u8(rsv).u8(rsv).u8(rsv).u8(rsv).u32(req.step);
      return packet(HostCmd.systemChange, w.finish());
    }
    case 'systemInfoRequest':
      return packet(HostCmd.systemInfoRequest, w.finish());
    case 'onlineDataRequest':
      if (req.notes === 'all') w.u16(ALL_NOTES_COUNT);
      else {
        if (req.notes.length >= ALL_NOTES_COUNT) throw new RangeError('too many notes in the filter');
        w.u16(req.notes.length);
        for (const n of req.notes) {
          w.u32(packSectionOwner(n.section, n.owner)).u32(n.book === 'all' ? ALL_U32 : n.book);
        }
      }
      return packet(HostCmd.onlineDataRequest, w.finish());
    case 'offlineNoteListRequest':
      w.u32(req.from === 'all' ? ALL_U32 : packSectionOwner(req.from.section, req.from.owner));
      return packet(HostCmd.offlineNoteListRequest, w.finish());
    case 'offlinePageListRequest':
      w.u32(packSectionOwner(req.section, req.owner)).u32(req.book);
      return packet(HostCmd.offlinePageListRequest, w.finish());
    case 'offlineDataRequest':
      w.u8(req.transfer)
        .u8(req.compress ? 1 : 0)
        .u32(packSectionOwner(req.section, req.owner))
        .u32(req.book)
        .u32(req.pages.length);
      for (const p of req.pages) w.u32(p);
      return packet(HostCmd.offlineDataRequest, w.finish());
    case 'offlineChunkAck':
      w.u16(req.packetId).u8(req.continue ? 1 : 0);
      return packet(HostCmd.offlineChunkAck, w.finish(), req.ok ? 0 : 1);
    case 'offlineDeleteNotes':
      if (req.books.length > 255) throw new RangeError('at most 255 notes per delete request');
      w.u32(packSectionOwner(req.section, req.owner)).u8(req.books.length);
      for (const b of req.books) w.u32(b);
      return packet(HostCmd.offlineDeleteNotes, w.finish());
    case 'offlineNoteInfoRequest':
      w.u32(packSectionOwner(req.section, req.owner)).u32(req.book);
      return packet(HostCmd.offlineNoteInfoRequest, w.finish());
    case 'offlineDeletePages':
      if (req.pages.length > 255) throw new RangeError('at most 255 pages per delete request');
      w.u32(packSectionOwner(req.section, req.owner)).u32(req.book).u8(req.pages.length);
      for (const p of req.pages) w.u32(p);
      return packet(HostCmd.offlineDeletePages, w.finish());
    case 'firmwareUploadRequest':
      w.str(req.deviceName, 16)
        .str(req.firmwareVersion, 16)
        .u32(req.fileSize)
        .u32(req.packetSize)
        .u8(req.compress ? 1 : 0)
        .u8(req.fileChecksum);
      return packet(HostCmd.firmwareUploadRequest, w.finish());
    case 'firmwareChunk':
      if (req.abort) {
        return {
          cmd: HostCmd.firmwareChunk,
          err: req.err ?? 1,
          payload: new Uint8Array(0),
          len: 0,
          short: req.abort === 'short',
        };
      }
      w.u8(req.stop ? 1 : 0)
        .u32(req.offset)
        .u8(req.chunkChecksum)
        .u32(req.sizeBefore)
        .u32(req.sizeAfter)
        .bytes(req.data);
      return packet(HostCmd.firmwareChunk, w.finish(), req.err ?? 0);
    case 'profileRequest':
      return packet(HostCmd.profileRequest, encodeProfileRequest(req.profileName, req.request));
    case 'unknown':
      return packet(req.cmd, req.payload, req.err ?? 0);
  }
}

/** Frames an encoded packet (escaping included). */
export function framePacket(p: EncodedPacket): Uint8Array {
  if (p.short) return encodeShortErrorFrame(p.cmd, p.err);
  if (p.len === p.payload.length) return encodeFrame(p.cmd, p.payload, p.err);
  return wrapBody(frameBody(p.cmd, p.payload, p.err, p.len));
}

/** The framed, escaped bytes of a host request, ready to write. */
export function encodeRequest(req: HostRequest): Uint8Array {
  return framePacket(encodeRequestPacket(req));
}

/** The low byte of the sum of some bytes (firmware file and chunk checksums, §4.14–4.15). */
export function firmwareChecksum(bytes: Uint8Array): number {
  let s = 0;
  for (let i = 0; i < bytes.length; i++) s += bytes[i]!;
  return s & 0xff;
}

function decodeKnown(frame: Frame, r: ByteReader): DecodedHostRequest {
  const p = frame.payload;
  switch (frame.cmd) {
    case HostCmd.versionRequest: {
      const connectionCode = r.bytes(16);
      const appType = r.u16();
      const appVersion = r.str(16);
      const protocolVersion = r.remaining > 0 ? r.str(Math.min(8, r.remaining)) : null;
      return { kind: 'versionRequest', connectionCode, appType, appVersion, protocolVersion };
    }
    case HostCmd.passwordInput:
      return { kind: 'passwordInput', password: readCharCodes(r, 16) };
    case HostCmd.passwordChange:
      return {
        kind: 'passwordChange',
        usePassword: r.u8() !== 0,
        oldPassword: readCharCodes(r, 16),
        newPassword: readCharCodes(r, 16),
      };
    case HostCmd.statusRequest:
      return { kind: 'statusRequest' };
    case HostCmd.setting:
      if (p.length === 0) throw new ShortPayloadError(1, 0);
      return { kind: 'setting', setting: decodeSettingPayload(p) };
    case HostCmd.systemChange: {
      r.u8();
      const reservedByte = r.u8();
      r.skip(3);
      return { kind: 'systemChange', reservedByte, step: r.u32() };
    }
    case HostCmd.systemInfoRequest:
      return { kind: 'systemInfoRequest' };
    case HostCmd.onlineDataRequest: {
      const count = r.u16();
      if (count === ALL_NOTES_COUNT) return { kind: 'onlineDataRequest', notes: 'all' };
      const notes: NoteFilterEntry[] = [];
      for (let i = 0; i < count; i++) {
        const so = unpackSectionOwner(r.u32());
        const book = r.u32();
        notes.push({ ...so, book: book === ALL_U32 ? 'all' : book });
      }
      return { kind: 'onlineDataRequest', notes };
    }
    case HostCmd.offlineNoteListRequest: {
      const so = r.u32();
      return { kind: 'offlineNoteListRequest', from: so === ALL_U32 ? 'all' : unpackSectionOwner(so) };
    }
    case HostCmd.offlinePageListRequest:
      return { kind: 'offlinePageListRequest', ...unpackSectionOwner(r.u32()), book: r.u32() };
    case HostCmd.offlineDataRequest: {
      const transfer = r.u8() as OfflineTransfer;
      const compress = r.u8() !== 0;
      const so = unpackSectionOwner(r.u32());
      const book = r.u32();
      const n = r.u32();
      if (n > r.remaining / 4) throw new ShortPayloadError(r.offset + 4 * n, p.length);
      const pages = Array.from({ length: n }, () => r.u32());
      return { kind: 'offlineDataRequest', transfer, compress, ...so, book, pages };
    }
    case HostCmd.offlineChunkAck:
      return { kind: 'offlineChunkAck', ok: frame.err === 0, packetId: r.u16(), continue: r.u8() !== 0 };
    case HostCmd.offlineDeleteNotes: {
      const so = unpackSectionOwner(r.u32());
      const n = r.u8();
      return { kind: 'offlineDeleteNotes', ...so, books: Array.from({ length: n }, () => r.u32()) };
    }
    case HostCmd.offlineNoteInfoRequest:
      return { kind: 'offlineNoteInfoRequest', ...unpackSectionOwner(r.u32()), book: r.u32() };
    case HostCmd.offlineDeletePages: {
      const so = unpackSectionOwner(r.u32());
      const book = r.u32();
      const n = r.u8();
      return { kind: 'offlineDeletePages', ...so, book, pages: Array.from({ length: n }, () => r.u32()) };
    }
    case HostCmd.firmwareUploadRequest:
      return {
        kind: 'firmwareUploadRequest',
        deviceName: r.str(16),
        firmwareVersion: r.str(16),
        fileSize: r.u32(),
        packetSize: r.u32(),
        compress: r.u8() !== 0,
        fileChecksum: r.u8(),
      };
    case HostCmd.firmwareChunk: {
      const err = frame.err ?? 0;
      if (p.length === 0 && err !== 0) {
        return {
          kind: 'firmwareChunk',
          err,
          abort: frame.short ? 'short' : 'empty',
          stop: true,
          offset: 0,
          chunkChecksum: 0,
          sizeBefore: 0,
          sizeAfter: 0,
          data: new Uint8Array(0),
        };
      }
      return {
        kind: 'firmwareChunk',
        err,
        stop: r.u8() !== 0,
        offset: r.u32(),
        chunkChecksum: r.u8(),
        sizeBefore: r.u32(),
        sizeAfter: r.u32(),
        data: r.rest(),
      };
    }
    case HostCmd.profileRequest:
      return { kind: 'profileRequest', ...decodeProfileRequest(p) };
    default:
      return unknownOf(frame);
  }
}

function unknownOf(frame: Frame): DecodedHostRequest {
  return frame.err === undefined
    ? { kind: 'unknown', cmd: frame.cmd, payload: frame.payload }
    : { kind: 'unknown', cmd: frame.cmd, err: frame.err, payload: frame.payload };
}

/**
 * Reads a host → pen frame. Unknown commands come back as `{kind:'unknown'}`; known commands whose
 * payload does not fit their layout as `{kind:'malformed'}` with a reason.
 */
export function decodeHostFrame(frame: Frame): DecodedHostRequest {
  try {
    return decodeKnown(frame, new ByteReader(frame.payload));
  } catch (e) {
    return {
      kind: 'malformed',
      cmd: frame.cmd,
      ...(frame.err === undefined ? {} : { err: frame.err }),
      payload: frame.payload,
      reason: e instanceof Error ? e.message : String(e),
    };
  }
}
