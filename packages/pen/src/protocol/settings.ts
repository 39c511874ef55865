/**
 * Setting changes (0x05 request, pen-protocol.md §7): `type:u8` then a type-specific value.
 * Encoders follow the driver choices of the fact sheet; decoders are lenient (they accept every
 * form a real host sends) because the simulator uses them.
 */
import { ByteReader, ByteWriter } from './bytes';

/** Setting type codes (§7). */
export const SettingType = {
  rtcTime: 1,
  autoPowerOffTime: 2,
  penCapPower: 3,
  autoPowerOn: 4,
  beep: 5,
  hover: 6,
  offlineSave: 7,
  ledColor: 8,
  fsrSensitivity: 9,
  usbMode: 10,
  downSampling: 11,
  btLocalName: 12,
  fscSensitivity: 13,
  dataTransmissionType: 14,
  beepAndLight: 16,
  initDisk: 17,
  cameraRegister: 22,
} as const;

/** The magic value of setting 17 (initialise disk), sent as `42 0B 1C 4F`. */
export const INIT_DISK_MAGIC = 0x4f1c0b42;

/** Setting names, for messages. */
export type SettingName = keyof typeof SettingType;

/** One setting change. `type` names the setting; the value fields depend on it. */
export type Setting =
  | { readonly type: 'rtcTime'; readonly timeMs: number }
  | { readonly type: 'autoPowerOffTime'; readonly minutes: number }
  | { readonly type: 'penCapPower'; readonly on: boolean }
  | { readonly type: 'autoPowerOn'; readonly on: boolean }
  | { readonly type: 'beep'; readonly on: boolean }
  | { readonly type: 'hover'; readonly on: boolean }
  /** 0 = off, 1 = on; GRIDA also documents 100 = both (the spec's transfer mode, §5). */
  | { readonly type: 'offlineSave'; readonly mode: number }
  /**
   * LED colour, ARGB. [CONFLICT] §7: `form: 'argb'` (default, WEB/AND/WIN, len 5, bytes A R G B)
   * or `'typedBgra'` (IOS3, len 6: a 0x00 type byte then B G R A).
   */
  | { readonly type: 'ledColor'; readonly argb: number; readonly form?: 'argb' | 'typedBgra' }
  | { readonly type: 'fsrSensitivity'; readonly step: number }
  | { readonly type: 'usbMode'; readonly mode: 'disk' | 'bulk' }
  | { readonly type: 'downSampling'; readonly on: boolean }
  /** `lengthByte`: WEB/WIN always send 16 (the default); IOS3 sends the real length. */
  | { readonly type: 'btLocalName'; readonly name: string; readonly lengthByte?: number }
  /**
   * FSC sensitivity. [CONFLICT] §7: the driver sends one byte (len 2). `webQuirk: true` writes the
   * value as a `u16` while still declaring len 2, as WEB does (3 payload bytes on the wire).
   */
  | { readonly type: 'fscSensitivity'; readonly step: number; readonly webQuirk?: boolean }
  | { readonly type: 'dataTransmissionType'; readonly value: number }
  | { readonly type: 'beepAndLight' }
  /** Erases the pen's storage; `magic` defaults to {@link INIT_DISK_MAGIC}. */
  | { readonly type: 'initDisk'; readonly magic?: number }
  /** Any other type (22 camera register, unknown codes): raw value bytes after the type byte. */
  | { readonly type: 'other'; readonly code: number; readonly value: Uint8Array };

/** The wire code of a setting. */
export function settingCode(s: Setting): number {
  return s.type === 'other' ? s.code : SettingType[s.type];
}

/** The name of a setting code, or `undefined` for an unknown code. */
export function settingName(code: number): SettingName | undefined {
  for (const [name, c] of Object.entries(SettingType)) if (c === code) return name as SettingName;
  return undefined;
}

const flag = (on: boolean) => (on ? 1 : 0);

/**
 * The 0x05 payload of a setting, and the `len` to declare (which differs from the payload length
 * only for the FSC web quirk).
 */
