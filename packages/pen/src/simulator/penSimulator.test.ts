import { describe, expect, it } from 'vitest';
import { fromHex, toHex } from '../protocol/bytes';
import type { DeviceMessage } from '../protocol/deviceMessages';
import type { HostRequest } from '../protocol/hostRequests';
import { manualScheduler } from '../session/scheduler';
import { createPenSimulator, type PenSimulatorOptions } from './penSimulator';
import { attachSimHost } from './simHost';

const T0 = 1_700_000_000_000;

function rig(opts: Partial<PenSimulatorOptions> = {}) {
  const scheduler = manualScheduler(T0);
  const sim = createPenSimulator({ scheduler, ...opts });
  const host = attachSimHost(sim);
  sim.connect();
  const ask = (req: HostRequest): DeviceMessage[] => {
    host.send(req);
    scheduler.runDue();
    return host.take();
  };
  return { scheduler, sim, host, ask };
}

const bytesOf = (notes: readonly Uint8Array[]) => toHex(Uint8Array.from(notes.flatMap((n) => Array.from(n))));

describe('createPenSimulator: handshake', () => {
  it('answers 0x01 and 0x04 with the §12.2 bytes, in notifications of at most 20 bytes', () => {
    const { host, ask } = rig();
    ask({ kind: 'versionRequest' });
    ask({ kind: 'statusRequest' });
    const wire = bytesOf(host.notifications);
    const v81 =
      'C0 81 00 45 00 4E 57 50 2D 46 31 32 31 00 00 00 00 00 00 00 00 31 2E 30 37 2E 30 31 35 31 00 00 00 00 00 00 00 32 2E 31 38 00 00 00 00 4E 65 6F 73 6D 61 72 74 70 65 6E 00 00 00 00 00 01 00 9C 7B D2 12 34 56 00 00 00 00 00 C1';
    const v84 =
      'C0 84 00 40 00 00 0A 00 00 68 E5 CF 8B 01 00 00 14 00 54 03 0F 01 01 01 00 55 01 00 00 00 4E 65 6F 73 6D 61 72 74 70 65 6E' +
      ' 00'.repeat(28) +
      ' C1';
    expect(wire).toBe(toHex(fromHex(`${v81} ${v84}`)));
    expect(host.notifications.every((n) => n.length <= 20)).toBe(true);
  });

  it('sends 70 bytes of version info from protocol 2.22 and 69 below', () => {
    for (const [v, len] of [
      ['2.12', 69],
      ['2.18', 69],
      ['2.22', 70],
    ] as const) {
      const [m] = rig({ protocolVersion: v }).ask({ kind: 'versionRequest' });
      expect(m).toMatchObject({ kind: 'versionInfo', protocolVersion: v });
      expect('compressedFirmwareSupported' in m!).toBe(len === 70);
    }
  });

  it('answers unknown commands with err 0x05 in the full form, or the short form when chosen', () => {
    expect(rig().ask({ kind: 'unknown', cmd: 0x74, payload: new Uint8Array(0) })).toEqual([
      { kind: 'errorResponse', cmd: 0xf4, err: 5, payload: new Uint8Array(0) },
    ]);
    const short = rig({ behaviour: { shortErrorFrames: true } });
    short.ask({ kind: 'unknown', cmd: 0x50, payload: new Uint8Array(0) });
    expect(bytesOf(short.host.notifications)).toBe('C0 D0 05 C1');
  });

  it('gates commands by protocol version: 0x26 needs 2.16, 0x27 needs 2.23', () => {
    const note = { section: 3, owner: 27, book: 1068 };
    expect(rig({ protocolVersion: '2.12' }).ask({ kind: 'offlineNoteInfoRequest', ...note })).toEqual([
      { kind: 'errorResponse', cmd: 0xa6, err: 5, payload: new Uint8Array(0) },
    ]);
    expect(
      rig({ protocolVersion: '2.18' }).ask({ kind: 'offlineNoteInfoRequest', ...note })[0],
    ).toMatchObject({
      kind: 'offlineNoteInfo',
    });
    expect(rig({ protocolVersion: '2.22' }).ask({ kind: 'offlineDeletePages', ...note, pages: [1] })).toEqual(
      [{ kind: 'errorResponse', cmd: 0xa7, err: 5, payload: new Uint8Array(0) }],
    );
  });

  it('reports a malformed request with err 0x04', () => {
    const { host, scheduler } = rig();
    host.write(fromHex('C0 22 02 00 01 02 C1'));
    scheduler.runDue();
    expect(host.take()).toEqual([{ kind: 'errorResponse', cmd: 0xa2, err: 4, payload: new Uint8Array(0) }]);
  });
});

