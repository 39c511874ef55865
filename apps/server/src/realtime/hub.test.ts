import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { memoryBus } from './bus';
import { type Connection, REVOKED_CLOSE, RealtimeHub } from './hub';
import type { Membership } from './rooms';

/** A socket stand-in: records what is sent, with a settable backlog. */
class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  bufferedAmount = 0;
  sent: string[] = [];
  pings = 0;
  closed: { code: number; reason: string } | 'terminated' | undefined;
  send(text: string) {
    this.sent.push(text);
    this.bufferedAmount += text.length;
  }
  ping() {
    this.pings += 1;
  }
  terminate() {
    this.closed = 'terminated';
    this.readyState = 3;
    this.emit('close');
  }
  close(code: number, reason: string) {
    this.closed = { code, reason };
    this.readyState = 3;
    this.emit('close');
  }
}

const member = (id: string, role: Membership['role'], token = `t-${id}`) => {
  const socket = new FakeSocket();
  const c: Connection = {
    id,
    accountId: `a-${id}`,
    membership: { room: 'session/1_s', role },
    token,
    socket: socket as unknown as WebSocket,
  };
  return { c, socket };
};

describe('RealtimeHub', () => {
  it('sends to the room by role, never back to the sender, and drops a member over the backlog limit', async () => {
    const bus = memoryBus();
    const hub = new RealtimeHub(bus, { maxBufferedBytes: 100, heartbeatMs: 60_000 });
    const teacher = member('t', 'teacher');
    const pupilA = member('a', 'student');
    const pupilB = member('b', 'student');
    for (const m of [teacher, pupilA, pupilB]) hub.add(m.c);
    await hub.publish(pupilA.c, 'from-a');
    expect([teacher.socket.sent, pupilA.socket.sent, pupilB.socket.sent]).toEqual([['from-a'], [], []]);
    await hub.publish(teacher.c, 'from-t');
    expect(pupilB.socket.sent).toEqual(['from-t']);
    // The teacher stops reading: its backlog passes the limit, the next message drops it.
    teacher.socket.bufferedAmount = 101;
    await hub.publish(pupilA.c, 'again');
    expect(teacher.socket.closed).toBe('terminated');
    expect(hub.slowDropped).toBe(1);
    expect(hub.memberCount('session/1_s')).toBe(2);
    hub.close();
  });

  it('at a heartbeat, terminates members that missed the last ping and closes revoked ones (4001)', async () => {
    const revoked = new Set(['t-b']);
    const hub = new RealtimeHub(memoryBus(), {
      maxBufferedBytes: 1000,
      heartbeatMs: 60_000,
      stillAllowed: async (c) => !revoked.has(c.token),
    });
    const a = member('a', 'teacher');
    const b = member('b', 'teacher');
    const quiet = member('q', 'viewer');
    for (const m of [a, b, quiet]) hub.add(m.c);
    await hub.ping();
    expect(b.socket.closed).toEqual({ code: REVOKED_CLOSE, reason: 'token expired or revoked' });
    expect([a.socket.pings, quiet.socket.pings]).toEqual([1, 1]);
    a.socket.emit('pong');
    await hub.ping();
    expect(a.socket.closed).toBeUndefined();
    expect(quiet.socket.closed).toBe('terminated');
    expect(hub.memberCount('session/1_s')).toBe(1);
    hub.close();
    expect(a.socket.closed).toEqual({ code: 1001, reason: 'server closing' });
  });
});
