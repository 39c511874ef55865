import type { PenEvent } from '@dotink/ink';
import { pageAddress } from '@dotink/ncode';
import { describe, expect, it } from 'vitest';
import { createNativeHostPenBridge } from './nativeHostPen';
import type { Pen } from './pen';

const MAC = '9C:7B:D2:12:34:56';
const P1 = pageAddress(3, 27, 1068, 1);
const P2 = pageAddress(3, 27, 1068, 2);

function setup() {
  const attached: Pen[] = [];
  const events: PenEvent[] = [];
  const bridge = createNativeHostPenBridge({
    attach: (pen) => {
      attached.push(pen);
      pen.onEvent((e) => events.push(e));
    },
  });
  return { bridge, attached, events };
}

describe('native host pen', () => {
  it('a call before any mac was given throws', () => {
    const { bridge } = setup();
    expect(() => bridge.down({ timestamp: 1 })).toThrow('mac address was not given before');
    expect(() => bridge.connected({})).toThrow('mac address was not given before');
  });

  it('events for a mac that did not connect throw', () => {
    const { bridge } = setup();
    expect(() => bridge.down({ mac: MAC, timestamp: 1 })).toThrow('mac address was not registered');
    bridge.connected({ mac: MAC });
    bridge.disconnected({ mac: MAC });
    expect(() => bridge.move({ mac: MAC, x: 1, y: 1 })).toThrow('mac address was not registered');
  });

  it('connected attaches an sdk pen once; down/move/up become pen events', () => {
    const { bridge, attached, events } = setup();
    bridge.connected({ mac: MAC, timestamp: 1000 });
    expect(attached).toHaveLength(1);
    expect(attached[0]!.inputType).toBe('sdk');
    expect(attached[0]!.state).toBe('connected');
    bridge.down({ mac: MAC, timestamp: 1000, pageInfo: P1, x: 10, y: 20, f: 300 });
    bridge.move({ x: 11, y: 21, f: 310, deltaTime: 10, pageInfo: P1 });
    bridge.move({ x: 12, y: 22, f: 320, deltaTime: 10 });
    bridge.up({ deltaTime: 5 });
    expect(events.map((e) => e.kind)).toEqual(['down', 'page', 'move', 'move', 'move', 'up']);
    const moves = events.filter((e) => e.kind === 'move');
    expect(moves.map((m) => [m.timeMs, m.xNu, m.yNu, m.force])).toEqual([
      [1000, 10, 20, 300],
      [1010, 11, 21, 310],
      [1020, 12, 22, 320],
    ]);
    expect(events.at(-1)).toEqual({ kind: 'up', penId: MAC, timeMs: 1025 });
  });

  it('a page change inside a stroke is delivered before the dot', () => {
    const { bridge, events } = setup();
    bridge.connected({ mac: MAC });
    bridge.down({ mac: MAC, timestamp: 5, pageInfo: P1, x: 1, y: 1, f: 1 });
    bridge.move({ mac: MAC, deltaTime: 1, pageInfo: P2, x: 2, y: 2, f: 1 });
    expect(events.map((e) => e.kind)).toEqual(['down', 'page', 'move', 'page', 'move']);
    expect(events[3]).toMatchObject({ kind: 'page', page: P2 });
  });

  it('disconnected closes the open stroke and reports disconnect', () => {
    const { bridge, attached, events } = setup();
    bridge.connected({ mac: MAC });
    bridge.down({ mac: MAC, timestamp: 5, pageInfo: P1, x: 1, y: 1, f: 1 });
    bridge.disconnected({ mac: MAC, deltaTime: 3 });
    expect(events.map((e) => e.kind)).toEqual(['down', 'page', 'move', 'up', 'disconnect']);
    expect(attached[0]!.state).toBe('disconnected');
  });

  it('the host owns the connection: connect() is not implemented', () => {
    const { bridge } = setup();
    bridge.connected({ mac: MAC });
    expect(() => bridge.pen(MAC)!.connect()).toThrow('connect() not implemented');
  });
});