describe('createPenSimulator: password', () => {
  it('is locked until the password is given: other commands get err 0x02', () => {
    const { ask, sim } = rig({ password: '1234' });
    expect(ask({ kind: 'statusRequest' })[0]).toMatchObject({ isPwLocked: true, currentRetryCount: 0 });
    expect(ask({ kind: 'onlineDataRequest', notes: 'all' })).toEqual([
      { kind: 'errorResponse', cmd: 0x91, err: 2, payload: new Uint8Array(0) },
    ]);
    expect(ask({ kind: 'passwordInput', password: '1234' })).toEqual([
      { kind: 'passwordResult', status: 1, retryCount: 0, retryLimit: 10 },
    ]);
    expect(ask({ kind: 'onlineDataRequest', notes: 'all' })).toEqual([{ kind: 'onlineDataResult' }]);
    expect(ask({ kind: 'statusRequest' })[0]).toMatchObject({ isPwLocked: false });
    expect(sim.inspect().authorised).toBe(true);
  });

  it('can report locked whenever a password is set', () => {
    const { ask } = rig({ password: '1234', behaviour: { lockedReport: 'whilePasswordSet' } });
    ask({ kind: 'passwordInput', password: '1234' });
    expect(ask({ kind: 'statusRequest' })[0]).toMatchObject({ isPwLocked: true });
  });

  it('counts wrong passwords across connections and resets the count on success', () => {
    const { ask, sim } = rig({ password: '1234' });
    expect(ask({ kind: 'passwordInput', password: '0001' })).toEqual([
      { kind: 'passwordResult', status: 0, retryCount: 1, retryLimit: 10 },
    ]);
    sim.disconnect();
    sim.connect();
    expect(ask({ kind: 'passwordInput', password: '0002' })[0]).toMatchObject({ status: 0, retryCount: 2 });
    expect(ask({ kind: 'statusRequest' })[0]).toMatchObject({ currentRetryCount: 2 });
    expect(ask({ kind: 'passwordInput', password: '1234' })[0]).toMatchObject({ status: 1, retryCount: 0 });
  });

  it('wipes itself at the retry limit: status 2, power off reason 7, link dropped, data and password gone', () => {
    const { ask, sim, host, scheduler } = rig({ password: '1234', retryLimit: 3 });
    sim.storeOffline([
      {
        kind: 'stroke',
        page: { section: 3, owner: 27, book: 1, page: 1 },
        samples: [{ kind: 'dot', xNu: 1, yNu: 1 }],
      },
    ]);
    ask({ kind: 'passwordInput', password: '1111' });
    ask({ kind: 'passwordInput', password: '2222' });
    host.send({ kind: 'passwordInput', password: '3333' });
    scheduler.runDue();
    expect(host.take()).toEqual([
      { kind: 'passwordResult', status: 2, retryCount: 3, retryLimit: 3 },
      { kind: 'powerOff', reason: 7 },
    ]);
    expect(host.linkDrops).toBe(1);
    expect(sim.connected).toBe(false);
    expect(sim.inspect()).toMatchObject({ password: undefined, retryCount: 0, offlineStrokes: 0 });
  });

  it('changes, checks and removes the password (0x03, status byte from 2.15)', () => {
    const { ask } = rig({ password: '1234' });
    expect(
      ask({ kind: 'passwordChange', usePassword: true, oldPassword: '1234', newPassword: '5678' })[0],
    ).toMatchObject({
      kind: 'errorResponse',
      err: 2,
    });
    ask({ kind: 'passwordInput', password: '1234' });
    expect(
      ask({ kind: 'passwordChange', usePassword: true, oldPassword: '9999', newPassword: '5678' }),
    ).toEqual([{ kind: 'passwordChangeResult', retryCount: 1, retryLimit: 10, status: 1 }]);
    expect(
      ask({ kind: 'passwordChange', usePassword: true, oldPassword: '1234', newPassword: '5678' }),
    ).toEqual([{ kind: 'passwordChangeResult', retryCount: 0, retryLimit: 10, status: 0 }]);
    expect(ask({ kind: 'passwordInput', password: '5678' })[0]).toMatchObject({ status: 1 });
    ask({ kind: 'passwordChange', usePassword: false, oldPassword: '5678', newPassword: '' });
    expect(ask({ kind: 'statusRequest' })[0]).toMatchObject({ isPwLocked: false });
  });

  it('answers a password with status 1 when none is set', () => {
    expect(rig().ask({ kind: 'passwordInput', password: '0000' })).toEqual([
      { kind: 'passwordResult', status: 1, retryCount: 0, retryLimit: 10 },
    ]);
  });
});

