/**
 * The station's upload queue (issue 16): every completed stroke is first written to a store that
 * survives a reload (IndexedDB: `queueStore.ts`), then uploaded in batches per pupil and lesson
 * tag; a failure (no network, a 5xx, the server restarting) retries with exponential back-off,
 * and nothing leaves the store before the server said it has it. Stroke keys make the retries
 * idempotent (the ink store skips a stroke it already has).
 *
 * A pupil whose sign-in is no longer valid (a 401 the uploader could not mend by signing in
 * again) is set aside: its strokes stay queued until {@link UploadQueue.resume} (the pupil signed
 * in again), and the other pupils' strokes go on.
 */
import type { Stroke } from '@dotink/ink';
import { type BackoffOptions, backoffDelay, UPLOAD_BACKOFF } from './backoff';

/** One queued stroke. */
export interface QueuedStroke {
  /** The stroke's key (the store's key: a stroke queued twice is one row). */
  readonly key: string;
  /** The pupil it is uploaded for (writer and surface owner). */
  readonly pupilId: string;
  /** The lesson's ink store tag (`{courseId}_{sessionId}`). */
  readonly tag: string;
  readonly stroke: Stroke;
}

/** Where the queue keeps its strokes. */
export interface QueueStore {
  all(): Promise<QueuedStroke[]>;
  put(items: readonly QueuedStroke[]): Promise<void>;
  remove(keys: readonly string[]): Promise<void>;
}

/** The uploader says a pupil must sign in again (its password is not known here). */
export class SignInNeeded extends Error {
  override readonly name = 'SignInNeeded';
  constructor(readonly pupilId: string) {
    super(`pupil ${pupilId} must sign in again`);
  }
}

/** Timers (the window's, or a test's). */
export interface QueueTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface UploadQueueDeps {
  readonly store: QueueStore;
  /** Uploads one batch (one pupil, one tag); rejects on failure, {@link SignInNeeded} on a lost sign-in. */
  readonly upload: (pupilId: string, tag: string, strokes: readonly Stroke[]) => Promise<void>;
  readonly timers: QueueTimers;
  readonly random?: () => number;
  /** Strokes per upload (default 200). */
  readonly batchSize?: number;
  /**
   * How long a new stroke waits for others before an upload starts (default 0: at once). A class
   * writing at once then sends a few larger uploads a second instead of one per stroke, which
   * leaves the server's time to the live relay (the strokes are in the store meanwhile).
   */
  readonly gatherMs?: number;
  readonly backoff?: BackoffOptions;
}

/** What the indicator reads. */
export interface QueueState {
  /** The store was read (before, `pending` does not count what an earlier page left). */
  readonly loaded: boolean;
  /** Strokes not saved yet (all pupils). */
  readonly pending: number;
  /** Not saved yet, per pupil. */
  readonly pendingByPupil: ReadonlyMap<string, number>;
  readonly uploading: boolean;
  /** The last failure, until an upload succeeds. */
  readonly error: unknown;
  /** Retries since the last success. */
  readonly attempt: number;
  /** Pupils whose strokes wait for a new sign-in. */
  readonly signInNeeded: ReadonlySet<string>;
}

/** The state of a queue that has not read its store yet. */
export const EMPTY_QUEUE_STATE: QueueState = {
  loaded: false,
  pending: 0,
  pendingByPupil: new Map(),
  uploading: false,
  error: undefined,
  attempt: 0,
  signInNeeded: new Set(),
};

/** The first batch to send: the oldest queued stroke's pupil and tag, up to `size` strokes of both. */
export function nextBatch(
  items: readonly QueuedStroke[],
  size: number,
  skip: ReadonlySet<string>,
): QueuedStroke[] {
  const first = items.find((i) => !skip.has(i.pupilId));
  if (!first) return [];
  const batch: QueuedStroke[] = [];
  for (const i of items) {
    if (i.pupilId === first.pupilId && i.tag === first.tag) batch.push(i);
    if (batch.length >= size) break;
  }
  return batch;
}

/** The station's queue. Call {@link start} once. */
export class UploadQueue {
  private items: QueuedStroke[] = [];
  private state: QueueState = EMPTY_QUEUE_STATE;
  private readonly listeners = new Set<() => void>();
  private running = false;
  /** Something arrived while a run was ending: run again. */
  private again = false;
  private timer: unknown;
  private closed = false;
  private readonly blocked = new Set<string>();

