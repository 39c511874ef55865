import { LIVE_GRACE_MINUTES, LiveMessage } from '@dotink/contracts/eduLive';
import type { Stroke } from '@dotink/ink';
import { manualClock, pageAddress, pageId } from '@dotink/ncode';
import { createRemotePenLink, encodeRemoteMessage } from '@dotink/pen';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, useTestServer } from '../../test/harness';
import { type Classroom, createClassroom, pupilPen } from '../../test/inkFixtures';
import { issueAccessToken, teacherWithToken } from '../../test/oauth';
import {
  type Client,
  connect,
  connectedMessage,
  listenWs,
  strokeMessage,
  UpgradeRefused,
} from '../../test/realtimeClient';
import { RESTART_CLOSE } from './hub';
import { CloseReason } from './realtimeRoutes';
import { ROOM_CLOSED_CLOSE, RoomMessage } from './rooms';

const refusal = async (p: Promise<Client>) => {
  try {
    await p;
  } catch (error) {
    if (error instanceof UpgradeRefused) return { status: error.status, message: error.body.message };
    throw error;
  }
  throw new Error('expected the upgrade to be refused');
};
const tokenOf = (headers: Record<string, string>) => headers.authorization!.slice('Bearer '.length);

describeEachDatabase('realtime rooms', (kind) => {
  // The test clock stands still (no byte budget refills): a burst of 64 MiB lets the slow
  // consumer case send its 32 MB (the byte budget has realtimeBudgets.test.ts).
  const server = useTestServer(kind, { env: { REALTIME_MAX_BUFFERED_KB: '16', REALTIME_KB_BURST: '65536' } });
  let base: string;
  let room: Classroom;
  let sessionUrl: string;
  beforeAll(async () => {
    base = await listenWs(server().app);
    room = await createClassroom(server().app, 2);
    sessionUrl = `${base}/realtime/v1/rooms/session/${room.tag}`;
  });
  /** Connects with the token as a subprotocol, as a browser does. */
  const join = (url: string, headers: Record<string, string>) =>
    connect(url, { protocols: ['dotink.remote.v1', `bearer.${tokenOf(headers)}`] });

  it("carries a pupil's pen to the teacher's live view unchanged, as a remote pen link reads it", async () => {
    const teacher = await join(sessionUrl, room.teacher.headers);
    expect(teacher.ws.protocol).toBe('dotink.remote.v1');
    const strokes: Stroke[] = [];
    const link = createRemotePenLink({
      channel: {
        send: (t) => teacher.ws.send(t),
        onMessage: (l) => teacher.ws.on('message', (d) => l(d.toString())),
      },
    });
    link.onStroke((s) => strokes.push(s));
    const pupil = room.students[0]!;
    const student = await connect(`${sessionUrl}?access_token=${tokenOf(pupil.headers)}`);
    const stroke = strokeMessage(pupil.id, 30);
    student.ws.send(connectedMessage());
    student.ws.send(stroke);
    expect(await teacher.waitFor(2)).toEqual([connectedMessage(), stroke]);
    expect(strokes).toHaveLength(1);
    expect(strokes[0]!.dots.count).toBe(30);
    expect(pageId(strokes[0]!.page)).toBe('3.1012.1191.5');
    expect(strokes[0]!.inputType).toBe('network');
    expect(student.messages).toEqual([]);
    teacher.ws.close();
    student.ws.close();
  });

  it("speaks v2 when offered: a turn's messages in one frame, one a line, a client's line breaks turned to spaces", async () => {
    const teacher = await connect(sessionUrl, {
      protocols: ['dotink.remote.v2', 'dotink.remote.v1', `bearer.${tokenOf(room.teacher.headers)}`],
    });
    expect(teacher.ws.protocol).toBe('dotink.remote.v2');
    const pupil = room.students[0]!;
    const student = await join(sessionUrl, pupil.headers);
    const stroke = strokeMessage(pupil.id, 12);
    // valid JSON with line breaks between its tokens: one message, which must stay one line
    const spread = connectedMessage().replace(',', ',\r\n');
    expect(JSON.parse(spread)).toEqual(JSON.parse(connectedMessage()));
    student.ws.send(spread);
    student.ws.send(stroke);
    const lines = () => teacher.messages.flatMap((frame) => frame.split('\n'));
    for (let i = 0; i < 100 && lines().length < 2; i++) await new Promise((r) => setTimeout(r, 20));
    const all = lines();
    expect(all.map((l) => JSON.parse(l))).toEqual([JSON.parse(connectedMessage()), JSON.parse(stroke)]);
    expect(all[0]).not.toMatch(/[\r\n]/);
    teacher.ws.close();
    student.ws.close();
  });

  it("lets the school administrator into any lesson of the school's classes", async () => {
    const admin = await teacherWithToken(server().app, { schoolId: room.schoolId, isSchoolAdmin: true });
    const member = await join(sessionUrl, admin.headers);
    expect(member.ws.protocol).toBe('dotink.remote.v1');
    member.ws.close();
  });

  it("gives pupils the teacher's messages but not each other's", async () => {
    const [p1, p2] = room.students;
    const teacher = await join(sessionUrl, room.teacher.headers);
    const a = await join(sessionUrl, p1!.headers);
    const b = await join(sessionUrl, p2!.headers);
    a.ws.send(strokeMessage(p1!.id, 5));
    teacher.ws.send(strokeMessage(room.teacher.id, 7));
    await teacher.waitFor(1);
    expect(await b.waitFor(1)).toEqual([strokeMessage(room.teacher.id, 7)]);
    expect(await a.waitFor(1)).toEqual([strokeMessage(room.teacher.id, 7)]);
    expect(teacher.messages).toEqual([strokeMessage(p1!.id, 5)]);
    for (const c of [teacher, a, b]) c.ws.close();
  });

  it('closes a socket that sends what it may not: 1007 malformed, 1008 another writer, 1003 binary', async () => {
    const pupil = room.students[0]!;
    const cases: [string | Buffer, number, string][] = [
      ['{"hello":1}', 1007, CloseReason.malformed],
      [strokeMessage(room.students[1]!.id), 1008, CloseReason.otherWriter],
      [strokeMessage(pupil.id, 20, 'k-other-pen', pupilPen(1)), 1008, CloseReason.otherPen],
      [Buffer.from([1, 2, 3]), 1003, CloseReason.binary],
    ];
    for (const [data, code, reason] of cases) {
      const c = await join(sessionUrl, pupil.headers);
      c.ws.send(data);
      expect(await c.closed).toEqual({ code, reason });
    }
  });

  it("lets a pupil publish only the registered pen's messages, compared in canonical form (1008 otherPen)", async () => {
    const [, p2] = room.students;
    const teacher = await join(sessionUrl, room.teacher.headers);
    // Pupil 2's own pen typed in lower case without colons: the same pen, relayed unchanged.
    const own = strokeMessage(p2!.id, 4, 'k-own-pen', pupilPen(1).replaceAll(':', '').toLowerCase());
    const b = await join(sessionUrl, p2!.headers);
    b.ws.send(own);
    expect(await teacher.waitFor(1)).toEqual([own]);
    const otherPen = pupilPen(0);
    const refused = [
      connectedMessage(otherPen),
      encodeRemoteMessage({ type: 'page', mac: otherPen, timeMs: 1, page: pageAddress(3, 1012, 1191, 5) }),
      encodeRemoteMessage({ type: 'strokeDots', mac: otherPen, key: 'k', dots: [[1, 2, 300, 4]] }),
      // The pupil's own writer id does not make another pen's stroke the pupil's.
      strokeMessage(p2!.id, 4, 'k-stolen', otherPen),
    ];
    for (const m of refused) {
      const c = await join(sessionUrl, p2!.headers);
      c.ws.send(m);
      expect(await c.closed).toEqual({ code: 1008, reason: LiveMessage.otherPen });
    }
    // A pupil without a registered pen publishes nothing.
    const lone = await createClassroom(server().app, 1);
    await server()
      .app.services.db.updateTable('students')
      .set({ mac_address: '00:00:00:00:00:00' })
      .where('account_id', '=', lone.students[0]!.id)
      .execute();
    const penless = await join(`${base}/realtime/v1/rooms/session/${lone.tag}`, lone.students[0]!.headers);
    penless.ws.send(connectedMessage('00:00:00:00:00:00'));
    expect(await penless.closed).toEqual({ code: 1008, reason: LiveMessage.otherPen });
    b.ws.send(connectedMessage(pupilPen(1)));
    expect(await teacher.waitFor(2)).toEqual([own, connectedMessage(pupilPen(1))]);
    teacher.ws.close();
    b.ws.close();
  });

  it('refuses the upgrade: 401 without a valid token, 403 outside the lesson, 404 unknown lesson, 400 unknown room', async () => {
    expect(await refusal(connect(sessionUrl))).toEqual({ status: 401, message: 'Unauthorized' });
    expect(await refusal(connect(`${sessionUrl}?access_token=nope`))).toEqual({
      status: 401,
      message: 'Unauthorized',
    });
    const other = await createClassroom(server().app, 1);
    expect(await refusal(join(sessionUrl, other.teacher.headers))).toEqual({
      status: 403,
      message: 'Forbidden: not a teacher or student of this lesson',
    });
    expect(await refusal(join(sessionUrl, other.students[0]!.headers))).toMatchObject({ status: 403 });
    // A colleague of the same school who does not teach the class (classroom.md §6: own classes).
    const colleague = await teacherWithToken(server().app, { schoolId: room.schoolId });
    expect(await refusal(join(sessionUrl, colleague.headers))).toMatchObject({ status: 403 });
    expect(
      await refusal(join(`${base}/realtime/v1/rooms/session/${room.courseId}_x`, room.teacher.headers)),
    ).toEqual({
      status: 404,
      message: 'The lesson does not exist.',
    });
    expect(await refusal(join(`${base}/realtime/v1/rooms/lobby`, room.teacher.headers))).toEqual({
      status: 400,
      message: 'Unknown room: use session/{courseId}_{sessionId} or board/{ownerId}/{boardId}',
    });
  });

  it("shows a teacher's board to the teacher's pupils, receive-only", async () => {
    const boardUrl = `${base}/realtime/v1/rooms/board/${room.teacher.id}/maths-1`;
    const owner = await connect(boardUrl, { headers: room.teacher.headers });
    const pupil = await join(boardUrl, room.students[0]!.headers);
    owner.ws.send(strokeMessage(room.teacher.id, 3));
    expect(await pupil.waitFor(1)).toEqual([strokeMessage(room.teacher.id, 3)]);
    pupil.ws.send(strokeMessage(room.students[0]!.id, 3));
    expect(await pupil.closed).toEqual({ code: 1008, reason: CloseReason.receiveOnly });
    const stranger = await teacherWithToken(server().app, { schoolId: room.schoolId });
    expect(await refusal(join(boardUrl, stranger.headers))).toEqual({
      status: 403,
      message: "Forbidden: not the board's owner or a pupil of the owner",
    });
    owner.ws.close();
  });

  it('drops a subscriber that does not read (slow consumer) and keeps serving the others', async () => {
    const slow = await join(sessionUrl, room.teacher.headers);
    const fast = await join(sessionUrl, room.teacher.headers);
    const pupil = await join(sessionUrl, room.students[0]!.headers);
    const socket = (slow.ws as unknown as { _socket: { pause(): void; resume(): void } })._socket;
    socket.pause();
    const big = strokeMessage(room.students[0]!.id, 2000);
    const sent = 400;
    for (let i = 0; i < sent; i++) pupil.ws.send(big);
    await fast.waitFor(sent, 20_000);
    socket.resume();
    const closed = await slow.closed;
    expect(closed.code).toBe(1006);
    expect(slow.messages.length).toBeLessThan(sent);
    pupil.ws.close();
    fast.ws.close();
  });
});

