/**
 * Pen (Bluetooth hardware) addresses of students, classroom.md §5: six parts, stored as
 * upper-case `AA:BB:CC:DD:EE:FF`. An address typed without colons is put in colon form, short
 * parts and short colon-less addresses get leading zeros, and an empty one becomes all zeros
 * (a student without a pen). Shared by the server (validation) and the classroom (the student
 * table's live marks), so both apply one rule.
 */

/** The address of "no pen". */
export const NO_PEN_ADDRESS = '00:00:00:00:00:00';

const PARTS = 6;
const HEX = /^[0-9A-F]+$/;
const SEPARATOR = /[:\-.\s]+/;

/**
 * The canonical form of a typed pen address, or undefined when it is not one: six parts of one
 * or two hex digits separated by `:`, `-`, `.` or spaces, or 1–12 hex digits without separators.
 */
export function normalizePenAddress(input: string): string | undefined {
  const value = input.trim().toUpperCase();
  if (value === '') return NO_PEN_ADDRESS;
  let parts: string[];
  if (SEPARATOR.test(value)) {
    parts = value.split(SEPARATOR);
    if (parts.length !== PARTS || parts.some((p) => p.length < 1 || p.length > 2 || !HEX.test(p)))
      return undefined;
    parts = parts.map((p) => p.padStart(2, '0'));
  } else {
    if (value.length > PARTS * 2 || !HEX.test(value)) return undefined;
    const digits = value.padStart(PARTS * 2, '0');
    parts = Array.from({ length: PARTS }, (_, i) => digits.slice(i * 2, i * 2 + 2));
  }
  return parts.join(':');
}

/** True for the all-zero address (no pen). */
export function isNoPen(address: string): boolean {
  return address === NO_PEN_ADDRESS;
}

/**
 * The canonical addresses that more than one of `addresses` share (the all-zero address never
 * counts as a duplicate).
 */
export function duplicatePenAddresses(addresses: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const a of addresses) {
    if (isNoPen(a)) continue;
    if (seen.has(a)) twice.add(a);
    else seen.add(a);
  }
  return twice;
}

/** A typed address's state in a list (classroom.md §4): none, invalid, or duplicated. */
export type PenAddressStatus = 'none' | 'invalid' | 'duplicate';

/**
 * The state of each of `inputs` (typed addresses of one class's students): invalid when it is
 * not an address, duplicate when another entry has the same canonical address.
 */
export function penAddressStatuses(inputs: readonly string[]): PenAddressStatus[] {
  const canonical = inputs.map(normalizePenAddress);
  const twice = duplicatePenAddresses(canonical.filter((a): a is string => a !== undefined));
  return canonical.map((a) => (a === undefined ? 'invalid' : twice.has(a) ? 'duplicate' : 'none'));
}

/**
 * The key every spelling of one pen shares (its canonical form, {@link normalizePenAddress}), or
 * undefined for no pen, an empty value or a text that is not an address: how the classroom
 * matches a pen that connects to a pupil of the roster, everywhere.
 */
export function penKey(address: string | null | undefined): string | undefined {
  if (!address) return undefined;
  const canonical = normalizePenAddress(address);
  return canonical === undefined || isNoPen(canonical) ? undefined : canonical;
}

/** True when both values name the same pen (any separators, any case); never for no pen. */
export function samePen(a: string | null | undefined, b: string | null | undefined): boolean {
  const x = penKey(a);
  return x !== undefined && x === penKey(b);
}
