/**
 * Reads by id, coalesced: requests arriving in one turn of the event loop, or while a read is
 * under way, are served together by the next read (one query for up to {@link MAX_BATCH} ids), so
 * a burst of 100 requests costs a query or two, not 100. A read starts once the turn's I/O
 * callbacks have run (`setImmediate`): the requests whose bytes arrived together are read
 * together, instead of the first alone and the rest by a second query. A read starts only after
 * every request it serves has arrived, so a change committed before a request arrives is always
 * seen by it — nothing is kept between reads.
 */

interface Waiter<V> {
  readonly resolve: (value: V) => void;
  readonly reject: (error: unknown) => void;
}

/** Most ids in one read. */
const MAX_BATCH = 500;

/** Coalesced reads of values by id; see the module comment. */
export class CoalescedReads<V> {
  private waiting = new Map<string, Waiter<V>[]>();
  private running = false;
  /** A read is to start at the end of this turn. */
  private scheduled = false;

  /**
   * @param load reads the values of `ids` (ids without one are left out of the map)
   * @param missing the value of an id `load` left out
   */
  constructor(
    private readonly load: (ids: string[]) => Promise<ReadonlyMap<string, V>>,
    private readonly missing: V,
  ) {}

  /** The value of `id` as stored now (`missing` when there is none). */
  read(id: string): Promise<V> {
    return new Promise((resolve, reject) => {
      const list = this.waiting.get(id);
      if (list) list.push({ resolve, reject });
      else this.waiting.set(id, [{ resolve, reject }]);
      if (this.running || this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        if (!this.running) void this.drain();
      });
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.waiting.size > 0) {
        const batch = new Map<string, Waiter<V>[]>();
        for (const [id, list] of this.waiting) {
          if (batch.size >= MAX_BATCH) break;
          batch.set(id, list);
        }
        for (const id of batch.keys()) this.waiting.delete(id);
        try {
          const found = await this.load([...batch.keys()]);
          for (const [id, list] of batch) for (const w of list) w.resolve(found.get(id) ?? this.missing);
        } catch (error) {
          for (const list of batch.values()) for (const w of list) w.reject(error);
        }
      }
    } finally {
      this.running = false;
    }
  }
}