  constructor(private readonly deps: UploadQueueDeps) {}

  get = (): QueueState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Reads what an earlier page left in the store and starts uploading it. */
  async start(): Promise<void> {
    let stored: QueuedStroke[];
    try {
      stored = await this.deps.store.all();
    } catch (error) {
      // nothing readable: what this page queues still goes (from memory); the caller says so
      this.publish({ loaded: true });
      throw error;
    }
    const known = new Set(this.items.map((i) => i.key));
    this.items = [...stored.filter((i) => !known.has(i.key)), ...this.items];
    this.publish({ loaded: true });
    this.kick();
  }

  /**
   * Queues a completed stroke (stored first, so a reload keeps it) and uploads soon. When the
   * store refuses, the stroke is queued in memory all the same and the store's error is thrown
   * (the station says the writing would not survive closing the page).
   */
  async add(item: QueuedStroke): Promise<void> {
    let failure: unknown;
    try {
      await this.deps.store.put([item]);
    } catch (error) {
      // the store refused (private window, quota): the stroke still goes, from memory only
      failure = error;
    }
    if (!this.items.some((i) => i.key === item.key)) this.items.push(item);
    this.publish({});
    this.soon();
    if (failure !== undefined) throw failure;
  }

  /** Tries now, without waiting for the back-off (the network came back, the user asked). */
  retryNow(): void {
    if (this.timer !== undefined) {
      this.deps.timers.clearTimeout(this.timer);
      this.timer = undefined;
    }
    this.kick();
  }

  /** The pupil signed in again: its strokes go again. */
  resume(pupilId: string): void {
    this.blocked.delete(pupilId);
    this.publish({});
    this.retryNow();
  }

  /** Stops the timers (the page closes); the store keeps what is queued. */
  close(): void {
    this.closed = true;
    if (this.timer !== undefined) this.deps.timers.clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Uploads after the gathering time (at once without one); a waiting retry is not shortened. */
  private soon(): void {
    const gather = this.deps.gatherMs ?? 0;
    if (gather <= 0 || this.running) {
      this.kick();
      return;
    }
    if (this.closed || this.timer !== undefined) return;
    this.timer = this.deps.timers.setTimeout(() => {
      this.timer = undefined;
      this.kick();
    }, gather);
  }

  private kick(): void {
    if (this.closed || this.timer !== undefined) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    this.again = false;
    void this.run().finally(() => {
      this.running = false;
      if (this.again) this.kick();
    });
  }

  private async run(): Promise<void> {
    const size = this.deps.batchSize ?? 200;
    for (;;) {
      if (this.closed) return;
      const batch = nextBatch(this.items, size, this.blocked);
      if (batch.length === 0) {
        this.publish({ uploading: false });
        return;
      }
      const { pupilId, tag } = batch[0]!;
      this.publish({ uploading: true });
      try {
        await this.deps.upload(
          pupilId,
          tag,
          batch.map((b) => b.stroke),
        );
        const sent = new Set(batch.map((b) => b.key));
        await this.deps.store.remove([...sent]);
        this.items = this.items.filter((i) => !sent.has(i.key));
        this.publish({ error: undefined, attempt: 0 });
      } catch (error) {
        if (error instanceof SignInNeeded) {
          this.blocked.add(error.pupilId);
          this.publish({ error });
          continue;
        }
        const attempt = this.state.attempt;
        this.publish({ uploading: false, error, attempt: attempt + 1 });
        const wait = backoffDelay(attempt, this.deps.backoff ?? UPLOAD_BACKOFF, this.deps.random);
        this.timer = this.deps.timers.setTimeout(() => {
          this.timer = undefined;
          this.kick();
        }, wait);
        return;
      }
    }
  }

  private publish(change: Partial<QueueState>): void {
    const byPupil = new Map<string, number>();
    for (const i of this.items) byPupil.set(i.pupilId, (byPupil.get(i.pupilId) ?? 0) + 1);
    this.state = {
      ...this.state,
      ...change,
      pending: this.items.length,
      pendingByPupil: byPupil,
      signInNeeded: new Set(this.blocked),
    };
    for (const l of [...this.listeners]) l();
  }
}
