import type { PenEvent } from '@dotink/ink';
import { pageAddress } from '@dotink/ncode';
import { describe, expect, it } from 'vitest';
import { decodeDeviceFrame } from '../protocol/deviceDecode';
import type { DeviceMessage } from '../protocol/deviceMessages';
import { FrameReassembler } from '../protocol/framing';
import type { HostRequest } from '../protocol/hostRequests';
import { PenEventDecoder } from '../protocol/penEventDecoder';
import { manualScheduler } from '../session/scheduler';
import { createPenSimulator, type PenSimulatorOptions } from './penSimulator';
import { seededPrng } from './runtime';
import { cadenceDtMs, dot, handwriting, lineStroke, type ScriptItem } from './script';
import { attachSimHost } from './simHost';

const T0 = 1_700_000_000_000;
const PAGE = pageAddress(3, 27, 1068, 1);

function rig(opts: Partial<PenSimulatorOptions> = {}, requested = '2.18') {
  const scheduler = manualScheduler(T0);
  const sim = createPenSimulator({ scheduler, ...opts });
  const host = attachSimHost(sim);
  sim.connect();
  const ask = (req: HostRequest) => {
    host.send(req);
    scheduler.runDue();
    return host.take();
  };
  ask({ kind: 'versionRequest', protocolVersion: requested });
  const play = (items: ScriptItem[]) => {
    sim.script.play(items);
    scheduler.advance(60_000);
    return host.take();
  };
  return { scheduler, sim, host, ask, play };
}

const kinds = (ms: readonly DeviceMessage[]) => ms.map((m) => m.kind);

