import type { PenEvent } from '@dotink/ink';
import { memoryLogger } from '@dotink/ncode';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type DecodedHostRequest,
  type DeviceMessage,
  decodeHostFrame,
  encodeDeviceMessage,
  FrameReassembler,
  type PenStatus,
} from '../protocol';
import { listeners } from '../transports/listeners';
import type { PenTransport } from '../transports/types';
import type { PasswordPrompt } from './passwordPrompt';
import type { PenStateChange } from './pen';
import { PenRequestError } from './pendingReplies';
import { PenSession } from './penSession';
import { manualScheduler } from './scheduler';

const MAC = '9C:7B:D2:12:34:56';
const T0 = 1_700_000_000_000;

const version = (protocolVersion = '2.18'): DeviceMessage => ({
  kind: 'versionInfo',
  modelName: 'NWP-F121',
  firmwareVersion: '1.07.0151',
  protocolVersion,
  subName: 'Neosmartpen',
  deviceTypeCode: 1,
  mac: MAC,
});

const status = (locked = false, count = 0): PenStatus => ({
  kind: 'penStatus',
  isPwLocked: locked,
  retryLimit: 10,
  currentRetryCount: count,
  penTimeMs: T0,
  autoPowerOffTimeMinutes: 20,
  maxPressureValue: 852,
  storageUsagePercent: 15,
  autoPenCapOnOff: true,
  autoPowerOn: true,
  beepOn: true,
  hoverModeOn: false,
  batteryLevelPercent: 85,
  isCharging: false,
  batteryRaw: 85,
  isSupportOfflineStore: true,
  offlineSaveMode: 1,
  pressureSensitivity: 0,
  usbMode: 'disk',
  isPathSimplifyOn: false,
  btLocalName: 'Neosmartpen',
  dataTransmissionType: 0,
  isStoreErrorLogOn: false,
  systemSettingSupported: false,
});

type Responder = (req: DecodedHostRequest) => DeviceMessage[] | undefined;

/** A scripted pen for unit tests: answers requests by a function; the real simulator is in test/. */
function scriptedPen(respond: Responder) {
  const notify = listeners<Uint8Array>();
  const gone = listeners<void>();
  const requests: DecodedHostRequest[] = [];
  const reasm = new FrameReassembler();
  let connected = true;
  const push = (m: DeviceMessage) => notify.emit(encodeDeviceMessage(m));
  const transport: PenTransport = {
    id: 'dev-1',
    name: 'Neosmartpen_F121',
    get connected() {
      return connected;
    },
    async write(bytes) {
      if (!connected) throw new Error('pen disconnected');
      for (const f of reasm.pushAll(bytes)) {
        const req = decodeHostFrame(f);
        requests.push(req);
        for (const m of respond(req) ?? []) push(m);
      }
    },
    onNotify: (l) => notify.add(l),
    onDisconnect: (l) => gone.add(() => l()),
    disconnect() {
      if (!connected) return;
      connected = false;
      gone.emit();
    },
  };
  return {
    transport,
    requests,
    push,
    raw: (b: Uint8Array) => notify.emit(b),
    drop: () => transport.disconnect(),
  };
}

/** Answers the handshake of an unlocked 2.18 pen; `extra` may override. */
function standard(
  extra: Responder = () => undefined,
  opts: { protocol?: string; locked?: boolean } = {},
): Responder {
  return (req) => {
    const r = extra(req);
    if (r) return r;
    switch (req.kind) {
      case 'versionRequest':
        return [version(opts.protocol)];
      case 'statusRequest':
        return [status(opts.locked)];
      case 'setting':
        return [{ kind: 'settingResult', settingType: req.setting.type === 'rtcTime' ? 1 : 6, result: 0 }];
      case 'onlineDataRequest':
        return [{ kind: 'onlineDataResult' }];
      default:
        return undefined;
    }
  };
}

