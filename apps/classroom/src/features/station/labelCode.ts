/**
 * The inverse of the QR label's payload (`labelPayload` of features/students/labels, classroom.md §3):
 * base64 of the UTF-8 of `id|password|mac`. The id and the address never hold '|'; a password
 * may, so the password is everything between the first and the last '|'.
 */

/** What a pupil's label says. */
export interface LabelContent {
  readonly id: string;
  readonly password: string;
  /** The pen address as printed (may be empty when the pupil has no pen registered). */
  readonly mac: string;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Reads a label's payload; undefined for anything that is not one (another QR code). */
export function decodeLabelPayload(payload: string): LabelContent | undefined {
  const text = payload.trim();
  if (text.length === 0 || text.length % 4 !== 0 || !BASE64.test(text)) return undefined;
  let binary: string;
  try {
    binary = atob(text);
  } catch {
    // not base64 after all: not a label (the caller says so)
    return undefined;
  }
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  let decoded: string;
  try {
    decoded = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // not UTF-8: not a label
    return undefined;
  }
  const first = decoded.indexOf('|');
  const last = decoded.lastIndexOf('|');
  if (first <= 0 || last === first) return undefined;
  const id = decoded.slice(0, first);
  if (id.trim() !== id) return undefined;
  return { id, password: decoded.slice(first + 1, last), mac: decoded.slice(last + 1) };
}
