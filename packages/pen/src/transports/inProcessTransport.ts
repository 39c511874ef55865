/**
 * A transport to a pen living in the same process (the simulator, in tests, benchmarks and demo
 * pages): writes go to `receive`, notifications come from `onNotify`, as over GATT. Typed
 * structurally so the product never imports the simulator.
 */
import { listeners } from './listeners';
import type { PenTransport } from './types';
import { createWriteQueue, DEFAULT_WRITE_CHUNK_BYTES } from './writeQueue';

/** What the transport needs of an in-process pen (the simulator has it). */
export interface InProcessPen {
  readonly connected: boolean;
  /** The link comes up. */
  connect(): void;
  /** The host closes the link. */
  disconnect(): void;
  /** One host → pen write. */
  receive(bytes: Uint8Array): void;
  onNotify(listener: (bytes: Uint8Array) => void): () => void;
  /** The pen dropped the link. */
  onLinkDrop(listener: () => void): () => void;
}

export interface InProcessTransportOptions {
  readonly id?: string;
  readonly name?: string;
  /** Write slice size (default 20). */
  readonly chunkBytes?: number;
}

/** Brings the link up and returns a transport over it. */
export function inProcessTransport(pen: InProcessPen, options: InProcessTransportOptions = {}): PenTransport {
  const notifications = listeners<Uint8Array>();
  const disconnects = listeners<void>();
  let up = true;
  const queue = createWriteQueue({
    chunkBytes: options.chunkBytes ?? DEFAULT_WRITE_CHUNK_BYTES,
    writeChunk: async (chunk) => {
      if (!up) throw new Error('pen disconnected');
      pen.receive(chunk);
    },
  });
  const gone = () => {
    if (!up) return;
    up = false;
    offNotify();
    offDrop();
    queue.close(new Error('pen disconnected'));
    disconnects.emit();
  };
  pen.connect();
  const offNotify = pen.onNotify((bytes) => {
    if (up) notifications.emit(bytes);
  });
  const offDrop = pen.onLinkDrop(gone);
  return {
    id: options.id ?? 'in-process-pen',
    name: options.name ?? '',
    get connected() {
      return up;
    },
    write: (bytes) => queue.write(bytes),
    onNotify: (l) => notifications.add(l),
    onDisconnect: (l) => disconnects.add(() => l()),
    disconnect() {
      if (!up) return;
      pen.disconnect();
      gone();
    },
  };
}