function setup(respond: Responder, askPassword?: (p: PasswordPrompt) => Promise<string | undefined>) {
  const pen = scriptedPen(respond);
  const scheduler = manualScheduler(T0);
  const logger = memoryLogger();
  const session = new PenSession({ transport: pen.transport, scheduler, logger, askPassword });
  const events: PenEvent[] = [];
  const states: PenStateChange[] = [];
  session.onEvent((e) => events.push(e));
  session.onStateChange((s) => states.push(s));
  return { pen, scheduler, logger, session, events, states };
}

const flush = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

describe('pen session handshake', () => {
  it('runs version → status → time → online → hover and reports connected once', async () => {
    const { pen, session, states } = setup(standard());
    expect(await session.connect()).toBe(true);
    expect(pen.requests.map((r) => (r.kind === 'setting' ? `setting:${r.setting.type}` : r.kind))).toEqual([
      'versionRequest',
      'statusRequest',
      'setting:rtcTime',
      'onlineDataRequest',
      'setting:hover',
    ]);
    expect(states).toEqual([
      { state: 'connecting', penId: 'dev-1' },
      { state: 'connected', penId: MAC },
    ]);
    expect(session.penId).toBe(MAC);
    expect(session.deviceInfo).toEqual({
      modelName: 'NWP-F121',
      protocolVer: '2.18',
      deviceType: 'pen',
      mac: MAC,
    });
    const time = pen.requests[2]!;
    expect(time.kind === 'setting' && time.setting.type === 'rtcTime' && time.setting.timeMs).toBe(T0);
  });

  it('asks for the version again after 2 s, up to 3 times, then gives up', async () => {
    let asked = 0;
    const { pen, session, scheduler, states } = setup(
      standard((req) => (req.kind === 'versionRequest' && ++asked < 3 ? [] : undefined)),
    );
    const done = session.connect();
    await flush();
    scheduler.advance(2000);
    await flush();
    scheduler.advance(2000);
    expect(await done).toBe(true);
    expect(pen.requests.filter((r) => r.kind === 'versionRequest')).toHaveLength(3);
    expect(states.at(-1)?.state).toBe('connected');

    const silent = setup(() => []);
    const failed = silent.session.connect();
    for (let i = 0; i < 3; i++) {
      await flush();
      silent.scheduler.advance(2000);
    }
    expect(await failed).toBe(false);
    expect(silent.session.state).toBe('disconnected');
    expect(silent.pen.transport.connected).toBe(false);
  });

  it('below protocol 2.18: connected with error code 1 and the firmware message, no hover', async () => {
    const { pen, session, states } = setup(standard(undefined, { protocol: '2.12' }));
    expect(await session.connect()).toBe(true);
    expect(states.at(-1)).toEqual({
      state: 'connected',
      penId: MAC,
      errorCode: 1,
      message: 'need to upgrade firmware greater than 2.18 (current version=2.12)',
    });
    expect(pen.requests.some((r) => r.kind === 'setting' && r.setting.type === 'hover')).toBe(false);
  });

  it('asks the passcode of a locked pen, re-asks after a wrong one with the warning', async () => {
    let count = 0;
    const prompts: PasswordPrompt[] = [];
    const { session, pen } = setup(
      standard(
        (req) => {
          if (req.kind !== 'passwordInput') return undefined;
          if (req.password === '1234')
            return [{ kind: 'passwordResult', status: 1, retryCount: 0, retryLimit: 10 }];
          count++;
          return [{ kind: 'passwordResult', status: 0, retryCount: count, retryLimit: 10 }];
        },
        { locked: true },
      ),
      async (p) => {
        prompts.push(p);
        return ['12', '0000', '9999', '1234'][prompts.length - 1];
      },
    );
    expect(await session.connect()).toBe(true);
    expect(prompts.map((p) => [p.retryCount, p.wrong, p.invalid])).toEqual([
      [0, false, false],
      [0, false, true],
      [0, false, true],
      [1, true, false],
    ]);
    expect(prompts[3]!.warning).toBe(
      'Please enter the passcode (CAUTION! After 9 times failed, the pen data will be erased)',
    );
    expect(pen.requests.filter((r) => r.kind === 'passwordInput')).toHaveLength(2);
  });

  it('a cancelled passcode prompt disconnects', async () => {
    const { session, pen } = setup(standard(undefined, { locked: true }), async () => undefined);
    expect(await session.connect()).toBe(false);
    expect(pen.transport.connected).toBe(false);
  });

  it('a locked pen without a prompt cannot connect', async () => {
    const { session } = setup(standard(undefined, { locked: true }));
    expect(await session.connect()).toBe(false);
  });
});

