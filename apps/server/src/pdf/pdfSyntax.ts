/**
 * PDF object syntax (ISO 32000-1 §7.2–7.3) over a window of bytes: numbers, names, strings,
 * arrays, dictionaries, references and the `n g obj … endobj` / `stream` framing. The parser is
 * synchronous over one `Uint8Array`; when an object runs past the end of a window that is not the
 * end of the file it throws {@link Incomplete}, and the caller reads a larger window.
 * No stream data is held here: a stream is its dictionary and the offset where its data starts.
 */

/** Why a PDF could not be read: what the route turns into its 4xx. */
export type PdfReadReason = 'notPdf' | 'damaged' | 'tooCostly';

/** The only error the bounded PDF reader throws for bad input. */
export class PdfReadError extends Error {
  constructor(
    readonly reason: PdfReadReason,
    message: string,
  ) {
    super(message);
    this.name = 'PdfReadError';
  }
}

/** A window ended before the object did (not an error of the file: read more). */
export class Incomplete extends Error {
  constructor() {
    super('the object runs past the window');
    this.name = 'Incomplete';
  }
}

export const damaged = (what: string): PdfReadError => new PdfReadError('damaged', what);

/** A name object (`/Type`), decoded (`#xx` escapes resolved, latin1). */
export class PdfName {
  constructor(readonly name: string) {}
}

/** A string object's bytes (literal or hex, escapes resolved). */
export class PdfString {
  constructor(readonly bytes: Uint8Array) {}
}

/** An indirect reference `num gen R`. */
export class PdfRef {
  constructor(
    readonly num: number,
    readonly gen: number,
  ) {}
  get key(): string {
    return `${this.num} ${this.gen}`;
  }
}

/** A dictionary: names to values. */
export class PdfDict {
  constructor(readonly entries: ReadonlyMap<string, PdfValue>) {}
  get(key: string): PdfValue | undefined {
    return this.entries.get(key);
  }
  /** The name under `key`, or undefined when it is not a name. */
  name(key: string): string | undefined {
    const v = this.entries.get(key);
    return v instanceof PdfName ? v.name : undefined;
  }
}

/** A stream object: its dictionary and where its data starts in the file. */
export class PdfStream {
  constructor(
    readonly dict: PdfDict,
    readonly dataOffset: number,
  ) {}
}

export type PdfValue =
  | number
  | boolean
  | null
  | PdfName
  | PdfString
  | PdfRef
  | PdfDict
  | PdfStream
  | PdfValue[];

const MAX_DEPTH = 64;

function isWhite(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x00;
}
function isDelim(c: number): boolean {
  return (
    c === 0x28 ||
    c === 0x29 ||
    c === 0x3c ||
    c === 0x3e ||
    c === 0x5b ||
    c === 0x5d ||
    c === 0x7b ||
    c === 0x7d ||
    c === 0x2f ||
    c === 0x25
  );
}
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  return -1;
}

/** A cursor over one window of the file: `base` is the file offset of `bytes[0]`. */
export class Lexer {
  pos = 0;
  constructor(
    readonly bytes: Uint8Array,
    readonly base: number,
    /** True when the window ends where the file (or the decoded stream) ends. */
    readonly atEnd: boolean,
  ) {}

  /** The byte at the cursor, -1 at the true end; {@link Incomplete} at the window's end. */
  peek(): number {
    if (this.pos < this.bytes.length) return this.bytes[this.pos]!;
    if (this.atEnd) return -1;
    throw new Incomplete();
  }

  skipSpace(): void {
    for (;;) {
      const c = this.peek();
      if (c === 0x25) {
        while (this.peek() !== 0x0a && this.peek() !== 0x0d && this.peek() !== -1) this.pos++;
      } else if (c !== -1 && isWhite(c)) this.pos++;
      else return;
    }
  }

  /** A regular token (number or keyword) at the cursor, after white space; '' at a delimiter. */
  word(): string {
    this.skipSpace();
    let out = '';
    for (;;) {
      const c = this.peek();
      if (c === -1 || isWhite(c) || isDelim(c)) return out;
      out += String.fromCharCode(c);
      this.pos++;
      if (out.length > 256) throw damaged('token too long');
    }
  }

  /** Reads `n g obj` and answers n and g (damaged when the bytes say something else). */
  objectHeader(): { num: number; gen: number } {
    const num = Number(this.word());
    const gen = Number(this.word());
    if (!Number.isInteger(num) || !Number.isInteger(gen) || this.word() !== 'obj')
      throw damaged('no object header');
    return { num, gen };
  }

  /**
   * The value of an indirect object after its header; a dictionary followed by `stream` is a
   * {@link PdfStream} whose data starts after the keyword's end of line.
   */
  objectBody(): PdfValue {
    const value = this.value(0);
    if (!(value instanceof PdfDict)) return value;
    const save = this.pos;
    if (this.word() !== 'stream') {
      this.pos = save;
      return value;
    }
    if (this.peek() === 0x0d) this.pos++;
    if (this.peek() === 0x0a) this.pos++;
    return new PdfStream(value, this.base + this.pos);
  }

