import { createStroke, dotsFrom, type PenEvent, type Stroke } from '@dotink/ink';
import { memoryLogger, pageAddress } from '@dotink/ncode';
import { describe, expect, it } from 'vitest';
import type { Pen } from './pen';
import { encodeRemoteMessage, type RemoteMessage } from './remoteMessages';
import { createRemotePenLink, feedRemoteStrokes, type RemoteStrokeSink } from './remotePen';

const MAC = 'AA:BB:CC:DD:EE:FF';
const PAGE = pageAddress(3, 27, 1068, 1);

function setup() {
  let deliver: (text: string | RemoteMessage) => void = () => undefined;
  const sent: string[] = [];
  const logger = memoryLogger();
  const attached: Pen[] = [];
  const events: PenEvent[] = [];
  const link = createRemotePenLink({
    channel: {
      send: (t) => sent.push(t),
      onMessage: (l) => {
        deliver = l;
      },
    },
    attach: (pen) => {
      attached.push(pen);
      pen.onEvent((e) => events.push(e));
    },
    logger,
  });
  const receive = (m: RemoteMessage) => deliver(encodeRemoteMessage(m));
  return {
    link,
    sent,
    logger,
    attached,
    events,
    receive,
    deliver: (t: string) => deliver(t),
    deliverDecoded: (m: RemoteMessage) => deliver(m),
  };
}

describe('remote pen link', () => {
  it('a connected message attaches a network pen; page and hover become pen events', () => {
    const { receive, attached, events } = setup();
    receive({ type: 'connected', mac: MAC, maxPressure: 1023 });
    expect(attached).toHaveLength(1);
    expect(attached[0]).toMatchObject({
      penId: MAC,
      inputType: 'network',
      state: 'connected',
      maxPressure: 1023,
    });
    receive({ type: 'page', mac: MAC, timeMs: 10, page: PAGE });
    receive({ type: 'hover', mac: MAC, timeMs: 11, xNu: 1.5, yNu: 2.5 });
    receive({ type: 'disconnected', mac: MAC, timeMs: 12 });
    expect(events).toEqual([
      { kind: 'page', penId: MAC, timeMs: 10, page: PAGE },
      { kind: 'hover', penId: MAC, timeMs: 11, xNu: 1.5, yNu: 2.5 },
      { kind: 'disconnect', penId: MAC, timeMs: 12 },
    ]);
    expect(attached[0]!.state).toBe('disconnected');
  });

  it('takes a message its channel decoded already exactly as its text', () => {
    const text = setup();
    const decoded = setup();
    const messages: RemoteMessage[] = [
      { type: 'connected', mac: MAC, maxPressure: 1023 },
      { type: 'page', mac: MAC, timeMs: 10, page: PAGE },
      { type: 'hover', mac: MAC, timeMs: 11, xNu: 1.5, yNu: 2.5 },
      { type: 'disconnected', mac: MAC, timeMs: 12 },
    ];
    for (const m of messages) {
      text.receive(m);
      decoded.deliverDecoded(m);
    }
    expect(decoded.attached.map((p) => [p.penId, p.maxPressure, p.state])).toEqual([
      [MAC, 1023, 'disconnected'],
    ]);
    expect(decoded.events).toEqual(text.events);
    expect(decoded.events).toHaveLength(3);
  });

  it('strokes arrive whole, and ours go out in the same form', () => {
    const a = setup();
    const b = setup();
    const stroke = createStroke(
      {
        key: 'k1',
        page: PAGE,
        mac: MAC,
        colorArgb: 0xff0000ff,
        thickness: 0.12,
        writerId: 'w',
        surfaceOwnerId: 'o',
      },
      dotsFrom([
        { xNu: 1, yNu: 2, force: 300, timeMs: 100 },
        { xNu: 2, yNu: 3, force: 310, timeMs: 110 },
      ]),
    );
    a.link.sendStroke(stroke);
    const got: Stroke[] = [];
    b.link.onStroke((s) => got.push(s));
    b.receive({ type: 'connected', mac: MAC });
    b.deliver(a.sent[0]!);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({
      key: 'k1',
      page: PAGE,
      mac: MAC,
      inputType: 'network',
      colorArgb: 0xff0000ff,
    });
    expect(got[0]!.dots.count).toBe(2);
    expect([...got[0]!.dots.timeMs]).toEqual([100, 110]);
  });

  it('erasures travel both ways', () => {
    const { link, receive, sent } = setup();
    const erased: string[][] = [];
    link.onErase((keys) => erased.push([...keys]));
    receive({ type: 'connected', mac: MAC });
    receive({ type: 'erase', mac: MAC, keys: ['a', 'b'] });
    link.sendErase(MAC, ['c']);
    expect(erased).toEqual([['a', 'b']]);
    expect(JSON.parse(sent[0]!)).toEqual({ v: 1, type: 'erase', mac: MAC, keys: ['c'] });
  });

  it('pen down is not supported; connect() is not implemented', () => {
    const { receive, link, logger, events } = setup();
    receive({ type: 'connected', mac: MAC });
    receive({ type: 'down', mac: MAC });
    expect(events).toEqual([]);
    expect(logger.lines.some((l) => l.level === 'error' && l.message === 'down() not implemented')).toBe(
      true,
    );
    expect(() => link.pen(MAC)!.connect()).toThrow('connect() not implemented');
    expect(() => link.pen(MAC)!.down()).toThrow('down() not implemented');
  });

  it('drops malformed messages and messages of unknown pens', () => {
    const { deliver, receive, events, logger } = setup();
    deliver('{oops');
    receive({ type: 'hover', mac: MAC, timeMs: 1, xNu: 1, yNu: 1 });
    expect(events).toEqual([]);
    expect(logger.lines.filter((l) => l.level === 'warn')).toHaveLength(2);
  });

  it('streams live remote strokes by key into the stroke builder calls', () => {
    const { link, receive } = setup();
    const calls: string[] = [];
    const sink: RemoteStrokeSink = {
      openRemote: (init) =>
        calls.push(`open ${init.key} ${init.page.page} ${init.brush.inputType} ${init.brush.mac}`),
      appendRemote: (key, dots) => calls.push(`dots ${key} ${dots.map((d) => d.xNu).join(',')}`),
      closeRemote: (key, timeMs) => calls.push(`close ${key} ${timeMs}`),
    };
    feedRemoteStrokes(link, sink);
    receive({ type: 'connected', mac: MAC });
    receive({
      type: 'strokeOpen',
      mac: MAC,
      stroke: {
        key: 'k',
        page: '3.27.1068.1',
        colorArgb: 0xff000000,
        thickness: 0.2,
        brushType: 0,
        penTipMode: 0,
        writerId: 'w',
        surfaceOwnerId: 'o',
        dots: [[1, 1, 100, 10]],
      },
    });
    receive({
      type: 'strokeDots',
      mac: MAC,
      key: 'k',
      dots: [
        [2, 2, 100, 20],
        [3, 3, 100, 30],
      ],
    });
    receive({ type: 'strokeClose', mac: MAC, key: 'k', timeMs: 40 });
    expect(calls).toEqual([`open k 1 network ${MAC}`, 'dots k 1', 'dots k 2,3', 'close k 40']);
  });
});
