/**
 * Validation rules for pen input (engine.md §5) and the GATT identifiers (pen-protocol.md §1).
 */
import type { Logger } from '@dotink/ncode';

/** The 16-bit ("V2") service set: NWP-F50/F51/F120/F121. */
export const PEN_SERVICE_16BIT = '000019f1-0000-1000-8000-00805f9b34fb';
export const PEN_WRITE_CHAR_16BIT = '00002ba0-0000-1000-8000-00805f9b34fb';
export const PEN_NOTIFY_CHAR_16BIT = '00002ba1-0000-1000-8000-00805f9b34fb';

/** The 128-bit ("V5") service set: NWP-F30 and later. */
export const PEN_SERVICE_128BIT = '4f99f138-9d53-5bfa-9e50-b147491afe68';
export const PEN_WRITE_CHAR_128BIT = '8bc8cc7d-88ca-56b0-af9a-9bf514d0d61a';
export const PEN_NOTIFY_CHAR_128BIT = '64cd86b1-2256-5aeb-9f04-2caf6c60ae57';

/** One GATT service with its write (host → pen) and notify (pen → host) characteristics. */
export interface PenUuidSet {
  readonly name: '16bit' | '128bit';
  readonly service: string;
  readonly write: string;
  readonly notify: string;
}

export const PEN_UUIDS_16BIT: PenUuidSet = Object.freeze({
  name: '16bit',
  service: PEN_SERVICE_16BIT,
  write: PEN_WRITE_CHAR_16BIT,
  notify: PEN_NOTIFY_CHAR_16BIT,
});

export const PEN_UUIDS_128BIT: PenUuidSet = Object.freeze({
  name: '128bit',
  service: PEN_SERVICE_128BIT,
  write: PEN_WRITE_CHAR_128BIT,
  notify: PEN_NOTIFY_CHAR_128BIT,
});

/** Both sets in discovery order: [CHOICE] §1.1, 128-bit first, then 16-bit. */
export const PEN_UUID_SETS: readonly PenUuidSet[] = Object.freeze([PEN_UUIDS_128BIT, PEN_UUIDS_16BIT]);

/** Advertised while the pen is in pairing mode; not used for data. */
export const PEN_PAIRING_SERVICE = '000019f0-0000-1000-8000-00805f9b34fb';

/** Bluetooth name prefixes accepted when asking for a device (engine.md §5). */
export const ACCEPTED_NAME_PREFIXES: readonly string[] = Object.freeze([
  'Neosmartpen',
  'LAMY',
  'Smartpen',
  'RED1',
  'RED2',
  'BLUE1',
  'BLUE2',
]);

/** True when a device name starts with an accepted prefix. */
export function hasAcceptedNamePrefix(name: string | undefined, prefixes = ACCEPTED_NAME_PREFIXES): boolean {
  return name !== undefined && prefixes.some((p) => name.startsWith(p));
}

/** `requestDevice` options: both service filters, the name-prefix filters, both services optional. */
export function penRequestDeviceOptions(prefixes: readonly string[] = ACCEPTED_NAME_PREFIXES): {
  filters: ({ services: string[] } | { namePrefix: string })[];
  optionalServices: string[];
} {
  return {
    filters: [
      ...PEN_UUID_SETS.map((s) => ({ services: [s.service] })),
      ...prefixes.map((namePrefix) => ({ namePrefix })),
    ],
    optionalServices: PEN_UUID_SETS.map((s) => s.service),
  };
}

/** The DOMException code of a cancelled or empty device chooser (NotFoundError). */
export const BLUETOOTH_CANCEL_CODE = 8;

/** True when an error from `requestDevice` is the cancel code 8: no device was chosen. */
export function isBluetoothCancel(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { code?: unknown }).code === BLUETOOTH_CANCEL_CODE
  );
}

/**
 * The passcode as sent: exactly 4 characters, each sent as its character code (engine.md §5).
 * Throws RangeError otherwise (also for characters whose code does not fit a byte).
 */
export function passcodeBytes(passcode: string): Uint8Array {
  if (passcode.length !== 4) throw new RangeError('passcode must be exactly 4 characters');
  const out = new Uint8Array(4);
  for (let i = 0; i < 4; i++) {
    const c = passcode.charCodeAt(i);
    if (c > 0xff) throw new RangeError('passcode characters must be single-byte characters');
    out[i] = c;
  }
  return out;
}

/** True when `passcode` is 4 single-byte characters. */
export function isValidPasscode(passcode: string): boolean {
  try {
    passcodeBytes(passcode);
    return true;
  } catch {
    return false;
  }
}

/** `"0000"`: the factory default, meaning "no password"; hosts never send or set it. */
export const DEFAULT_PASSCODE = '0000';

/** Device kinds of engine.md §3 "Pen device info". */
export type PenDeviceType = 'pen' | 'eraser' | 'stylus' | 'fsir';

/**
 * The device type from the pen's code (engine.md §5): 0 or 1 pen, 2 eraser, 3 fsir; any other
 * code is treated as a pen and an error is logged.
 */
export function penTypeFromCode(code: number, logger: Logger): PenDeviceType {
  switch (code) {
    case 0:
    case 1:
      return 'pen';
    case 2:
      return 'eraser';
    case 3:
      return 'fsir';
    default:
      logger.error(`unknown pen device type ${code}, treated as a pen`);
      return 'pen';
  }
}

/** Transfer (offline save) modes accepted (engine.md §5): 0, 1 or 100. */
export const TRANSFER_MODES: readonly number[] = Object.freeze([0, 1, 100]);

/** True for a transfer mode of 0, 1 or 100. */
export function isValidTransferMode(mode: number): boolean {
  return TRANSFER_MODES.includes(mode);
}

/** A hex colour input kept to hex characters and at most 6 of them (engine.md §5). */
export function sanitizeHexColor(input: string): string {
  return input.replace(/[^0-9a-fA-F]/g, '').slice(0, 6);
}