describe('simulator streaming', () => {
  it('streams a stroke as 0x69, 0x6B, 0x6C…, 0x6A with a shared counter from 0, at ~96 dots/s', () => {
    const { ask, play } = rig();
    ask({ kind: 'onlineDataRequest', notes: 'all' });
    const msgs = play([lineStroke(PAGE, { xNu: 10, yNu: 10 }, { xNu: 20, yNu: 10 }, 96)]);
    expect(kinds(msgs)).toEqual(['penDown', 'pageInfo', ...Array(96).fill('dot'), 'penUp']);
    expect(msgs.map((m) => ('ec' in m ? m.ec : -1))).toEqual(msgs.map((_, i) => i));
    const dts = msgs.filter((m) => m.kind === 'dot').map((m) => (m as { dtMs: number }).dtMs);
    expect(dts.reduce((a, b) => a + b, 0)).toBe(1000);
    expect(msgs[0]).toMatchObject({ kind: 'penDown', timeMs: T0, colorArgb: 0xff000000 });
    expect(msgs.at(-1)).toMatchObject({ kind: 'penUp', dotCount: 96, timeMs: T0 + 1000 + 9 });
    expect(msgs[1]).toMatchObject({ section: 3, owner: 27, book: 1068, page: 1 });
    expect(msgs[2]).toMatchObject({ x: 10, fx: 0, y: 10, fy: 0 });
  });

  it('streams nothing before 0x11 and restarts the counter at 0 after a reconnect', () => {
    const { ask, play, sim } = rig();
    const stroke = lineStroke(PAGE, { xNu: 1, yNu: 1 }, { xNu: 2, yNu: 2 }, 3);
    expect(play([stroke])).toEqual([]);
    ask({ kind: 'onlineDataRequest', notes: 'all' });
    play([stroke]);
    sim.disconnect();
    sim.connect();
    ask({ kind: 'onlineDataRequest', notes: 'all' });
    expect(play([stroke])[0]).toMatchObject({ kind: 'penDown', ec: 0 });
  });

  it('decodes through PenEventDecoder to pen-down time plus the running dt sum', () => {
    const { ask, play, scheduler } = rig();
    ask({ kind: 'onlineDataRequest', notes: 'all' });
    const dec = new PenEventDecoder({ penId: 'p', clock: scheduler });
    const events = play([
      { kind: 'stroke', page: PAGE, samples: [dot(1.25, 2.5, 100, 7), dot(3, 4.99, 200, 13)] },
    ]).flatMap((m) => dec.decodeAll(m));
    expect(events).toEqual([
      { kind: 'down', penId: 'p', timeMs: T0, penTipMode: 0, colorArgb: 0xff000000 },
      { kind: 'page', penId: 'p', timeMs: T0, page: PAGE },
      { kind: 'move', penId: 'p', timeMs: T0 + 7, xNu: 1.25, yNu: 2.5, force: 100 },
      { kind: 'move', penId: 'p', timeMs: T0 + 20, xNu: 3, yNu: 4.99, force: 200 },
      { kind: 'up', penId: 'p', timeMs: T0 + 29 },
    ]);
  });

  it('sends page changes mid-stroke and error dots with their consecutive count', () => {
    const { ask, play } = rig();
    ask({ kind: 'onlineDataRequest', notes: 'all' });
    const msgs = play([
      {
        kind: 'stroke',
        page: PAGE,
        samples: [
          dot(1, 1),
          { kind: 'error', brightness: 40, labelCount: 3 },
          { kind: 'error' },
          dot(2, 1),
          { kind: 'page', page: pageAddress(3, 27, 1068, 2) },
          dot(3, 1),
        ],
      },
    ]);
    expect(kinds(msgs)).toEqual([
      'penDown',
      'pageInfo',
      'dot',
      'dotError',
      'dotError',
      'dot',
      'pageInfo',
      'dot',
      'penUp',
    ]);
    expect(msgs[3]).toMatchObject({ brightness: 40, labelCount: 3, errorCount: 1 });
    expect(msgs[4]).toMatchObject({ errorCount: 2 });
    expect(msgs[6]).toMatchObject({ page: 2 });
    expect(msgs[8]).toMatchObject({ dotCount: 3, totalImageCount: 5, successImageCount: 3 });
  });

  it('uses the legacy event set when the host asks for less than 2.12', () => {
    const { ask, play } = rig({}, '2.10');
    ask({ kind: 'onlineDataRequest', notes: 'all' });
    const msgs = play([{ kind: 'stroke', page: PAGE, samples: [dot(1, 1), { kind: 'error' }] }]);
    expect(kinds(msgs)).toEqual([
      'legacyPenUpDown',
      'legacyPageInfo',
      'legacyDot',
      'legacyDotError',
      'legacyPenUpDown',
    ]);
  });

  it('hovers with 0x6F from 2.18 with hover on, with ordinary dots below 2.18, and not at all with hover off', () => {
    const hover: ScriptItem = {
      kind: 'hover',
      page: PAGE,
      points: [
        { xNu: 5, yNu: 5 },
        { xNu: 5.5, yNu: 5 },
      ],
    };
    const on = { settings: { hover: true } };
    const a = rig(on);
    a.ask({ kind: 'onlineDataRequest', notes: 'all' });
    expect(kinds(a.play([hover]))).toEqual(['pageInfo', 'hoverDot', 'hoverDot']);
    const b = rig({ ...on, protocolVersion: '2.12' });
    b.ask({ kind: 'onlineDataRequest', notes: 'all' });
    expect(kinds(b.play([hover]))).toEqual(['pageInfo', 'dot', 'dot']);
    const c = rig();
    c.ask({ kind: 'onlineDataRequest', notes: 'all' });
    expect(c.play([hover])).toEqual([]);
  });

  it('stores strokes on notes outside the filter offline instead of streaming them', () => {
    const { ask, play, sim } = rig();
    ask({ kind: 'onlineDataRequest', notes: [{ section: 3, owner: 27, book: 9 }] });
    expect(play([lineStroke(PAGE, { xNu: 1, yNu: 1 }, { xNu: 2, yNu: 2 }, 5)])).toEqual([]);
    expect(sim.inspect().offlineStrokes).toBe(1);
    ask({ kind: 'onlineDataRequest', notes: [{ section: 3, owner: 27, book: 'all' }] });
    expect(play([lineStroke(PAGE, { xNu: 1, yNu: 1 }, { xNu: 2, yNu: 2 }, 5)])).toHaveLength(8);
  });

  it('sends low battery, and power off followed by a link drop', () => {
    const { play, host, sim } = rig();
    expect(play([{ kind: 'lowBattery', levelPercent: 9 }])).toEqual([
      { kind: 'lowBattery', levelPercent: 9 },
    ]);
    expect(sim.inspect().settings.battery).toBe(9);
    expect(play([{ kind: 'powerOff', reason: 3 }])).toEqual([{ kind: 'powerOff', reason: 3 }]);
    expect(host.linkDrops).toBe(1);
    expect(sim.connected).toBe(false);
  });

  it('drops the link mid-stroke and keeps the rest of the stroke offline', () => {
    const { ask, play, host, sim } = rig();
    ask({ kind: 'onlineDataRequest', notes: 'all' });
    const msgs = play([
      lineStroke(PAGE, { xNu: 1, yNu: 1 }, { xNu: 9, yNu: 1 }, 10, { dropLinkAfterDots: 4 }),
    ]);
    expect(kinds(msgs)).toEqual(['penDown', 'pageInfo', 'dot', 'dot', 'dot', 'dot']);
    expect(host.linkDrops).toBe(1);
    expect(sim.inspect().offlineStrokes).toBe(1);
  });

  it('delivers the same messages under random splits, escape splits and garbage', () => {
    const script = handwriting(PAGE, seededPrng(7), 6, 40);
    const clean = rig();
    clean.ask({ kind: 'onlineDataRequest', notes: 'all' });
    const expected = clean.play(script);
    for (const notify of [
      { split: 'random' as const, size: 20 },
      { splitAfterEscape: true },
      { split: 'random' as const, size: 7, garbageProbability: 0.5, garbageMaxBytes: 6 },
    ]) {
      const noisy = rig({ notify, seed: 42 });
      noisy.ask({ kind: 'onlineDataRequest', notes: 'all' });
      const got = noisy.play(script);
      expect(got).toEqual(expected);
      if (notify.splitAfterEscape) {
        expect(noisy.host.notifications.some((n) => n.at(-1) === 0x7d)).toBe(true);
      }
    }
  });

  it('keeps the ~96 dots/s cadence with integer dts', () => {
    const dts = Array.from({ length: 96 }, (_, i) => cadenceDtMs(i));
    expect(new Set(dts)).toEqual(new Set([10, 11]));
    expect(dts.reduce((a, b) => a + b, 0)).toBe(1000);
  });

  it('turns a recorded stream into pen events that match the script', () => {
    const { ask, sim, scheduler } = rig();
    ask({ kind: 'onlineDataRequest', notes: 'all' });
    const r = new FrameReassembler();
    const dec = new PenEventDecoder({ penId: 'p', clock: scheduler });
    const events: PenEvent[] = [];
    sim.onNotify((b) => r.push(b, (f) => dec.decode(decodeDeviceFrame(f), (e) => events.push(e))));
    const script = handwriting(PAGE, seededPrng(3), 4, 30);
    sim.script.play(script);
    scheduler.advance(60_000);
    const moves = events.filter((e) => e.kind === 'move');
    expect(moves).toHaveLength(120);
    const first = script[0]!.samples[0] as { xNu: number; yNu: number };
    expect(moves[0]).toMatchObject({ xNu: expect.closeTo(first.xNu, 2), yNu: expect.closeTo(first.yNu, 2) });
    expect(events.filter((e) => e.kind === 'up')).toHaveLength(4);
  });
});
