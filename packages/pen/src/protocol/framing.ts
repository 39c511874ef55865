/**
 * Protocol framing (pen-protocol.md §2): `0xC0 | escaped(body) | 0xC1`, where the body is
 * `cmd | len:u16 | payload` (form A, cmd < 0x80) or `cmd | err | len:u16 | payload` (form B).
 * Inside a frame, 0xC0, 0xC1 and 0x7D travel as `0x7D, byte ^ 0x20`.
 *
 * {@link FrameReassembler} rebuilds frames from notifications split at any byte, including between
 * 0x7D and its partner, and drops (and counts) garbage outside frames.
 */
import { ESC, ESC_XOR, ETX, hasErrorByte, STX } from './commands';

/** One decoded frame. `payload` holds exactly `len` bytes (surplus bytes are cut off). */
export interface Frame {
  readonly cmd: number;
  /** The error byte of form-B frames (`cmd >= 0x80`); `undefined` for form A. */
  readonly err: number | undefined;
  readonly payload: Uint8Array;
  /** A short error frame `C0 cmd err C1` (no length, no payload). */
  readonly short?: boolean;
}

/** Why a frame was dropped. */
export type FrameDropReason =
  /** A `C0` arrived inside an open frame: the partial frame was discarded. */
  | 'interrupted'
  /** The unescaped body is shorter than its header (`C0 C1`, `C0 cmd C1`, …). */
  | 'truncatedHeader'
  /** `len` says more bytes than the frame holds. */
  | 'shortPayload'
  /** The frame grew beyond `maxFrameBytes` without a `C1`. */
  | 'tooLong'
  /** `7D` directly before `C1`. */
  | 'danglingEscape';

/** Counters of what a {@link FrameReassembler} has seen. */
export interface FrameStats {
  frames: number;
  /** Bytes outside any frame, dropped. */
  garbageBytes: number;
  /** Frames whose payload was longer than `len` (the surplus was ignored, §2.4). */
  surplusFrames: number;
  dropped: Record<FrameDropReason, number>;
}

export interface FrameReassemblerOptions {
  /** Largest unescaped body accepted (AND caps frames at 32 768 bytes). Default 65 540. */
  readonly maxFrameBytes?: number;
  /** Told about every dropped frame, with its unescaped body so far. */
  readonly onDrop?: (reason: FrameDropReason, body: Uint8Array) => void;
}

/** Builds the body `cmd [err] len payload` (unescaped). `len` defaults to the payload length. */
export function frameBody(cmd: number, payload: Uint8Array, err = 0, len = payload.length): Uint8Array {
  const b = hasErrorByte(cmd);
  const hdr = b ? 4 : 3;
  const body = new Uint8Array(hdr + payload.length);
  body[0] = cmd;
  if (b) body[1] = err;
  body[hdr - 2] = len & 0xff;
  body[hdr - 1] = (len >>> 8) & 0xff;
  body.set(payload, hdr);
  return body;
}

/** Escapes an arbitrary body and wraps it in STX/ETX. */
export function wrapBody(body: Uint8Array): Uint8Array {
  let extra = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c === STX || c === ETX || c === ESC) extra++;
  }
  const out = new Uint8Array(body.length + extra + 2);
  let n = 0;
  out[n++] = STX;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c === STX || c === ETX || c === ESC) {
      out[n++] = ESC;
      out[n++] = c ^ ESC_XOR;
    } else out[n++] = c;
  }
  out[n] = ETX;
  return out;
}

/**
 * A complete wire frame for `cmd` and `payload`. Form A or B follows from `cmd`; `err` (default 0)
 * is written only in form B.
 */
export function encodeFrame(cmd: number, payload: Uint8Array = new Uint8Array(0), err = 0): Uint8Array {
  return wrapBody(frameBody(cmd, payload, err));
}

/** The short error form `C0 cmd err C1` (§2.4), escaped as needed. */
export function encodeShortErrorFrame(cmd: number, err: number): Uint8Array {
  return wrapBody(Uint8Array.of(cmd, err));
}

function emptyStats(): FrameStats {
  return {
    frames: 0,
    garbageBytes: 0,
    surplusFrames: 0,
    dropped: { interrupted: 0, truncatedHeader: 0, shortPayload: 0, tooLong: 0, danglingEscape: 0 },
  };
}

const EMPTY = new Uint8Array(0);

/**
 * Streaming frame reassembly (§2.3). Its state (in frame, escape pending, body so far) survives
 * across {@link push} calls, so notifications may be split at any byte.
 */
