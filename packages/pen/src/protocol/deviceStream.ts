/**
 * Bytes in, device messages out: frame reassembly and decoding in one step, for hosts. The same
 * as feeding a {@link FrameReassembler} and calling `decodeDeviceFrame` on each frame, but real-time
 * dots (0x6C, the bulk of any stream) are decoded straight from the reassembly buffer without
 * copying their payload.
 */
import { DeviceCmd } from './commands';
import { decodeDeviceFrame, dotMessageAt } from './deviceDecode';
import type { DeviceMessage } from './deviceMessages';
import { type Frame, FrameReassembler, type FrameReassemblerOptions } from './framing';

const DOT_PAYLOAD_BYTES = 14;

class DirectReassembler extends FrameReassembler {
  sink: (m: DeviceMessage) => void = () => {};

  protected override emitFrame(
    buf: Uint8Array,
    cmd: number,
    hdr: number,
    end: number,
    onFrame: (frame: Frame) => void,
  ): void {
    if (cmd === DeviceCmd.dot && end - hdr >= DOT_PAYLOAD_BYTES) this.sink(dotMessageAt(buf, hdr));
    else super.emitFrame(buf, cmd, hdr, end, onFrame);
  }
}

/** A streaming pen → host decoder: notifications in, {@link DeviceMessage}s out, in order. */
export class DeviceStreamDecoder {
  private readonly r: DirectReassembler;
  private onMessage: (m: DeviceMessage) => void = () => {};
  private readonly onFrame = (f: Frame) => this.onMessage(decodeDeviceFrame(f));

  constructor(options: FrameReassemblerOptions = {}) {
    this.r = new DirectReassembler(options);
  }

  /** Reassembly counters (frames, garbage, drops). */
  get stats() {
    return this.r.stats;
  }

  /** Feeds one notification; calls `onMessage` for every message it completes. */
  push(chunk: Uint8Array, onMessage: (m: DeviceMessage) => void): void {
    this.onMessage = onMessage;
    this.r.sink = onMessage;
    this.r.push(chunk, this.onFrame);
  }

  /** Feeds one notification and returns the messages it completed. */
  pushAll(chunk: Uint8Array): DeviceMessage[] {
    const out: DeviceMessage[] = [];
    this.push(chunk, (m) => out.push(m));
    return out;
  }

  /** Forgets any partial frame (e.g. on disconnect). */
  reset(): void {
    this.r.reset();
  }
}