describeEachDatabase('realtime rooms: message budget', (kind) => {
  // A frozen clock: the budget never refills, so the burst is all a connection gets.
  const server = useTestServer(kind, {
    env: { REALTIME_MESSAGES_PER_SECOND: '10', REALTIME_MESSAGE_BURST: '5' },
  });
  it('closes a connection sending more than its budget (1008) after passing on what was within it', async () => {
    const base = await listenWs(server().app);
    const room = await createClassroom(server().app, 1);
    const url = `${base}/realtime/v1/rooms/session/${room.tag}`;
    const pupil = room.students[0]!;
    const teacher = await connect(url, {
      protocols: ['dotink.remote.v1', `bearer.${tokenOf(room.teacher.headers)}`],
    });
    const sender = await connect(`${url}?access_token=${tokenOf(pupil.headers)}`);
    const messages = Array.from({ length: 6 }, (_, i) => strokeMessage(pupil.id, 5, `k-${i}`));
    for (const m of messages) sender.ws.send(m);
    expect(await sender.closed).toEqual({ code: 1008, reason: CloseReason.tooMany(10) });
    expect(await teacher.waitFor(5)).toEqual(messages.slice(0, 5));
    teacher.ws.close();
  });
});

describeEachDatabase('realtime rooms: the lesson room closes', (kind) => {
  const clock = manualClock(Date.UTC(2025, 2, 3, 8, 0));
  const server = useTestServer(kind, { clock, env: { OIDC_ACCESS_TOKEN_TTL: '86400' } });
  it('admits before the start, closes every socket at the end + 30 minutes (4002), then refuses joins (410)', async () => {
    const app = server().app;
    const base = await listenWs(app);
    const room = await createClassroom(app, 1);
    const other = await createClassroom(app, 1);
    const url = `${base}/realtime/v1/rooms/session/${room.tag}`;
    const join = (headers: Record<string, string>) =>
      connect(url, { protocols: ['dotink.remote.v1', `bearer.${tokenOf(headers)}`] });
    const pupil = room.students[0]!;
    // An hour before the lesson: the teacher's screen and the station are set up.
    const teacher = await join(room.teacher.headers);
    const station = await join(pupil.headers);
    const closesAt = room.lessonEndMs + LIVE_GRACE_MINUTES * 60_000;
    clock.set(closesAt - 1);
    station.ws.send(strokeMessage(pupil.id, 3));
    expect(await teacher.waitFor(1)).toEqual([strokeMessage(pupil.id, 3)]);
    const late = await join(pupil.headers);
    clock.set(closesAt);
    const closed = { code: ROOM_CLOSED_CLOSE, reason: LiveMessage.closed };
    expect(await Promise.all([teacher.closed, station.closed, late.closed])).toEqual([
      closed,
      closed,
      closed,
    ]);
    const gone = { status: 410, message: LiveMessage.closed };
    expect(await refusal(join(pupil.headers))).toEqual(gone);
    expect(await refusal(join(room.teacher.headers))).toEqual(gone);
    const admin = await teacherWithToken(app, { schoolId: room.schoolId, isSchoolAdmin: true });
    expect(await refusal(join(admin.headers))).toEqual(gone);
    // A stranger is told 403 as before, not that the room closed.
    expect(await refusal(join(other.students[0]!.headers))).toMatchObject({ status: 403 });
    const fresh = await issueAccessToken(app, other.teacher.id, 'openid profile edu.read');
    expect(await refusal(join({ authorization: `Bearer ${fresh}` }))).toMatchObject({ status: 403 });
  });
});

