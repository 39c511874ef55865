import { EventEmitter } from 'node:events';
import { LiveMessage } from '@dotink/contracts/eduLive';
import { manualClock } from '@dotink/ncode';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { memoryBus } from './bus';
import { type Connection, RESTART_CLOSE, REVOKED_CLOSE, RealtimeHub } from './hub';
import { type Membership, ROOM_CLOSED_CLOSE } from './rooms';

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

const member = (
  id: string,
  role: Membership['role'],
  token = `t-${id}`,
  membership: Partial<Membership> = {},
  batched = false,
) => {
  const socket = new FakeSocket();
  const c: Connection = {
    id,
    accountId: `a-${id}`,
    membership: { room: 'session/1_s', role, ...membership },
    token,
    socket: socket as unknown as WebSocket,
    batched,
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

  it('sends a v2 member the messages of one turn in one frame, a line each, and a v1 member a frame each', async () => {
    const hub = new RealtimeHub(memoryBus(), { maxBufferedBytes: 100, heartbeatMs: 60_000 });
    const teacher = member('t', 'teacher', 't-t', {}, true);
    const oldTeacher = member('o', 'teacher');
    const pupilA = member('a', 'student');
    const pupilB = member('b', 'student');
    for (const m of [teacher, oldTeacher, pupilA, pupilB]) hub.add(m.c);
    await Promise.all([hub.publish(pupilA.c, '{"a":1}'), hub.publish(pupilB.c, '{"b":2}')]);
    expect(oldTeacher.socket.sent).toEqual(['{"a":1}', '{"b":2}']);
    // the frame leaves at the end of the turn
    expect(teacher.socket.sent).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(teacher.socket.sent).toEqual(['{"a":1}\n{"b":2}']);
    // the next turn is a frame of its own
    await hub.publish(pupilA.c, '{"c":3}');
    await new Promise((resolve) => setImmediate(resolve));
    expect(teacher.socket.sent).toEqual(['{"a":1}\n{"b":2}', '{"c":3}']);
    // a v2 member over the backlog limit is dropped like any other
    teacher.socket.bufferedAmount = 101;
    await hub.publish(pupilA.c, '{"d":4}');
    await new Promise((resolve) => setImmediate(resolve));
    expect(teacher.socket.closed).toBe('terminated');
    expect(teacher.socket.sent).toHaveLength(2);
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
    // 1012 "service restart": a client connects again at once (to another process)
    expect(a.socket.closed).toEqual({ code: RESTART_CLOSE, reason: 'server restarting' });
    expect(RESTART_CLOSE).toBe(1012);
  });

  it("draining: closes the teachers' sockets at once (1012), then the pupils' spread over the given time, relaying meanwhile", async () => {
    const hub = new RealtimeHub(memoryBus(), { maxBufferedBytes: 10_000, heartbeatMs: 60_000 });
    const teacher = member('t', 'teacher');
    const viewer = member('v', 'viewer', 't-v', { room: 'board/o/b' });
    const pupils = Array.from({ length: 4 }, (_, i) => member(`p${i}`, 'student', `t-p${i}`, { pen: null }));
    const other = member('o', 'teacher', 't-o', { room: 'session/2_s' });
    for (const m of [teacher, viewer, ...pupils, other]) hub.add(m.c);
    const restart = { code: RESTART_CLOSE, reason: 'server restarting' };
    const t0 = performance.now();
    const closedAt = new Map<string, number>();
    for (const m of [teacher, viewer, ...pupils, other])
      m.socket.once('close', () => closedAt.set(m.c.id, performance.now() - t0));
    hub.drainMembers(200);
    // the watchers reconnect first: the next process is not asked for a room's pupils with them
    expect([teacher.socket.closed, viewer.socket.closed, other.socket.closed]).toEqual([
      restart,
      restart,
      restart,
    ]);
    expect(pupils.map((p) => p.socket.closed)).toEqual([undefined, undefined, undefined, undefined]);
    // a pupil still here is relayed meanwhile (to the room's teachers elsewhere, by the bus)
    await hub.publish(pupils[0]!.c, 'dots');
    await expect.poll(() => pupils.every((p) => p.socket.closed !== undefined), { timeout: 2000 }).toBe(true);
    expect(pupils.map((p) => p.socket.closed)).toEqual(pupils.map(() => restart));
    const times = pupils.map((p) => closedAt.get(p.c.id)!);
    // one after another over the time given, the last by its end
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times[0]!).toBeGreaterThanOrEqual(40);
    expect(times.at(-1)!).toBeGreaterThanOrEqual(190);
    expect(hub.memberCount('session/1_s')).toBe(0);
    hub.close();
  });

  it('draining with no time to spread: every socket closed at once; closing the hub closes those still waiting', () => {
    const hub = new RealtimeHub(memoryBus(), { maxBufferedBytes: 10_000, heartbeatMs: 60_000 });
    const pupil = member('p', 'student', 't-p', { pen: null });
    hub.add(pupil.c);
    hub.drainMembers(0);
    expect(pupil.socket.closed).toEqual({ code: RESTART_CLOSE, reason: 'server restarting' });
    const later = new RealtimeHub(memoryBus(), { maxBufferedBytes: 10_000, heartbeatMs: 60_000 });
    const waiting = member('w', 'student', 't-w', { pen: null });
    later.add(waiting.c);
    later.drainMembers(60_000);
    expect(waiting.socket.closed).toBeUndefined();
    later.close();
    expect(waiting.socket.closed).toEqual({ code: RESTART_CLOSE, reason: 'server restarting' });
  });

  it("closes the members of a lesson's room once its closing time passed (4002), by the injected clock", async () => {
    const clock = manualClock(1_000);
    const hub = new RealtimeHub(memoryBus(), {
      maxBufferedBytes: 1000,
      heartbeatMs: 60_000,
      clock,
      closeCheckMs: 5,
    });
    const early = member('e', 'teacher', 't-e', { room: 'session/1_a', closesAtMs: 2_000 });
    const pupil = member('p', 'student', 't-p', { room: 'session/1_a', closesAtMs: 2_000, pen: null });
    const later = member('l', 'teacher', 't-l', { room: 'session/2_b', closesAtMs: 3_000 });
    const board = member('o', 'owner', 't-o', { room: 'board/o/b' });
    for (const m of [early, pupil, later, board]) hub.add(m.c);
    expect(hub.closeDue(1_999)).toBe(0);
    expect(hub.closeDue(2_000)).toBe(2);
    const closed = { code: ROOM_CLOSED_CLOSE, reason: LiveMessage.closed };
    expect([early.socket.closed, pupil.socket.closed, later.socket.closed]).toEqual([
      closed,
      closed,
      undefined,
    ]);
    expect(hub.memberCount('session/1_a')).toBe(0);
    // The hub's own check runs on a timer and reads the clock: nothing before the time, then the room.
    await new Promise((r) => setTimeout(r, 30));
    expect(later.socket.closed).toBeUndefined();
    clock.set(3_000);
    await new Promise<void>((r) => later.socket.once('close', () => r()));
    expect(later.socket.closed).toEqual(closed);
    expect(board.socket.closed).toBeUndefined();
    hub.close();
  });
});