describe('createPenSimulator: settings', () => {
  it('applies every setting and reflects it in 0x84', () => {
    const { ask, scheduler } = rig();
    const set = (setting: Extract<HostRequest, { kind: 'setting' }>['setting']) =>
      ask({ kind: 'setting', setting });
    expect(set({ type: 'rtcTime', timeMs: T0 + 123_456 })).toEqual([
      { kind: 'settingResult', settingType: 1, result: 0 },
    ]);
    set({ type: 'autoPowerOffTime', minutes: 60 });
    set({ type: 'penCapPower', on: false });
    set({ type: 'autoPowerOn', on: false });
    set({ type: 'beep', on: false });
    set({ type: 'hover', on: true });
    set({ type: 'offlineSave', mode: 100 });
    set({ type: 'fsrSensitivity', step: 3 });
    set({ type: 'usbMode', mode: 'bulk' });
    set({ type: 'downSampling', on: true });
    set({ type: 'btLocalName', name: 'MyPen' });
    set({ type: 'dataTransmissionType', value: 1 });
    scheduler.advance(1000);
    expect(ask({ kind: 'statusRequest' })[0]).toMatchObject({
      penTimeMs: T0 + 124_456,
      autoPowerOffTimeMinutes: 60,
      autoPenCapOnOff: false,
      autoPowerOn: false,
      beepOn: false,
      hoverModeOn: true,
      offlineSaveMode: 100,
      pressureSensitivity: 3,
      usbMode: 'bulk',
      isPathSimplifyOn: true,
      btLocalName: 'MyPen',
      dataTransmissionType: 1,
    });
  });

  it('refuses out-of-range values with result 1', () => {
    const { ask } = rig();
    expect(ask({ kind: 'setting', setting: { type: 'offlineSave', mode: 2 } })).toEqual([
      { kind: 'settingResult', settingType: 7, result: 1 },
    ]);
    expect(ask({ kind: 'setting', setting: { type: 'autoPowerOffTime', minutes: 0 } })[0]).toMatchObject({
      result: 1,
    });
  });

  it('answers unknown types with err 5 and sensor-specific ones with err 3 (before 2.15) or 5', () => {
    expect(
      rig().ask({ kind: 'setting', setting: { type: 'other', code: 99, value: new Uint8Array(1) } }),
    ).toEqual([{ kind: 'errorResponse', cmd: 0x85, err: 5, payload: new Uint8Array(0) }]);
    expect(rig().ask({ kind: 'setting', setting: { type: 'fscSensitivity', step: 1 } })[0]).toMatchObject({
      err: 5,
    });
    expect(
      rig({ protocolVersion: '2.12' }).ask({
        kind: 'setting',
        setting: { type: 'fscSensitivity', step: 1 },
      })[0],
    ).toMatchObject({ err: 3 });
    const fsc = rig({ identity: { pressureSensorType: 1 } });
    expect(fsc.ask({ kind: 'setting', setting: { type: 'fsrSensitivity', step: 1 } })[0]).toMatchObject({
      err: 5,
    });
    expect(
      fsc.ask({ kind: 'setting', setting: { type: 'fscSensitivity', step: 1, webQuirk: true } }),
    ).toEqual([{ kind: 'settingResult', settingType: 13, result: 0 }]);
  });

  it('accepts both LED colour forms', () => {
    const { ask, sim } = rig();
    ask({ kind: 'setting', setting: { type: 'ledColor', argb: 0xff0000ff } });
    expect(sim.inspect().settings.ledColorArgb).toBe(0xff0000ff);
    ask({ kind: 'setting', setting: { type: 'ledColor', argb: 0x80112233, form: 'typedBgra' } });
    expect(sim.inspect().settings.ledColorArgb).toBe(0x80112233);
  });

  it('answers 0x06 / 0x07 only when the pen supports system settings', () => {
    expect(rig().ask({ kind: 'systemInfoRequest' })[0]).toMatchObject({ kind: 'errorResponse', err: 5 });
    const s = rig({ settings: { systemSettingSupport: true } });
    expect(s.ask({ kind: 'systemChange', step: 1 })).toEqual([
      { kind: 'systemChangeResult', type: 1, status: 0 },
    ]);
    expect(s.ask({ kind: 'systemInfoRequest' })[0]).toMatchObject({
      performanceEnabled: true,
      performanceStep: 1,
    });
  });
});

describe('createPenSimulator: configurable conflicts', () => {
  it('can send 0x82 with the limit before the count (GRIDA comment) and echo every deleted note', () => {
    const a = rig({ password: '1234', behaviour: { passwordResultOrder: 'limitFirst' } });
    expect(a.ask({ kind: 'passwordInput', password: '0001' })).toEqual([
      { kind: 'passwordResult', status: 0, retryCount: 10, retryLimit: 1 },
    ]);
    const b = rig({ behaviour: { deleteResult: 'requested' } });
    expect(b.ask({ kind: 'offlineDeleteNotes', section: 3, owner: 27, books: [1, 2] })).toEqual([
      { kind: 'offlineDeleteResult', books: [1, 2] },
    ]);
  });
});