  /** One value at the cursor. */
  value(depth: number): PdfValue {
    if (depth > MAX_DEPTH) throw damaged('nested too deep');
    this.skipSpace();
    const c = this.peek();
    if (c === -1) throw damaged('unexpected end');
    if (c === 0x2f) return this.nameValue();
    if (c === 0x28) return this.literalString();
    if (c === 0x5b) {
      this.pos++;
      const items: PdfValue[] = [];
      for (;;) {
        this.skipSpace();
        if (this.peek() === 0x5d) {
          this.pos++;
          return items;
        }
        items.push(this.value(depth + 1));
      }
    }
    if (c === 0x3c) {
      this.pos++;
      if (this.peek() === 0x3c) {
        this.pos++;
        return this.dict(depth);
      }
      return this.hexString();
    }
    if (isDelim(c)) throw damaged(`unexpected ${String.fromCharCode(c)}`);
    const token = this.word();
    if (token === 'true') return true;
    if (token === 'false') return false;
    if (token === 'null') return null;
    const n = Number(token);
    if (token === '' || !Number.isFinite(n)) {
      // Some writers put "+.5" or "--5"; anything else is no value.
      if (/^[+-]*\.?\d/.test(token)) return Number.parseFloat(token.replace(/^[+-]+/, '-')) || 0;
      throw damaged(`unexpected ${token.slice(0, 20)}`);
    }
    if (Number.isInteger(n) && n >= 0 && /^\d+$/.test(token)) return this.maybeRef(n);
    return n;
  }

  private maybeRef(num: number): PdfValue {
    const save = this.pos;
    const gen = this.word();
    if (/^\d+$/.test(gen)) {
      const r = this.word();
      if (r === 'R') return new PdfRef(num, Number(gen));
    }
    this.pos = save;
    return num;
  }

  private dict(depth: number): PdfDict {
    const entries = new Map<string, PdfValue>();
    for (;;) {
      this.skipSpace();
      const c = this.peek();
      if (c === 0x3e) {
        this.pos++;
        if (this.peek() !== 0x3e) throw damaged('bad dictionary end');
        this.pos++;
        return new PdfDict(entries);
      }
      if (c !== 0x2f) throw damaged('dictionary key is no name');
      const key = this.nameValue().name;
      entries.set(key, this.value(depth + 1));
    }
  }

  private nameValue(): PdfName {
    this.pos++; // '/'
    let out = '';
    for (;;) {
      const c = this.peek();
      if (c === -1 || isWhite(c) || isDelim(c)) return new PdfName(out);
      this.pos++;
      if (c === 0x23) {
        const h = hexValue(this.peek());
        this.pos++;
        const l = hexValue(this.peek());
        this.pos++;
        if (h < 0 || l < 0) throw damaged('bad name escape');
        out += String.fromCharCode(h * 16 + l);
      } else out += String.fromCharCode(c);
      if (out.length > 1024) throw damaged('name too long');
    }
  }

  private hexString(): PdfString {
    const out: number[] = [];
    let high = -1;
    for (;;) {
      const c = this.peek();
      this.pos++;
      if (c === 0x3e) break;
      if (c === -1) throw damaged('unterminated hex string');
      if (isWhite(c)) continue;
      const v = hexValue(c);
      if (v < 0) throw damaged('bad hex string');
      if (high < 0) high = v;
      else {
        out.push(high * 16 + v);
        high = -1;
      }
    }
    if (high >= 0) out.push(high * 16);
    return new PdfString(Uint8Array.from(out));
  }

  private literalString(): PdfString {
    this.pos++; // '('
    const out: number[] = [];
    let depth = 1;
    for (;;) {
      const c = this.peek();
      if (c === -1) throw damaged('unterminated string');
      this.pos++;
      if (c === 0x28) depth++;
      else if (c === 0x29 && --depth === 0) return new PdfString(Uint8Array.from(out));
      if (c !== 0x5c) {
        out.push(c);
        continue;
      }
      const e = this.peek();
      this.pos++;
      const simple: Record<number, number> = { 110: 10, 114: 13, 116: 9, 98: 8, 102: 12 };
      if (simple[e] !== undefined) out.push(simple[e]);
      else if (e >= 0x30 && e <= 0x37) {
        let v = e - 0x30;
        for (let i = 0; i < 2 && this.peek() >= 0x30 && this.peek() <= 0x37; i++)
          v = v * 8 + this.bytes[this.pos++]! - 0x30;
        out.push(v & 0xff);
      } else if (e === 0x0d) {
        if (this.peek() === 0x0a) this.pos++;
      } else if (e !== 0x0a && e !== -1) out.push(e);
    }
  }
}

/** Index of `needle` (ASCII) in `bytes` from `from`, or -1. */
export function indexOfAscii(bytes: Uint8Array, needle: string, from = 0): number {
  const first = needle.charCodeAt(0);
  outer: for (let i = Math.max(0, from); i <= bytes.length - needle.length; i++) {
    if (bytes[i] !== first) continue;
    for (let j = 1; j < needle.length; j++) if (bytes[i + j] !== needle.charCodeAt(j)) continue outer;
    return i;
  }
  return -1;
}

/** Last index of `needle` (ASCII) in `bytes`, or -1. */
export function lastIndexOfAscii(bytes: Uint8Array, needle: string): number {
  outer: for (let i = bytes.length - needle.length; i >= 0; i--) {
    for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle.charCodeAt(j)) continue outer;
    return i;
  }
  return -1;
}

/** True when `isDigit` (exported for the xref reader). */
export const digit = isDigit;
