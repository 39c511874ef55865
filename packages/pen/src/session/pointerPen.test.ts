import type { PenEvent } from '@dotink/ink';
import { pageAddress } from '@dotink/ncode';
import { describe, expect, it } from 'vitest';
import { bindPointerPen, createPointerPen, type PointerSample, pointerForce } from './pointerPen';

const PAGE = pageAddress(3, 27, 1068, 1);

function sample(
  p: Partial<PointerSample> & { clientX: number; clientY: number; timeStamp: number },
): PointerSample {
  return { pointerId: 1, pointerType: 'pen', pressure: 0.5, buttons: 1, ...p };
}

function setup(hasPage = true) {
  const page = hasPage ? PAGE : undefined;
  const pen = createPointerPen({
    toNu: (x, y) => (x < 0 ? undefined : { xNu: x / 10, yNu: y / 10 }),
    page: () => page,
    timeOriginMs: 1_700_000_000_000,
  });
  const events: PenEvent[] = [];
  pen.onEvent((e) => events.push(e));
  return { pen, events };
}

describe('pointer pen', () => {
  it("cancels a cancelled pointer's stroke (a pinch began): a cancel event, no up", () => {
    const { pen, events } = setup();
    pen.pointerDown(sample({ pointerType: 'touch', clientX: 100, clientY: 200, timeStamp: 10 }));
    pen.pointerMove(sample({ pointerType: 'touch', clientX: 110, clientY: 200, timeStamp: 12 }));
    pen.pointerCancel(sample({ pointerType: 'touch', clientX: 110, clientY: 200, timeStamp: 14 }));
    pen.pointerUp(sample({ pointerType: 'touch', clientX: 110, clientY: 200, timeStamp: 16, buttons: 0 }));
    expect(events.map((e) => e.kind)).toEqual(['down', 'page', 'move', 'move', 'cancel']);
  });

  it('is a connected mouse pen with max pressure 800', () => {
    const { pen } = setup();
    expect(pen.state).toBe('connected');
    expect(pen.inputType).toBe('mouse');
    expect(pen.maxPressure).toBe(800);
  });

  it('turns pressure into raw force with divisor 800; a mouse button counts as half', () => {
    expect(pointerForce(1, 1)).toBe(800);
    expect(pointerForce(0.25, 1)).toBe(200);
    expect(pointerForce(0, 1)).toBe(400);
    expect(pointerForce(0, 0)).toBe(0);
  });

  it('delivers down, page, then every coalesced sample, then up', () => {
    const { pen, events } = setup();
    pen.pointerDown(sample({ clientX: 100, clientY: 200, timeStamp: 10 }));
    const coalesced = [
      sample({ clientX: 110, clientY: 200, timeStamp: 12, pressure: 0.6 }),
      sample({ clientX: 120, clientY: 210, timeStamp: 14, pressure: 0.7 }),
      sample({ clientX: 130, clientY: 220, timeStamp: 16, pressure: 0.8 }),
    ];
    pen.pointerMove({ ...coalesced[2]!, getCoalescedEvents: () => coalesced });
    pen.pointerUp(sample({ clientX: 130, clientY: 220, timeStamp: 20, buttons: 0 }));
    expect(events.map((e) => e.kind)).toEqual(['down', 'page', 'move', 'move', 'move', 'move', 'up']);
    const moves = events.filter((e) => e.kind === 'move');
    expect(moves.map((m) => [m.xNu, m.yNu, m.force])).toEqual([
      [10, 20, 400],
      [11, 20, 480],
      [12, 21, 560],
      [13, 22, 640],
    ]);
    expect(events[0]!.timeMs).toBe(1_700_000_000_010);
    expect(events.at(-1)!.timeMs).toBe(1_700_000_000_020);
  });

  it('drops samples outside the page but keeps the stroke', () => {
    const { pen, events } = setup();
    pen.pointerDown(sample({ clientX: 10, clientY: 10, timeStamp: 1 }));
    pen.pointerMove(sample({ clientX: -5, clientY: 10, timeStamp: 2 }));
    pen.pointerUp(sample({ clientX: -5, clientY: 10, timeStamp: 3 }));
    expect(events.map((e) => e.kind)).toEqual(['down', 'page', 'move', 'up']);
  });

  it('draws nothing when no page is assigned', () => {
    const { pen, events } = setup(false);
    pen.pointerDown(sample({ clientX: 10, clientY: 10, timeStamp: 1 }));
    pen.pointerUp(sample({ clientX: 10, clientY: 10, timeStamp: 2 }));
    expect(events).toEqual([]);
  });

  it('ignores a second pointer while one draws', () => {
    const { pen, events } = setup();
    pen.pointerDown(sample({ clientX: 10, clientY: 10, timeStamp: 1 }));
    pen.pointerDown(sample({ pointerId: 2, clientX: 50, clientY: 50, timeStamp: 2 }));
    pen.pointerMove(sample({ pointerId: 2, clientX: 60, clientY: 50, timeStamp: 3 }));
    pen.pointerUp(sample({ pointerId: 2, clientX: 60, clientY: 50, timeStamp: 4 }));
    pen.pointerUp(sample({ clientX: 10, clientY: 10, timeStamp: 5 }));
    expect(events.map((e) => e.kind)).toEqual(['down', 'page', 'move', 'up']);
  });

  it('moves without a button are hover moves', () => {
    const { pen, events } = setup();
    pen.pointerMove(
      sample({ pointerType: 'mouse', buttons: 0, pressure: 0, clientX: 30, clientY: 40, timeStamp: 5 }),
    );
    expect(events.map((e) => e.kind)).toEqual(['page', 'hover']);
    expect(events[1]).toMatchObject({ xNu: 3, yNu: 4 });
  });

  it('disconnect closes an open stroke first', () => {
    const { pen, events } = setup();
    pen.pointerDown(sample({ clientX: 10, clientY: 10, timeStamp: 1 }));
    pen.disconnect();
    expect(events.map((e) => e.kind)).toEqual(['down', 'page', 'move', 'up', 'disconnect']);
    expect(pen.state).toBe('disconnected');
  });

  it('binds to an element: capture on down, and unbinds', () => {
    const { pen, events } = setup();
    const handlers = new Map<string, (e: PointerSample) => void>();
    const captured: number[] = [];
    const element = {
      addEventListener: (t: string, l: (e: PointerSample) => void) => handlers.set(t, l),
      removeEventListener: (t: string) => handlers.delete(t),
      setPointerCapture: (id: number) => captured.push(id),
    };
    const unbind = bindPointerPen(element, pen);
    handlers.get('pointerdown')!(sample({ pointerId: 7, clientX: 10, clientY: 10, timeStamp: 1 }));
    handlers.get('pointermove')!(sample({ pointerId: 7, clientX: 20, clientY: 10, timeStamp: 2 }));
    handlers.get('pointerup')!(sample({ pointerId: 7, clientX: 20, clientY: 10, timeStamp: 3 }));
    expect(captured).toEqual([7]);
    expect(events.map((e) => e.kind)).toEqual(['down', 'page', 'move', 'move', 'up']);
    unbind();
    expect(handlers.size).toBe(0);
  });
});
