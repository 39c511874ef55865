import { LiveMessage, type LiveStationData } from '@dotink/contracts/eduLive';
import type { UploadRecord } from '@dotink/contracts/inkstore';
import { pageAddress } from '@dotink/ncode';
import { type BluetoothLike, decodeRemoteMessage, type RemoteMessage, systemScheduler } from '@dotink/pen';
import {
  createPenSimulator,
  installSimulatedBluetooth,
  lineStroke,
  type SimulatedBluetooth,
} from '@dotink/pen/simulator';
import { describe, expect, it } from 'vitest';
import type { StudentInkCalls } from '../../api/annotation';
import { ApiError } from '../../api/client';
import { labelPayload } from '../students/labels/labelLayout';
import { decodeLabelPayload } from './labelCode';
import type { SocketLike } from './roomSocket';
import { LIVE_MESSAGE_KEYS } from './stationCalls';
import { Station } from './stationModel';
import type { QueuedStroke, QueueStore } from './uploadQueue';

const PAGE = pageAddress(3, 1012, 1191, 20);
const KIM = { id: 'kim01', name: 'Kim', mac: '9C:7B:D2:10:00:01' };
const LEE = { id: 'lee02', name: 'Lee', mac: '9C:7B:D2:10:00:02' };
const LESSON = {
  courseId: 7,
  sessionId: 'abc',
  curriculumId: 1,
  eduClassId: 1,
  className: '3-1',
  tag: 'fractions',
  title: 'math',
  startMs: 0,
  endMs: 1,
  closesAtMs: 2,
  room: 'session/7_abc',
  inkTag: '7_abc',
};

/** The server's side: tokens it accepts, what it stored, the room's messages per socket. */
function fakeServer() {
  const valid = new Set<string>();
  let n = 0;
  const uploads: { token: string; records: UploadRecord[] }[] = [];
  const heard: RemoteMessage[] = [];
  /** A password a teacher set (a reset); the id otherwise. */
  const login: { password: string | undefined } = { password: undefined };
  const calls: StudentInkCalls = {
    async login(username, password) {
      if (password !== (login.password ?? username)) throw new ApiError(400, 'annotation.loginFailed');
      const token = `${username}-t${++n}`;
      valid.add(token);
      return token;
    },
    async upload(token, records) {
      if (!valid.has(token)) throw new ApiError(401, 'login.failed');
      uploads.push({ token, records: [...records] });
      return { received: 1, stored: 1, updated: 0, duplicates: 0, uploadDate: '' };
    },
  };
  const station = async (token: string): Promise<LiveStationData> => {
    const who = [KIM, LEE].find((p) => token.startsWith(p.id));
    // another pupil of the school signs in, but the lesson is not her class's (as fetchStation throws it)
    if (!who)
      throw new ApiError(403, LIVE_MESSAGE_KEYS[LiveMessage.notInLesson], {}, LiveMessage.notInLesson);
    return { lesson: LESSON, studentId: who.id, name: who.name, mac: who.mac };
  };
  const socket = (): SocketLike => {
    const s: SocketLike = {
      readyState: 0,
      onopen: null,
      onclose: null,
      onerror: null,
      onmessage: null,
      send: (text) => void heard.push(decodeRemoteMessage(text)!),
      close: () => undefined,
    };
    setTimeout(() => {
      (s as { readyState: number }).readyState = 1;
      s.onopen?.({});
    }, 0);
    return s;
  };
  return { valid, uploads, heard, calls, station, socket, login };
}

function memoryStore(): QueueStore {
  const rows = new Map<string, QueuedStroke>();
  return {
    all: async () => [...rows.values()],
    put: async (items) => {
      for (const i of items) rows.set(i.key, i);
    },
    remove: async (keys) => {
      for (const k of keys) rows.delete(k);
    },
  };
}

function sessionMemory() {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  };
}

