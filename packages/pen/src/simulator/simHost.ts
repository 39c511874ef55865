/**
 * A bare protocol host for driving a simulator in tests and benchmarks: writes requests in
 * 20-byte slices, records every notification and decodes what arrives. No session logic: the
 * caller decides what to send and when (and moves the scheduler).
 */
import { decodeDeviceFrame } from '../protocol/deviceDecode';
import type { DeviceMessage } from '../protocol/deviceMessages';
import { FrameReassembler } from '../protocol/framing';
import { encodeRequest } from '../protocol/hostCodec';
import type { HostRequest } from '../protocol/hostRequests';
import type { PenSimulator } from './penSimulator';

export interface SimHost {
  /** Encodes a request and writes it in slices of `writeBytes` (default 20). */
  send(req: HostRequest): void;
  /** Writes raw bytes. */
  write(bytes: Uint8Array): void;
  /** Every notification received so far (copies). */
  readonly notifications: readonly Uint8Array[];
  /** Every message decoded so far. */
  readonly messages: readonly DeviceMessage[];
  /** Returns and forgets the messages decoded so far. */
  take(): DeviceMessage[];
  /** Times the pen dropped the link. */
  readonly linkDrops: number;
  /** Stops listening. */
  close(): void;
}

/** Attaches a host to a simulator (connect the simulator yourself). */
export function attachSimHost(sim: PenSimulator, writeBytes = 20): SimHost {
  const reassembler = new FrameReassembler();
  const notifications: Uint8Array[] = [];
  let messages: DeviceMessage[] = [];
  let linkDrops = 0;
  const offNotify = sim.onNotify((bytes) => {
    notifications.push(bytes.slice());
    reassembler.push(bytes, (f) => messages.push(decodeDeviceFrame(f)));
  });
  const offDrop = sim.onLinkDrop(() => {
    linkDrops++;
    reassembler.reset();
  });
  const write = (bytes: Uint8Array) => {
    for (let o = 0; o < bytes.length; o += writeBytes) sim.receive(bytes.subarray(o, o + writeBytes));
  };
  return {
    send: (req) => write(encodeRequest(req)),
    write,
    notifications,
    get messages() {
      return messages;
    },
    take() {
      const out = messages;
      messages = [];
      return out;
    },
    get linkDrops() {
      return linkDrops;
    },
    close() {
      offNotify();
      offDrop();
    },
  };
}
