/**
 * The realtime bus: how a message published in one room reaches every server process. In one
 * process (PGlite) it is a plain in-process fan-out; across processes on PostgreSQL it is
 * LISTEN/NOTIFY (`pgBus.ts`). A bus delivers a published message to its own process at once and
 * to the other processes through the database.
 */

/** Who may receive what: the sender's role travels with the message. */
export type RoomRole = 'teacher' | 'student' | 'owner' | 'viewer';

/** One message of a room. */
export interface BusMessage {
  readonly room: string;
  /** The sending connection (never gets its own message back). */
  readonly senderId: string;
  readonly senderRole: RoomRole;
  /** The remote-pen JSON text, passed on unchanged. */
  readonly text: string;
}

export interface RealtimeBus {
  /** Publishes to every process (this one synchronously, before the promise settles). */
  publish(message: BusMessage): Promise<void>;
  /**
   * Receives the messages of the rooms joined: every message published in this process, and the
   * other processes' messages of the rooms this process has members in.
   */
  subscribe(handler: (message: BusMessage) => void): () => void;
  /**
   * A member of `room` with `role` joined in this process: the other processes' messages of the
   * room that the role receives arrive from when the promise resolves (it never rejects).
   * Counted: each join has its {@link leave}.
   */
  join(room: string, role: RoomRole): Promise<void>;
  /** A member of `room` with `role` left this process. */
  leave(room: string, role: RoomRole): void;
  /**
   * Whether messages of the other processes arrive (false while the bus's database connection is
   * down and it reconnects); a one-process bus always listens.
   */
  readonly listening: boolean;
  /** Calls `listener` when {@link listening} changes; answers the unsubscribe. */
  onListening(listener: (listening: boolean) => void): () => void;
  close(): Promise<void>;
}

/** A bus for one process. */
export function memoryBus(): RealtimeBus {
  const handlers = new Set<(message: BusMessage) => void>();
  return {
    async publish(message) {
      for (const h of handlers) h(message);
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    join: async () => {},
    leave: () => {},
    listening: true,
    onListening: () => () => false,
    async close() {
      handlers.clear();
    },
  };
}
