/**
 * What a process of the LISTEN/NOTIFY bus (pgBus.ts) knows of the others: which room channels
 * each listens to ({@link RemoteListeners}, fed by the presence payloads of
 * {@link presencePayloads} / {@link parsePresence}), and the messages it did not send for want
 * of a listener ({@link UnsentMessages}), sent after all when one appears. No I/O: pgBus sends
 * and receives the payloads.
 */
import type { BusMessage } from './bus';

/** What a presence payload says: `hello` (listening again: answer with `here`), `here`, `join`, `leave`, `bye`. */
export type PresenceOp = 'hello' | 'here' | 'join' | 'leave' | 'bye';

/** Channels per presence payload (49 bytes each: under the 8,000-byte NOTIFY limit). */
const CHANNELS_PER_PAYLOAD = 150;

/**
 * The payloads that say `op` of `channels` for `origin`: `origin:op:channel channel …`, a long list
 * in several (only the first `hello` asks the others to answer; the rest say `here`).
 */
export function presencePayloads(origin: string, op: PresenceOp, channels: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i === 0 || i < channels.length; i += CHANNELS_PER_PAYLOAD) {
    const verb = i > 0 && op === 'hello' ? 'here' : op;
    out.push(`${origin}:${verb}:${channels.slice(i, i + CHANNELS_PER_PAYLOAD).join(' ')}`);
  }
  return out;
}

/** A presence payload read back; undefined when it is not one. Channels without `prefix` are left out. */
export function parsePresence(
  payload: string,
  prefix: string,
): { origin: string; op: PresenceOp; channels: string[] } | undefined {
  const m = /^([^:]+):(hello|here|join|leave|bye):(.*)$/s.exec(payload);
  if (!m) return undefined;
  const channels = m[3] ? m[3].split(' ').filter((c) => c.startsWith(prefix)) : [];
  return { origin: m[1]!, op: m[2] as PresenceOp, channels };
}

/** The other processes listening to each channel, and when each was last heard of. */
export class RemoteListeners {
  private readonly byChannel = new Map<string, Map<string, number>>();

  /** `origin` listens to `channels` (heard at `nowMs`); answers the channels that had no listener. */
  add(origin: string, channels: readonly string[], nowMs: number): Set<string> {
    const gained = new Set<string>();
    for (const c of channels) {
      let by = this.byChannel.get(c);
      if (!by) {
        by = new Map();
        this.byChannel.set(c, by);
        gained.add(c);
      }
      by.set(origin, nowMs);
    }
    return gained;
  }

  /** `origin` stopped listening to `channels` (all of them: it closed). */
  remove(origin: string, channels: Iterable<string> = [...this.byChannel.keys()]): void {
    for (const c of channels) {
      const by = this.byChannel.get(c);
      if (!by) continue;
      by.delete(origin);
      if (by.size === 0) this.byChannel.delete(c);
    }
  }

  /** Forgets what was last heard before `oldMs` (a process that died without saying so). */
  expire(oldMs: number): void {
    for (const [c, by] of this.byChannel) {
      for (const [origin, atMs] of by) if (atMs < oldMs) by.delete(origin);
      if (by.size === 0) this.byChannel.delete(c);
    }
  }

  has(channel: string): boolean {
    return this.byChannel.has(channel);
  }

  /** The processes listening to any of `channels`. */
  origins(channels: readonly string[]): Set<string> {
    const out = new Set<string>();
    for (const c of channels) for (const origin of this.byChannel.get(c)?.keys() ?? []) out.add(origin);
    return out;
  }
}

/** A message published, numbered in the order of publishing. */
export interface Published {
  readonly n: number;
  readonly message: BusMessage;
}

/** Messages not sent (no other process listened), kept `keepMs` (at most `max` of them). */
export class UnsentMessages {
  /** Oldest first, from `head`. */
  private list: (Published & { readonly atMs: number; readonly channel: string })[] = [];
  private head = 0;

  constructor(
    private readonly keepMs: number,
    private readonly max: number,
  ) {}

  /** Keeps a message (and drops the ones older than `keepMs`). */
  keep(published: Published, channel: string, nowMs: number): void {
    this.list.push({ ...published, channel, atMs: nowMs });
    const since = nowMs - this.keepMs;
    while (
      this.head < this.list.length &&
      (this.list[this.head]!.atMs < since || this.list.length - this.head > this.max)
    )
      this.head += 1;
    if (this.head > 1024 && this.head * 2 > this.list.length) {
      this.list = this.list.slice(this.head);
      this.head = 0;
    }
  }

  /** Takes out the messages of `channels` kept less than `keepMs`, oldest first. */
  take(channels: ReadonlySet<string>, nowMs: number): Published[] {
    const since = nowMs - this.keepMs;
    const out: Published[] = [];
    const kept: typeof this.list = [];
    for (let i = this.head; i < this.list.length; i++) {
      const s = this.list[i]!;
      if (s.atMs < since) continue;
      if (channels.has(s.channel)) out.push({ n: s.n, message: s.message });
      else kept.push(s);
    }
    this.list = kept;
    this.head = 0;
    return out;
  }
}