export class FrameReassembler {
  private buf = new Uint8Array(256);
  private n = 0;
  private inFrame = false;
  private escPending = false;
  private readonly maxFrameBytes: number;
  private readonly onDrop: FrameReassemblerOptions['onDrop'];
  /** Running counters (mutated in place). */
  readonly stats: FrameStats = emptyStats();

  constructor(options: FrameReassemblerOptions = {}) {
    this.maxFrameBytes = Math.max(1, options.maxFrameBytes ?? 65_540);
    this.onDrop = options.onDrop;
  }

  /** Feeds one notification; calls `onFrame` for every frame it completes, in order. */
  push(chunk: Uint8Array, onFrame: (frame: Frame) => void): void {
    let buf = this.buf;
    let n = this.n;
    let inFrame = this.inFrame;
    let esc = this.escPending;
    // One comparison guards both the buffer end and the frame size cap.
    let cap = Math.min(buf.length, this.maxFrameBytes);
    let garbage = 0;
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i]!;
      if (c === STX) {
        if (inFrame && n > 0) this.drop('interrupted', buf, n);
        inFrame = true;
        esc = false;
        n = 0;
      } else if (!inFrame) {
        garbage++;
      } else if (c === ETX) {
        inFrame = false;
        if (esc) {
          esc = false;
          this.drop('danglingEscape', buf, n);
        } else this.finishFrame(buf, n, onFrame);
        n = 0;
      } else if (c === ESC && !esc) {
        esc = true;
      } else {
        if (n === cap) {
          if (n >= this.maxFrameBytes) {
            this.drop('tooLong', buf, n);
            inFrame = false;
            esc = false;
            n = 0;
            continue;
          }
          const next = new Uint8Array(buf.length * 2);
          next.set(buf);
          buf = next;
          this.buf = buf;
          cap = Math.min(buf.length, this.maxFrameBytes);
        }
        buf[n++] = esc ? c ^ ESC_XOR : c;
        esc = false;
      }
    }
    if (garbage > 0) this.stats.garbageBytes += garbage;
    this.n = n;
    this.inFrame = inFrame;
    this.escPending = esc;
  }

  /** Feeds one notification and returns the frames it completed. */
  pushAll(chunk: Uint8Array): Frame[] {
    const out: Frame[] = [];
    this.push(chunk, (f) => out.push(f));
    return out;
  }

  /** Forgets any partial frame (e.g. on disconnect). Counters are kept. */
  reset(): void {
    this.n = 0;
    this.inFrame = false;
    this.escPending = false;
  }

  private drop(reason: FrameDropReason, buf: Uint8Array, n: number): void {
    this.stats.dropped[reason]++;
    this.onDrop?.(reason, buf.slice(0, n));
  }

  private finishFrame(buf: Uint8Array, n: number, onFrame: (frame: Frame) => void): void {
    const cmd = buf[0]!;
    const b = cmd >= 0x80;
    const hdr = b ? 4 : 3;
    if (n < hdr) {
      if (b && n === 2 && buf[1] !== 0) {
        // Short error frame: C0 cmd err C1 (§2.4).
        this.stats.frames++;
        onFrame({ cmd, err: buf[1]!, payload: EMPTY, short: true });
      } else this.drop('truncatedHeader', buf, n);
      return;
    }
    const len = buf[hdr - 2]! | (buf[hdr - 1]! << 8);
    const end = hdr + len;
    if (end > n) {
      this.drop('shortPayload', buf, n);
      return;
    }
    if (end < n) this.stats.surplusFrames++;
    this.stats.frames++;
    this.emitFrame(buf, cmd, hdr, end, onFrame);
  }

  /**
   * Hands a complete, length-checked frame on: `buf[hdr..end)` is its payload. `buf` is reused
   * after this returns. Subclasses may decode straight from `buf` instead of copying.
   */
  protected emitFrame(
    buf: Uint8Array,
    cmd: number,
    hdr: number,
    end: number,
    onFrame: (frame: Frame) => void,
  ): void {
    onFrame({ cmd, err: hdr === 4 ? buf[1]! : undefined, payload: buf.slice(hdr, end) });
  }
}

/** Splits a whole byte stream into frames (a one-shot {@link FrameReassembler}). */
export function decodeFrames(bytes: Uint8Array): Frame[] {
  return new FrameReassembler().pushAll(bytes);
}