export function encodeSettingPayload(s: Setting): { payload: Uint8Array; len: number } {
  const w = new ByteWriter(20).u8(settingCode(s));
  switch (s.type) {
    case 'rtcTime':
      w.u64(s.timeMs);
      break;
    case 'autoPowerOffTime':
      w.u16(s.minutes);
      break;
    case 'penCapPower':
    case 'autoPowerOn':
    case 'beep':
    case 'hover':
    case 'downSampling':
      w.u8(flag(s.on));
      break;
    case 'offlineSave':
      w.u8(s.mode);
      break;
    case 'ledColor': {
      const a = (s.argb >>> 24) & 0xff;
      const r = (s.argb >>> 16) & 0xff;
      const g = (s.argb >>> 8) & 0xff;
      const b = s.argb & 0xff;
      if (s.form === 'typedBgra') w.u8(0).u8(b).u8(g).u8(r).u8(a);
      else w.u8(a).u8(r).u8(g).u8(b);
      break;
    }
    case 'fsrSensitivity':
      w.u8(s.step);
      break;
    case 'usbMode':
      w.u8(s.mode === 'bulk' ? 1 : 0);
      break;
    case 'btLocalName':
      w.u8(s.lengthByte ?? 16).str(s.name, 16);
      break;
    case 'fscSensitivity':
      if (s.webQuirk) {
        w.u16(s.step);
        const payload = w.finish();
        return { payload, len: 2 };
      }
      w.u8(s.step);
      break;
    case 'dataTransmissionType':
      w.u8(s.value);
      break;
    case 'beepAndLight':
      w.u8(0);
      break;
    case 'initDisk':
      w.u32(s.magic ?? INIT_DISK_MAGIC);
      break;
    case 'other':
      w.bytes(s.value);
      break;
  }
  const payload = w.finish();
  return { payload, len: payload.length };
}

/**
 * Reads a 0x05 payload (already cut to its declared length). Unknown codes, and known codes whose
 * value is too short, come back as `{type:'other'}` so a pen can refuse them.
 */
export function decodeSettingPayload(payload: Uint8Array): Setting {
  const r = new ByteReader(payload);
  const code = r.u8();
  const value = payload.slice(1);
  try {
    switch (code) {
      case SettingType.rtcTime:
        return { type: 'rtcTime', timeMs: r.u64() };
      case SettingType.autoPowerOffTime:
        return { type: 'autoPowerOffTime', minutes: r.u16() };
      case SettingType.penCapPower:
        return { type: 'penCapPower', on: r.u8() !== 0 };
      case SettingType.autoPowerOn:
        return { type: 'autoPowerOn', on: r.u8() !== 0 };
      case SettingType.beep:
        return { type: 'beep', on: r.u8() !== 0 };
      case SettingType.hover:
        return { type: 'hover', on: r.u8() !== 0 };
      case SettingType.offlineSave:
        return { type: 'offlineSave', mode: r.u8() };
      case SettingType.ledColor: {
        if (payload.length >= 6) {
          r.u8();
          const b = r.u8();
          const g = r.u8();
          const rr = r.u8();
          const a = r.u8();
          return { type: 'ledColor', argb: ((a << 24) | (rr << 16) | (g << 8) | b) >>> 0, form: 'typedBgra' };
        }
        const a = r.u8();
        const rr = r.u8();
        const g = r.u8();
        const b = r.u8();
        return { type: 'ledColor', argb: ((a << 24) | (rr << 16) | (g << 8) | b) >>> 0, form: 'argb' };
      }
      case SettingType.fsrSensitivity:
        return { type: 'fsrSensitivity', step: r.u8() };
      case SettingType.usbMode:
        return { type: 'usbMode', mode: r.u8() === 1 ? 'bulk' : 'disk' };
      case SettingType.downSampling:
        return { type: 'downSampling', on: r.u8() !== 0 };
      case SettingType.btLocalName: {
        const lengthByte = r.u8();
        return { type: 'btLocalName', lengthByte, name: r.str(Math.min(16, r.remaining)) };
      }
      case SettingType.fscSensitivity:
        return { type: 'fscSensitivity', step: r.u8() };
      case SettingType.dataTransmissionType:
        return { type: 'dataTransmissionType', value: r.u8() };
      case SettingType.beepAndLight:
        return { type: 'beepAndLight' };
      case SettingType.initDisk:
        return { type: 'initDisk', magic: r.u32() };
      default:
        return { type: 'other', code, value };
    }
  } catch {
    return { type: 'other', code, value };
  }
}
