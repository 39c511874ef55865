/**
 * Pen profiles (0x41 request, 0xC1 response; pen-protocol.md §4.16, §5.14): a small key/value
 * store on the pen, guarded by an 8-byte profile password. Both directions are encoded and
 * decoded here (the simulator answers them).
 *
 * The profile password is 8 raw bytes (`password[8]`), not text: NeoLAB's own profile password
 * ({@link NEOLAB_PROFILE_PASSWORD}) is not the UTF-8 of any string.
 */
import { ByteReader, ByteWriter, utf8 } from './bytes';

/** Bytes in a profile password field. */
export const PROFILE_PASSWORD_BYTES = 8;

/** A profile password: exactly {@link PROFILE_PASSWORD_BYTES} raw bytes (shorter ones are zero-padded on the wire). */
export type ProfilePassword = Uint8Array;

/** The password of NeoLAB's own `neolab` profile: `6B CA 6B 50 5D EC A7 8C`. */
export const NEOLAB_PROFILE_PASSWORD: ProfilePassword = Uint8Array.of(
  0x6b,
  0xca,
  0x6b,
  0x50,
  0x5d,
  0xec,
  0xa7,
  0x8c,
);

/**
 * A text password as profile password bytes: UTF-8, zero-padded to 8 bytes. Throws a
 * RangeError when the text needs more than 8 bytes (it would be cut silently on the wire).
 */
export function profilePasswordFromText(text: string): ProfilePassword {
  const b = utf8(text);
  if (b.length > PROFILE_PASSWORD_BYTES) {
    throw new RangeError(
      `a profile password has at most ${PROFILE_PASSWORD_BYTES} bytes, "${text}" has ${b.length}`,
    );
  }
  const out = new Uint8Array(PROFILE_PASSWORD_BYTES);
  out.set(b);
  return out;
}