function rig(server = fakeServer(), memory = sessionMemory()) {
  const target: { navigator?: unknown } = {};
  const scheduler = systemScheduler();
  const pens = new Map<string, SimulatedBluetooth>();
  const station = new Station({
    courseId: 7,
    origin: 'http://school.test',
    calls: server.calls,
    station: server.station,
    store: memoryStore(),
    socket: server.socket,
    bluetooth: () => (target.navigator as { bluetooth?: BluetoothLike } | undefined)?.bluetooth,
    timers: {
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (h) => clearTimeout(h as never),
      setInterval: (fn, ms) => setInterval(fn, ms),
      clearInterval: (h) => clearInterval(h as never),
    },
    frame: (run) => void setTimeout(run, 16),
    clock: { nowMs: () => Date.now() },
    memory,
    random: () => 0,
  });
  const install = (mac: string) =>
    pens.set(
      mac,
      installSimulatedBluetooth(target, () => createPenSimulator({ scheduler, identity: { mac } }), {
        deviceId: `sim-${mac}`,
      }),
    );
  const write = async (mac: string) => {
    const sim = pens.get(mac)!.simulator!;
    const idle = new Promise<void>((resolve) => sim.script.onIdle(resolve));
    sim.script.play([lineStroke(PAGE, { xNu: 10, yNu: 20 }, { xNu: 30, yNu: 25 }, 12)]);
    await idle;
  };
  return { server, memory, station, install, write, login: server.login };
}

