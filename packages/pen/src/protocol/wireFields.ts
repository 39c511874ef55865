/**
 * Small wire fields shared by many messages: the packed section/owner word (§9.2), the MAC
 * (§2.5), protocol version strings (§5.1, §10) and "every note" markers.
 */
import type { BookAddress } from '@dotink/ncode';

/** `SO = (section << 24) | (owner & 0xFFFFFF)`, as an unsigned number. */
export function packSectionOwner(section: number, owner: number): number {
  return (((section & 0xff) << 24) | (owner & 0xffffff)) >>> 0;
}

/** Splits a packed section/owner word. */
export function unpackSectionOwner(so: number): { section: number; owner: number } {
  return { section: (so >>> 24) & 0xff, owner: so & 0xffffff };
}

/** `0xFFFFFFFF`: "every note" (0x11 filters, 0x21 lists). */
export const ALL_U32 = 0xffff_ffff;

/** `0xFFFF`: "all notes" count of the 0x11 request. */
export const ALL_NOTES_COUNT = 0xffff;

/** A note (book) on the wire: section, owner, book. */
export type NoteAddress = BookAddress;

/** Formats 6 MAC bytes (display order) as `9C:7B:D2:12:34:56`. */
export function macToString(bytes: Uint8Array): string {
  const parts: string[] = [];
  for (let i = 0; i < bytes.length; i++) parts.push(bytes[i]!.toString(16).padStart(2, '0').toUpperCase());
  return parts.join(':');
}

/** Parses `9C:7B:D2:12:34:56` (or `9C7BD2123456`, `-` separators) into 6 bytes. */
export function macFromString(text: string): Uint8Array {
  const hex = text.replace(/[^0-9a-fA-F]/g, '');
  if (hex.length !== 12) throw new RangeError(`invalid MAC address: ${text}`);
  const out = new Uint8Array(6);
  for (let i = 0; i < 6; i++) out[i] = Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/**
 * A protocol version string (`"2.18"`) as an integer (218), so versions compare exactly.
 * The SDKs compare `major.minor` as a float, so `"2.1"` equals `"2.10"`. Returns `undefined` when
 * the text holds no version.
 */
export function protocolVersionNumber(text: string): number | undefined {
  const m = /^\s*(\d+)\.(\d+)/.exec(text);
  if (!m) return undefined;
  return Math.round(Number.parseFloat(`${m[1]}.${m[2]}`) * 100);
}

/** Protocol versions where behaviour changes (§10), as {@link protocolVersionNumber} values. */
export const ProtocolVersion = {
  base: 200,
  fscSensitivity: 208,
  profiles: 210,
  eventCounter: 212,
  listLimits: 215,
  noteInfo: 216,
  autoOffFrom5: 217,
  hover: 218,
  compressedFirmware: 222,
  deletePages: 223,
} as const;