/** True when two profile passwords are the same bytes on the wire (zero-padded to 8). */
export function sameProfilePassword(a: ProfilePassword, b: ProfilePassword): boolean {
  for (let i = 0; i < PROFILE_PASSWORD_BYTES; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return false;
  return true;
}

function passwordField(password: ProfilePassword): Uint8Array {
  if (password.length > PROFILE_PASSWORD_BYTES) {
    throw new RangeError(
      `a profile password has at most ${PROFILE_PASSWORD_BYTES} bytes, got ${password.length}`,
    );
  }
  return password;
}

/** Profile operation codes. */
export const ProfileOp = {
  create: 0x01,
  delete: 0x02,
  info: 0x03,
  write: 0x11,
  read: 0x12,
  deleteValues: 0x13,
} as const;
export type ProfileOpName = keyof typeof ProfileOp;

/** Profile status values (§5.14). */
export const ProfileStatus = {
  ok: 0x00,
  fail: 0x01,
  alreadyExists: 0x10,
  doesNotExist: 0x11,
  keyNotFound: 0x21,
  noPermission: 0x30,
  bufferSizeMismatch: 0x40,
} as const;

/** The type-specific part of a 0x41 request. Passwords are 8 raw bytes, keys `str[16]`. */
export type ProfileRequest =
  | {
      readonly op: 'create';
      readonly password: ProfilePassword;
      readonly sectorSize: number;
      readonly sectorCount: number;
    }
  | { readonly op: 'delete'; readonly password: ProfilePassword }
  | { readonly op: 'info' }
  | {
      readonly op: 'write';
      readonly password: ProfilePassword;
      readonly values: readonly { readonly key: string; readonly data: Uint8Array }[];
    }
  | { readonly op: 'read'; readonly keys: readonly string[] }
  | { readonly op: 'deleteValues'; readonly password: ProfilePassword; readonly keys: readonly string[] };

/** The type-specific part of a 0xC1 response. */
export type ProfileResponse =
  | { readonly op: 'create' | 'delete'; readonly status: number }
  | {
      readonly op: 'info';
      readonly status: number;
      readonly totalSectors: number;
      readonly sectorSize: number;
      readonly usedSectors: number;
      readonly usedKeySectors: number;
    }
  | {
      readonly op: 'write' | 'deleteValues';
      readonly results: readonly { readonly key: string; readonly status: number }[];
    }
  | {
      readonly op: 'read';
      readonly results: readonly {
        readonly key: string;
        readonly status: number;
        readonly data: Uint8Array;
      }[];
    };

function opName(code: number): ProfileOpName | undefined {
  for (const [k, v] of Object.entries(ProfileOp)) if (v === code) return k as ProfileOpName;
  return undefined;
}

/** The 0x41 payload. */
export function encodeProfileRequest(profileName: string, req: ProfileRequest): Uint8Array {
  const w = new ByteWriter(64).str(profileName, 8).u8(ProfileOp[req.op]);
  switch (req.op) {
    case 'create':
      w.fixed(passwordField(req.password), PROFILE_PASSWORD_BYTES).u16(req.sectorSize).u16(req.sectorCount);
      break;
    case 'delete':
      w.fixed(passwordField(req.password), PROFILE_PASSWORD_BYTES);
      break;
    case 'info':
      break;
    case 'write':
      w.fixed(passwordField(req.password), PROFILE_PASSWORD_BYTES).u8(req.values.length);
      for (const v of req.values) w.str(v.key, 16).u16(v.data.length).bytes(v.data);
      break;
    case 'read':
      w.u8(req.keys.length);
      for (const k of req.keys) w.str(k, 16);
      break;
    case 'deleteValues':
      w.fixed(passwordField(req.password), PROFILE_PASSWORD_BYTES).u8(req.keys.length);
      for (const k of req.keys) w.str(k, 16);
      break;
  }
  return w.finish();
}

/** Reads a 0x41 payload; throws (ShortPayloadError, RangeError) when malformed. */
export function decodeProfileRequest(payload: Uint8Array): { profileName: string; request: ProfileRequest } {
  const r = new ByteReader(payload);
  const profileName = r.str(8);
  const code = r.u8();
  const op = opName(code);
  const keys = (n: number) => Array.from({ length: n }, () => r.str(16));
  switch (op) {
    case 'create':
      return {
        profileName,
        request: { op, password: r.bytes(PROFILE_PASSWORD_BYTES), sectorSize: r.u16(), sectorCount: r.u16() },
      };
    case 'delete':
      return { profileName, request: { op, password: r.bytes(PROFILE_PASSWORD_BYTES) } };
    case 'info':
      return { profileName, request: { op } };
    case 'write': {
      const password = r.bytes(PROFILE_PASSWORD_BYTES);
      const n = r.u8();
      const values = Array.from({ length: n }, () => {
        const key = r.str(16);
        return { key, data: r.bytes(r.u16()) };
      });
      return { profileName, request: { op, password, values } };
    }
    case 'read':
      return { profileName, request: { op, keys: keys(r.u8()) } };
    case 'deleteValues': {
      const password = r.bytes(PROFILE_PASSWORD_BYTES);
      return { profileName, request: { op, password, keys: keys(r.u8()) } };
    }
    default:
      throw new RangeError(`unknown profile operation 0x${code.toString(16)}`);
  }
}

/** The 0xC1 payload. */
export function encodeProfileResponse(profileName: string, res: ProfileResponse): Uint8Array {
  const w = new ByteWriter(64).str(profileName, 8).u8(ProfileOp[res.op]);
  switch (res.op) {
    case 'create':
    case 'delete':
      w.u8(res.status);
      break;
    case 'info':
      w.u8(res.status).u16(res.totalSectors).u16(res.sectorSize).u16(res.usedSectors).u16(res.usedKeySectors);
      break;
    case 'write':
    case 'deleteValues':
      w.u8(res.results.length);
      for (const x of res.results) w.str(x.key, 16).u8(x.status);
      break;
    case 'read':
      w.u8(res.results.length);
      for (const x of res.results) w.str(x.key, 16).u8(x.status).u16(x.data.length).bytes(x.data);
      break;
  }
  return w.finish();
}

/** Reads a 0xC1 payload; throws when malformed. */
export function decodeProfileResponse(payload: Uint8Array): {
  profileName: string;
  response: ProfileResponse;
} {
  const r = new ByteReader(payload);
  const profileName = r.str(8);
  const code = r.u8();
  const op = opName(code);
  switch (op) {
    case 'create':
    case 'delete':
      return { profileName, response: { op, status: r.u8() } };
    case 'info':
      return {
        profileName,
        response: {
          op,
          status: r.u8(),
          totalSectors: r.u16(),
          sectorSize: r.u16(),
          usedSectors: r.u16(),
          usedKeySectors: r.u16(),
        },
      };
    case 'write':
    case 'deleteValues': {
      const n = r.u8();
      const results = Array.from({ length: n }, () => ({ key: r.str(16), status: r.u8() }));
      return { profileName, response: { op, results } };
    }
    case 'read': {
      const n = r.u8();
      const results = Array.from({ length: n }, () => {
        const key = r.str(16);
        const status = r.u8();
        return { key, status, data: r.bytes(r.u16()) };
      });
      return { profileName, response: { op, results } };
    }
    default:
      throw new RangeError(`unknown profile operation 0x${code.toString(16)}`);
  }
}