describe('pen session, connected', () => {
  it('delivers pen events, and closes an open stroke when the link drops', async () => {
    const { pen, session, events } = setup(standard());
    await session.connect();
    pen.push({ kind: 'penDown', ec: 0, timeMs: T0, penTipType: 0, colorArgb: 0xff000000 });
    pen.push({ kind: 'pageInfo', ec: 1, section: 3, owner: 27, book: 1068, page: 1 });
    pen.push({
      kind: 'dot',
      ec: 2,
      dtMs: 5,
      force: 300,
      x: 30,
      y: 40,
      fx: 25,
      fy: 50,
      tiltX: 70,
      tiltY: 80,
      twist: 0,
    });
    pen.drop();
    expect(events.map((e) => e.kind)).toEqual(['down', 'page', 'move', 'up', 'disconnect']);
    expect(events[2]).toMatchObject({ xNu: 30.25, yNu: 40.5, force: 300, timeMs: T0 + 5 });
    expect(events[3]).toMatchObject({ kind: 'up', timeMs: T0 + 5 });
    expect(session.state).toBe('disconnected');
  });

  it('fails waiting requests on disconnect and refuses new ones', async () => {
    let silent = false;
    const { pen, session } = setup(
      standard((req) => (req.kind === 'statusRequest' && silent ? [] : undefined)),
    );
    await session.connect();
    silent = true;
    const waiting = session.requestStatus();
    await flush();
    pen.drop();
    await expect(waiting).rejects.toMatchObject({ code: 'disconnected' });
    await expect(session.setBeep(true)).rejects.toBeInstanceOf(PenRequestError);
  });

  it('times out a request with no reply', async () => {
    const { session, scheduler } = setup(
      standard((req) => (req.kind === 'setting' && req.setting.type === 'beep' ? [] : undefined)),
    );
    await session.connect();
    const beep = session.setBeep(false);
    await flush();
    scheduler.advance(5000);
    await expect(beep).rejects.toMatchObject({ code: 'timeout' });
  });

  it('surfaces pen error responses and refused settings', async () => {
    const { session } = setup(
      standard((req) => {
        if (req.kind !== 'setting') return undefined;
        if (req.setting.type === 'fsrSensitivity')
          return [{ kind: 'errorResponse', cmd: 0x85, err: 3, payload: new Uint8Array(0) }];
        if (req.setting.type === 'beep') return [{ kind: 'settingResult', settingType: 5, result: 1 }];
        return undefined;
      }),
    );
    await session.connect();
    await expect(session.setFsrSensitivity(2)).rejects.toMatchObject({ code: 'penError', penErr: 3 });
    await expect(session.setBeep(true)).rejects.toMatchObject({ code: 'refused' });
  });

  it('reports low battery and power off; power off drops the link', async () => {
    const { pen, session } = setup(standard());
    const notices: string[] = [];
    session.onNotice((n) => notices.push(n.kind));
    await session.connect();
    pen.push({ kind: 'lowBattery', levelPercent: 9 });
    pen.push({ kind: 'powerOff', reason: 3 });
    expect(notices).toEqual(['lowBattery', 'powerOff']);
    expect(session.state).toBe('disconnected');
  });

  it('reassembles the fact sheet split-notification vector (§12.3): split inside an escape', async () => {
    const { pen, session, events } = setup(standard());
    await session.connect();
    const hex = (t: string) => Uint8Array.from(t.split(' ').map((b) => Number.parseInt(b, 16)));
    pen.raw(hex('C0 69 0E 00 00 00 68 E5 CF 8B 01 00 00 00 00 00 00 FF C1'));
    pen.raw(hex('C0 6B 0D 00 01 1B 00 00 03 2C 04 00 00 01 00 00 00 C1'));
    pen.raw(hex('C0 6C 0E 00 02 05 2C 01 1E 00 28 00 19 32 46 50 00 00 C1'));
    pen.raw(hex('C0 6C 0E 00 03 0D A4 01 1F 00 28 00 0A 4B 46 50 00 00 C1'));
    pen.raw(hex('C0 6C 0E 00 04 0D 7D'));
    pen.raw(hex('E0 00 20 00 29 00 05 00 46 50 00 00 C1 C0 6A 13 00 05 28 68 E5'));
    pen.raw(hex('CF 8B 01 00 00 03 00 04 00 04 00 03 00 03 00 C1'));
    expect(events.map((e) => e.kind)).toEqual(['down', 'page', 'move', 'move', 'move', 'up']);
    const moves = events.filter((e) => e.kind === 'move');
    expect(moves.map((m) => [m.timeMs - T0, m.force, m.xNu, m.yNu])).toEqual([
      [5, 300, 30.25, 40.5],
      [18, 420, 31.1, 40.75],
      [31, 192, 32.05, 41],
    ]);
    expect(events.at(-1)).toMatchObject({ kind: 'up', timeMs: T0 + 40 });
  });

  it('any split of the stream, with garbage between frames, gives the same events', async () => {
    const frames: DeviceMessage[] = [
      { kind: 'penDown', ec: 0, timeMs: T0, penTipType: 0, colorArgb: 0xff000000 },
      { kind: 'pageInfo', ec: 1, section: 3, owner: 27, book: 1068, page: 1 },
      ...Array.from(
        { length: 6 },
        (_, i): DeviceMessage => ({
          kind: 'dot',
          ec: 2 + i,
          dtMs: 10,
          force: 0xc0 + i,
          x: 0x7d,
          y: 0xc1,
          fx: i,
          fy: 99 - i,
          tiltX: 0xc0,
          tiltY: 0x7d,
          twist: 0,
        }),
      ),
      {
        kind: 'penUp',
        ec: 8,
        timeMs: T0 + 70,
        dotCount: 6,
        totalImageCount: 6,
        processedImageCount: 6,
        successImageCount: 6,
        sentImageCount: 6,
      },
    ];
    const expected = await (async () => {
      const { pen, session, events } = setup(standard());
      await session.connect();
      for (const f of frames) pen.push(f);
      return events;
    })();
    expect(expected.filter((e) => e.kind === 'move')).toHaveLength(6);
    const garbage = fc
      .uint8Array({ minLength: 0, maxLength: 6 })
      .map((g) => g.map((b) => (b === 0xc0 ? 0 : b)));
    await fc.assert(
      fc.asyncProperty(
        fc.array(garbage, { minLength: frames.length, maxLength: frames.length }),
        fc.array(fc.integer({ min: 1, max: 25 }), { minLength: 1, maxLength: 40 }),
        async (noise, cuts) => {
          const { pen, session, events } = setup(standard());
          await session.connect();
          const parts = frames.flatMap((f, i) => [noise[i]!, encodeDeviceMessage(f)]);
          const stream = Uint8Array.from(parts.flatMap((p) => [...p]));
          let at = 0;
          for (let k = 0; at < stream.length; k++) {
            const n = cuts[k % cuts.length]!;
            pen.raw(stream.slice(at, at + n));
            at += n;
          }
          expect(events).toEqual(expected);
        },
      ),
      { numRuns: 60 },
    );
  });
});