const until = async (what: () => boolean) => {
  for (let i = 0; i < 300 && !what(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(what()).toBe(true);
};

/** A started station with Kim signed in and Kim's pen connected. */
async function kimWithPen() {
  const r = rig();
  await r.station.start();
  await r.station.signIn(KIM.id, KIM.id);
  r.install(KIM.mac);
  await r.station.connectPen(KIM.id);
  await until(() => r.station.get().pupils[0]!.pens.length === 1);
  return r;
}

describe('the pen station', () => {
  it('matches pens by address: a wrong pen is named and disconnected, the right ones write for their pupil', async () => {
    const r = rig();
    await r.station.start();
    const label = decodeLabelPayload(labelPayload(LEE.id, LEE.id, LEE.mac))!;
    expect(await r.station.signIn(KIM.id, KIM.id)).toBe('signedIn');
    expect(await r.station.signIn(label.id, label.password, label.mac)).toBe('signedIn');

    r.install('9C:7B:D2:99:99:99');
    await r.station.connectPen(LEE.id);
    expect(r.station.get().notice).toMatchObject({
      key: 'station.wrongPen',
      params: { pen: '9C:7B:D2:99:99:99', name: 'Lee', expected: LEE.mac },
    });
    await until(() => r.station.pens.manager.entries().length === 0);

    r.install(KIM.mac);
    await r.station.connectPen(LEE.id); // Kim's pen, connected from Lee's card: it is Kim's all the same
    r.install(LEE.mac);
    await r.station.connectPen(LEE.id);
    await until(() => r.station.get().pupils.every((p) => p.pens.length === 1));
    await until(() => r.station.get().pupils.every((p) => p.socket === 'open'));

    await r.write(KIM.mac);
    await r.write(LEE.mac);
    await until(() => r.server.uploads.length === 2 && r.station.queue.get().pending === 0);
    expect(r.server.uploads.map((u) => u.records[0]!.writer)).toEqual([KIM.id, LEE.id]);
    expect(r.server.uploads.every((u) => (u.records[0] as { tag?: string }).tag === '7_abc')).toBe(true);
    const opens = r.server.heard.filter((m) => m.type === 'strokeOpen');
    expect(
      opens.map((m) => m.type === 'strokeOpen' && [m.mac, m.stroke.writerId, m.stroke.surfaceOwnerId]),
    ).toEqual([
      [KIM.mac, KIM.id, KIM.id],
      [LEE.mac, LEE.id, LEE.id],
    ]);
    expect(r.server.heard.filter((m) => m.type === 'strokeClose')).toHaveLength(2);
    r.station.close();
  });

  it('signs in again on a 401 with the password it kept; after a reload it asks the pupil instead', async () => {
    const r = await kimWithPen();
    r.server.valid.clear(); // every token expires
    await r.write(KIM.mac);
    await until(() => r.server.uploads.length === 1);
    expect(r.server.uploads[0]!.token).toBe(`${KIM.id}-t2`);
    r.station.close();

    // the tab reloads: the pupil is remembered (token, not password)
    const again = rig(r.server, r.memory);
    await again.station.start();
    expect(again.station.get().pupils.map((p) => p.studentId)).toEqual([KIM.id]);
    again.server.valid.clear();
    again.install(KIM.mac);
    await again.station.connectPen(KIM.id);
    await until(() => again.station.get().pupils[0]!.pens.length === 1);
    await again.write(KIM.mac);
    await until(() => again.station.get().pupils[0]!.signInNeeded);
    expect(again.station.queue.get().pending).toBe(1);
    await again.station.signIn(KIM.id, KIM.id);
    await until(() => again.station.queue.get().pending === 0);
    expect(again.server.uploads).toHaveLength(2);
    again.station.close();
  });

  it('keeps its state while strokes are queued and saved (the queue view tells those)', async () => {
    const r = await kimWithPen();
    await until(() => r.station.get().pupils[0]!.socket === 'open');
    const before = r.station.get();
    let published = 0;
    r.station.subscribe(() => published++);
    let queueChanges = 0;
    r.station.queue.subscribe(() => queueChanges++);
    await r.write(KIM.mac);
    await r.write(KIM.mac);
    await until(() => r.server.uploads.length > 0 && r.station.queue.get().pending === 0);
    expect(queueChanges).toBeGreaterThan(2);
    expect(published).toBe(0);
    expect(r.station.get()).toBe(before);
    r.station.close();
  });

  it('says at once when the network goes that a pupil’s live link is lost, and since when; then live again', async () => {
    const r = rig();
    await r.station.start();
    await r.station.signIn(KIM.id, KIM.id);
    await until(() => r.station.get().pupils[0]?.socket === 'open');
    expect(r.station.get().pupils[0]).toMatchObject({ liveLostAtMs: undefined, liveBackAfterMs: undefined });
    const before = Date.now();
    r.station.networkLost();
    const lost = r.station.get().pupils[0]!;
    expect(lost.socket).toBe('waiting');
    expect(lost.liveLostAtMs).toBeGreaterThanOrEqual(before);
    r.station.retryNow();
    await until(() => r.station.get().pupils[0]?.socket === 'open');
    expect(r.station.get().pupils[0]).toMatchObject({ liveLostAtMs: undefined });
    expect(r.station.get().pupils[0]!.liveBackAfterMs).toBeGreaterThanOrEqual(0);
    r.station.close();
  });

  it('says a refused sign-in and a lesson the pupil is not in, in the station’s words', async () => {
    const r = rig();
    await r.station.start();
    // the id typed as its own password is refused (a teacher reset it): the password is asked
    r.login.password = 'reset-1';
    expect(await r.station.signIn(KIM.id, KIM.id)).toBe('passwordNeeded');
    expect(r.station.get().notice).toMatchObject({ key: 'station.passwordNeeded', params: { id: KIM.id } });
    expect(await r.station.signIn(KIM.id, 'wrong')).toBe('passwordNeeded');
    expect(r.station.get().notice).toMatchObject({ key: 'station.passwordWrong', params: { id: KIM.id } });
    // a label printed before the reset carries the old password
    expect(await r.station.signIn(KIM.id, KIM.id, KIM.mac)).toBe('passwordNeeded');
    expect(r.station.get().notice).toMatchObject({ key: 'station.labelPasswordOld', params: { id: KIM.id } });
    expect(await r.station.signIn(KIM.id, 'reset-1')).toBe('signedIn');
    r.login.password = undefined;
    expect(await r.station.signIn('  ', '')).toBe('failed');
    expect(r.station.get().notice).toMatchObject({ key: 'station.idMissing' });
    expect(await r.station.signIn('park03', 'park03')).toBe('failed');
    expect(r.station.get().notice).toMatchObject({
      key: 'station.notInLesson',
      params: { name: 'park03' },
      level: 'error',
    });
    expect(r.station.get().pupils.map((p) => p.studentId)).toEqual([KIM.id]);
    r.station.close();
  });
});
