/**
 * The connection handshake, driver ↔ simulator: no password, right and wrong passwords, the wipe
 * at the retry limit, an old protocol (2.12), hover.
 */
import { describe, expect, it } from 'vitest';
import type { PasswordPrompt } from '../src/session';
import { rig } from './harness';

const MAC = '9C:7B:D2:12:34:56';

describe('handshake with the simulated pen', () => {
  it('connects a pen without password, in the fact-sheet order, and the manager adds it', async () => {
    const r = rig();
    const counts: number[] = [];
    r.manager.onCountChange((n) => counts.push(n));
    expect(await r.connect()).toBe(true);
    expect(r.session.state).toBe('connected');
    expect(r.states.map((s) => s.state)).toEqual(['connecting', 'connected']);
    expect(r.sim.received.map((q) => (q.kind === 'setting' ? `setting:${q.setting.type}` : q.kind))).toEqual([
      'versionRequest',
      'statusRequest',
      'setting:rtcTime',
      'onlineDataRequest',
      'setting:hover',
    ]);
    expect(r.session.deviceInfo).toMatchObject({
      modelName: 'NWP-F121',
      protocolVer: '2.18',
      deviceType: 'pen',
    });
    expect(r.manager.get(r.session.penId)).toMatchObject({
      inputType: 'pen',
      connected: true,
      webBluetoothId: 'sim-device',
    });
    expect(r.session.penId).toBe(MAC);
    expect(counts).toEqual([1]);
    expect(r.sim.inspect().streaming).toBe(true);
    expect(r.sim.inspect().settings.hover).toBe(true);
  });

  it('a locked pen: the right passcode connects', async () => {
    const prompts: PasswordPrompt[] = [];
    const r = rig({
      sim: { password: '1234' },
      askPassword: async (p) => {
        prompts.push(p);
        return '1234';
      },
    });
    expect(await r.connect()).toBe(true);
    expect(prompts).toHaveLength(1);
    expect(prompts[0]).toMatchObject({ retryCount: 0, retryLimit: 10, wrong: false });
    expect(prompts[0]!.warning).toBe(
      'Please enter the passcode (CAUTION! After 10 times failed, the pen data will be erased)',
    );
  });

  it('wrong passcodes are counted and re-asked, with the warning counting down', async () => {
    const prompts: PasswordPrompt[] = [];
    const answers = ['1111', '2222', '3333', '1234'];
    const r = rig({
      sim: { password: '1234' },
      askPassword: async (p) => {
        prompts.push(p);
        return answers[prompts.length - 1];
      },
    });
    expect(await r.connect()).toBe(true);
    expect(prompts.map((p) => [p.retryCount, p.attemptsLeft, p.wrong])).toEqual([
      [0, 10, false],
      [1, 9, true],
      [2, 8, true],
      [3, 7, true],
    ]);
    expect(prompts[3]!.warning).toBe(
      'Please enter the passcode (CAUTION! After 7 times failed, the pen data will be erased)',
    );
    // A right passcode resets the pen's counter.
    expect(r.sim.inspect().retryCount).toBe(0);
  });

  it('the retry count survives reconnects: a later connection starts from it', async () => {
    const r = rig({ sim: { password: '1234', retryCount: 6 }, askPassword: async () => '1234' });
    const prompts: PasswordPrompt[] = [];
    const r2 = rig({
      sim: { password: '1234', retryCount: 6 },
      askPassword: async (p) => {
        prompts.push(p);
        return '1234';
      },
    });
    expect(await r.connect()).toBe(true);
    expect(await r2.connect()).toBe(true);
    expect(prompts[0]).toMatchObject({ retryCount: 6, attemptsLeft: 4 });
  });

  it('at the retry limit the pen is wiped: no connection, a reset notice, offline data gone', async () => {
    const prompts: PasswordPrompt[] = [];
    const r = rig({
      sim: { password: '1234', retryLimit: 3 },
      askPassword: async (p) => {
        prompts.push(p);
        return '9999';
      },
    });
    r.sim.storeOffline([
      {
        kind: 'stroke',
        page: { section: 3, owner: 27, book: 1068, page: 1 },
        samples: [
          { kind: 'dot', xNu: 1, yNu: 1 },
          { kind: 'dot', xNu: 2, yNu: 2 },
        ],
      },
    ]);
    expect(r.sim.inspect().offlineStrokes).toBe(1);
    expect(await r.connect()).toBe(false);
    expect(prompts.map((p) => p.retryCount)).toEqual([0, 1, 2]);
    expect(r.notices.map((n) => n.kind)).toContain('penReset');
    expect(r.session.state).toBe('disconnected');
    expect(r.sim.inspect()).toMatchObject({ password: undefined, offlineStrokes: 0, retryCount: 0 });
    expect(r.manager.connectedCount).toBe(0);
  });

  it('protocol 2.12: connected with error code 1 and the firmware message; hover is not requested', async () => {
    const r = rig({ sim: { protocolVersion: '2.12' } });
    expect(await r.connect()).toBe(true);
    expect(r.states.at(-1)).toEqual({
      state: 'connected',
      penId: MAC,
      errorCode: 1,
      message: 'need to upgrade firmware greater than 2.18 (current version=2.12)',
    });
    expect(r.sim.received.some((q) => q.kind === 'setting' && q.setting.type === 'hover')).toBe(false);
    expect(r.manager.connectedCount).toBe(1);
  });

  it('hover: the pen above the paper gives hover events and a hover page, not ink', async () => {
    const r = rig();
    await r.connect();
    const page = { section: 3, owner: 27, book: 1068, page: 1 };
    await r.play([
      {
        kind: 'hover',
        page,
        points: [
          { xNu: 33.5, yNu: 42.5 },
          { xNu: 34, yNu: 43 },
          { xNu: 34.5, yNu: 43.5 },
        ],
      },
    ]);
    const hovers = r.events.filter((e) => e.kind === 'hover');
    expect(hovers.map((h) => [h.xNu, h.yNu])).toEqual([
      [33.5, 42.5],
      [34, 43],
      [34.5, 43.5],
    ]);
    expect(r.builder.hoverPageOf(MAC)).toEqual(page);
    expect(r.completed).toEqual([]);
  });

  it('hover below 2.18: the pen hovers with ordinary dots, which become hover events', async () => {
    const r = rig({ sim: { protocolVersion: '2.12', settings: { hover: true } } });
    await r.connect();
    await r.play([
      {
        kind: 'hover',
        points: [
          { xNu: 5, yNu: 6 },
          { xNu: 5.5, yNu: 6 },
        ],
      },
    ]);
    expect(r.events.filter((e) => e.kind === 'hover')).toHaveLength(2);
    expect(r.events.some((e) => e.kind === 'down' || e.kind === 'move')).toBe(false);
    expect(r.completed).toEqual([]);
  });
});