describeEachDatabase('realtime rooms: the process drains (SIGTERM)', (kind) => {
  const server = useTestServer(kind);
  it("closes the teacher's socket with 1012 at once and the pupils' after it, refuses new ones (503) and still answers requests", async () => {
    const app = server().app;
    const base = await listenWs(app);
    const room = await createClassroom(app, 1);
    const url = `${base}/realtime/v1/rooms/session/${room.tag}`;
    const join = (headers: Record<string, string>) =>
      connect(url, { protocols: ['dotink.remote.v1', `bearer.${tokenOf(headers)}`] });
    const teacher = await join(room.teacher.headers);
    const station = await join(room.students[0]!.headers);
    const order: string[] = [];
    void teacher.closed.then(() => order.push('teacher'));
    void station.closed.then(() => order.push('station'));
    app.services.readiness.startDraining(0);
    const restart = { code: RESTART_CLOSE, reason: 'server restarting' };
    expect(await Promise.all([teacher.closed, station.closed])).toEqual([restart, restart]);
    expect(order).toEqual(['teacher', 'station']);
    expect(await refusal(join(room.teacher.headers))).toEqual({
      status: 503,
      message: RoomMessage.restarting,
    });
    // an HTTP request still gets its answer, with its connection closed after it
    const http = base.replace(/^ws/, 'http');
    const health = await fetch(`${http}/api/health`);
    expect(health.status).toBe(200);
    expect(health.headers.get('connection')).toBe('close');
  });
});

