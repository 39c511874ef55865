import { BrushType, type PenEvent } from '@dotink/ink';
import { memoryLogger, pageAddress } from '@dotink/ncode';
import { describe, expect, it } from 'vitest';
import { createNativeHostPenBridge } from '../session/nativeHostPen';
import type { Pen } from '../session/pen';
import { penCore } from '../session/penCore';
import { createPenManager } from './penManager';

const A = '9C:7B:D2:00:00:0A';
const B = '9C:7B:D2:00:00:0B';
const P1 = pageAddress(3, 27, 1068, 1);
const P2 = pageAddress(3, 27, 1068, 2);

function setup(options: Parameters<typeof createPenManager>[0] = {}) {
  const logger = memoryLogger();
  const manager = createPenManager({ logger, ...options });
  const bridge = createNativeHostPenBridge({ attach: manager.attach });
  return { logger, manager, bridge };
}

describe('pen manager', () => {
  it('adds pens on connect, removes them on disconnect, and publishes the count', () => {
    const { manager, bridge } = setup();
    const counts: number[] = [];
    manager.onCountChange((n) => counts.push(n));
    bridge.connected({ mac: A });
    bridge.connected({ mac: B });
    expect(manager.connectedCount).toBe(2);
    expect(manager.entries().map((e) => e.mac)).toEqual([A, B]);
    expect(manager.get(A)).toMatchObject({ mac: A, inputType: 'sdk', connected: true, maxPressure: 852 });
    bridge.disconnected({ mac: A });
    expect(manager.get(A)).toBeUndefined();
    expect(counts).toEqual([1, 2, 1]);
  });

  it('a pen disconnecting without having been added is logged', () => {
    const { manager, logger } = setup();
    const core = penCore('X');
    const pen: Pen = {
      penId: 'X',
      inputType: 'pen',
      get state() {
        return core.state;
      },
      maxPressure: 852,
      onEvent: (l) => core.events.add(l),
      onStateChange: (l) => core.states.add(l),
      connect: async () => true,
      disconnect: () => core.setState('disconnected'),
    };
    manager.attach(pen);
    core.setState('connecting');
    core.setState('disconnected');
    expect(logger.lines).toEqual([]); // a failed attempt is not something wrong
    core.setState('disconnected', { message: 'link lost' });
    expect(logger.lines.map((l) => l.message)).toContain(
      'PenManager: something wrong, un-added pen disconnected',
    );
  });

  it('forwards events of added pens with their entry', () => {
    const { manager, bridge } = setup();
    const seen: [PenEvent['kind'], string][] = [];
    manager.onEvent((e, entry) => seen.push([e.kind, entry.mac]));
    bridge.connected({ mac: A });
    bridge.down({ mac: A, timestamp: 1, pageInfo: P1, x: 1, y: 1, f: 1 });
    bridge.up({ mac: A });
    expect(seen).toEqual([
      ['down', A],
      ['page', A],
      ['move', A],
      ['up', A],
    ]);
  });

  it('keeps brush colour and thickness per brush type, per pen', () => {
    const { manager, bridge } = setup({ writerId: 'me', surfaceOwnerId: 'doc' });
    bridge.connected({ mac: A });
    bridge.connected({ mac: B });
    manager.setBrushStyle(A, BrushType.pen, { colorArgb: 0xffff0000, thickness: 0.08 });
    manager.setBrushStyle(A, BrushType.marker, { colorArgb: 0xffffff00 });
    expect(manager.strokeStyle(A)).toEqual({
      mac: A,
      inputType: 'sdk',
      brushType: BrushType.pen,
      colorArgb: 0xffff0000,
      thickness: 0.08,
      writerId: 'me',
      surfaceOwnerId: 'doc',
    });
    manager.setBrushType(A, BrushType.marker);
    expect(manager.strokeStyle(A)).toMatchObject({
      brushType: BrushType.marker,
      colorArgb: 0xffffff00,
      thickness: 0.08,
    });
    expect(manager.strokeStyle(B)).toMatchObject({
      brushType: BrushType.pen,
      colorArgb: 0xff000000,
      thickness: 0.2,
    });
    manager.setWriterId(B, 'other');
    expect(manager.get(B)!.writerId).toBe('other');
  });

  it('follows page changes only of allowed writers, when a list is given', () => {
    const { manager, bridge } = setup({ allowedWriters: ['teacher'] });
    const changes: [string, string][] = [];
    manager.onPageChange((p, e) => changes.push([`${p.page}`, e.mac]));
    bridge.connected({ mac: A });
    bridge.connected({ mac: B });
    manager.setWriterId(A, 'teacher');
    manager.setWriterId(B, 'student');
    bridge.down({ mac: A, timestamp: 1, pageInfo: P1 });
    bridge.down({ mac: B, timestamp: 1, pageInfo: P2 });
    bridge.move({ mac: A, pageInfo: P2 });
    bridge.move({ mac: A, pageInfo: P2 });
    expect(changes).toEqual([
      ['1', A],
      ['2', A],
    ]);
    manager.setAllowedWriters(undefined);
    bridge.move({ mac: B, pageInfo: P1 });
    expect(changes.at(-1)).toEqual(['1', B]);
  });

  it('knows which Bluetooth devices are connecting or connected', () => {
    const { manager } = setup();
    const core = penCore('dev-1');
    const pen: Pen = {
      penId: 'dev-1',
      webBluetoothId: 'dev-1',
      inputType: 'pen',
      get state() {
        return core.state;
      },
      maxPressure: 852,
      onEvent: (l) => core.events.add(l),
      onStateChange: (l) => core.states.add(l),
      connect: async () => true,
      disconnect: () => undefined,
    };
    manager.attach(pen);
    expect(manager.isBusy('dev-1')).toBe(false);
    core.setState('connecting');
    expect(manager.isBusy('dev-1')).toBe(true);
    core.penId = A;
    core.setState('connected');
    expect(manager.get(A)?.webBluetoothId).toBe('dev-1');
    core.setState('disconnected');
    expect(manager.isBusy('dev-1')).toBe(false);
  });
});