describeEachDatabase('realtime rooms: a class writing at once (default limits)', (kind) => {
  const server = useTestServer(kind);
  it("carries 40 pupils' live dots (60 messages a second each) to one teacher without dropping or closing anyone", async () => {
    const app = server().app;
    const base = await listenWs(app);
    const room = await createClassroom(app, 40);
    const url = `${base}/realtime/v1/rooms/session/${room.tag}`;
    const join = (headers: Record<string, string>) =>
      connect(url, { protocols: ['dotink.remote.v1', `bearer.${tokenOf(headers)}`] });
    const teacher = await join(room.teacher.headers);
    const stations = await Promise.all(room.students.map((p) => join(p.headers)));
    // A station batches each pen's dots per animation frame: ~60 messages a second of ~2 dots.
    const SECONDS = 2;
    const PER_SECOND = 60;
    const ticks = SECONDS * PER_SECOND;
    const dotsOf = (pupil: number, tick: number) =>
      encodeRemoteMessage({
        type: 'strokeDots',
        mac: pupilPen(pupil),
        key: `k-${pupil}`,
        dots: [
          [10 + tick * 0.25, 20 + tick * 0.125, 312, 1_740_992_400_000 + tick * 16],
          [10.125 + tick * 0.25, 20.0625 + tick * 0.125, 313, 1_740_992_400_008 + tick * 16],
        ],
      });
    const started = performance.now();
    for (let tick = 0; tick < ticks; tick++) {
      stations.forEach((s, i) => {
        s.ws.send(dotsOf(i, tick));
      });
      await new Promise((r) => setTimeout(r, 1000 / PER_SECOND));
    }
    const total = ticks * stations.length;
    await teacher.waitFor(total, 30_000);
    const ms = performance.now() - started;
    console.info(
      `40 pupils × ${PER_SECOND}/s for ${SECONDS} s [${kind}]: ${total} messages in ${Math.round(ms)} ms`,
    );
    expect(teacher.ws.readyState).toBe(teacher.ws.OPEN);
    for (const s of stations) expect(s.ws.readyState).toBe(s.ws.OPEN);
    // Each pupil's dots arrive in order.
    const firstOf = teacher.messages.filter((m) => m.includes('"k-7"'));
    expect(firstOf).toEqual(Array.from({ length: ticks }, (_, t) => dotsOf(7, t)));
    for (const c of [teacher, ...stations]) c.ws.close();
  }, 60_000);
});
