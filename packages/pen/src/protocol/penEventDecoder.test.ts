import type { PenEvent } from '@dotink/ink';
import { manualClock, memoryLogger, pageAddress } from '@dotink/ncode';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromHex } from './bytes';
import { decodeDeviceFrame } from './deviceDecode';
import type { DeviceMessage } from './deviceMessages';
import { FrameReassembler } from './framing';
import { type PenAnomaly, PenEventDecoder, type PenEventDecoderOptions } from './penEventDecoder';

const T0 = 1_700_000_000_000;
const PAGE = pageAddress(3, 27, 1068, 1);

function setup(opts: Partial<PenEventDecoderOptions> = {}) {
  const clock = manualClock(5_000_000);
  const anomalies: PenAnomaly[] = [];
  const logger = memoryLogger();
  const dec = new PenEventDecoder({
    penId: 'pen1',
    clock,
    logger,
    onAnomaly: (a) => anomalies.push(a),
    ...opts,
  });
  const events: PenEvent[] = [];
  const feed = (...msgs: DeviceMessage[]) => {
    for (const m of msgs) dec.decode(m, (e) => events.push(e));
  };
  return { dec, clock, anomalies, logger, events, feed };
}

function wireMessages(hex: string): DeviceMessage[] {
  const out: DeviceMessage[] = [];
  new FrameReassembler().push(fromHex(hex), (f) => out.push(decodeDeviceFrame(f)));
  return out;
}

const STROKE_212 = [
  'C0 69 0E 00 00 00 68 E5 CF 8B 01 00 00 00 00 00 00 FF C1',
  'C0 6B 0D 00 01 1B 00 00 03 2C 04 00 00 01 00 00 00 C1',
  'C0 6C 0E 00 02 05 2C 01 1E 00 28 00 19 32 46 50 00 00 C1',
  'C0 6C 0E 00 03 0D A4 01 1F 00 28 00 0A 4B 46 50 00 00 C1',
  'C0 6C 0E 00 04 0D 7D E0 00 20 00 29 00 05 00 46 50 00 00 C1',
  'C0 6A 13 00 05 28 68 E5 CF 8B 01 00 00 03 00 04 00 04 00 03 00 03 00 C1',
].join(' ');

describe('PenEventDecoder', () => {
  it('turns the §12.3 stroke into down, page, three moves with absolute times, up', () => {
    const { events, feed, anomalies } = setup();
    feed(...wireMessages(STROKE_212));
    expect(events).toEqual([
      { kind: 'down', penId: 'pen1', timeMs: T0, penTipMode: 0, colorArgb: 0xff000000 },
      { kind: 'page', penId: 'pen1', timeMs: T0, page: PAGE },
      { kind: 'move', penId: 'pen1', timeMs: T0 + 5, xNu: 30.25, yNu: 40.5, force: 300 },
      { kind: 'move', penId: 'pen1', timeMs: T0 + 18, xNu: 31.1, yNu: 40.75, force: 420 },
      { kind: 'move', penId: 'pen1', timeMs: T0 + 31, xNu: 32.05, yNu: 41, force: 192 },
      { kind: 'up', penId: 'pen1', timeMs: T0 + 40 },
    ]);
    expect(anomalies).toEqual([]);
  });

  it('decodes the §12.4 legacy stroke the same way', () => {
    const { events, feed } = setup();
    feed(
      ...wireMessages(
        [
          'C0 63 0E 00 00 00 68 E5 CF 8B 01 00 00 00 00 00 00 FF C1',
          'C0 64 0C 00 1B 00 00 03 2C 04 00 00 01 00 00 00 C1',
          'C0 65 0D 00 05 2C 01 1E 00 28 00 19 32 46 50 00 00 C1',
          'C0 63 0E 00 01 28 68 E5 CF 8B 01 00 00 00 00 00 00 FF C1',
        ].join(' '),
      ),
    );
    expect(events.map((e) => e.kind)).toEqual(['down', 'page', 'move', 'up']);
    expect(events[2]).toMatchObject({ timeMs: T0 + 5, xNu: 30.25, yNu: 40.5, force: 300 });
    expect(events[3]).toMatchObject({ timeMs: T0 + 40 });
  });

  it('takes the first counter as baseline and reports gaps without dropping', () => {
    const { events, feed, anomalies } = setup();
    feed(
      { kind: 'penDown', ec: 7, timeMs: T0, penTipType: 0, colorArgb: 0 },
      { kind: 'pageInfo', ec: 8, section: 3, owner: 27, book: 1068, page: 1 },
      { kind: 'dot', ec: 10, dtMs: 5, force: 1, x: 1, y: 1, fx: 0, fy: 0, tiltX: 0, tiltY: 0, twist: 0 },
    );
    expect(events.map((e) => e.kind)).toEqual(['down', 'page', 'move']);
    expect(anomalies).toEqual([{ kind: 'eventCounterGap', timeMs: T0, expectedEc: 9, ec: 10 }]);
  });

  it('wraps the counter from 255 to 0 silently', () => {
    const { feed, anomalies } = setup();
    feed(
      { kind: 'penDown', ec: 255, timeMs: T0, penTipType: 0, colorArgb: 0 },
      { kind: 'pageInfo', ec: 0, section: 3, owner: 27, book: 1068, page: 1 },
    );
    expect(anomalies).toEqual([]);
  });

  it('closes a stroke left open by a missing pen up at its last dot', () => {
    const { events, feed, anomalies } = setup();
    feed(
      { kind: 'penDown', ec: 0, timeMs: T0, penTipType: 0, colorArgb: 0 },
      { kind: 'pageInfo', ec: 1, section: 3, owner: 27, book: 1068, page: 1 },
      { kind: 'dot', ec: 2, dtMs: 9, force: 1, x: 1, y: 1, fx: 0, fy: 0, tiltX: 0, tiltY: 0, twist: 0 },
      { kind: 'penDown', ec: 3, timeMs: T0 + 500, penTipType: 1, colorArgb: 0 },
    );
    expect(events.map((e) => e.kind)).toEqual(['down', 'page', 'move', 'up', 'down']);
    expect(events[3]).toEqual({ kind: 'up', penId: 'pen1', timeMs: T0 + 9 });
    expect(events[4]).toMatchObject({ penTipMode: 1 });
    expect(anomalies.map((a) => a.kind)).toEqual(['missingPenUp']);
  });

  it('drops dots that come before any page info in a stroke', () => {
    const { events, feed, anomalies } = setup();
    feed(
      { kind: 'penDown', ec: 0, timeMs: T0, penTipType: 0, colorArgb: 0 },
      { kind: 'dot', ec: 1, dtMs: 9, force: 1, x: 1, y: 1, fx: 0, fy: 0, tiltX: 0, tiltY: 0, twist: 0 },
    );
    expect(events.map((e) => e.kind)).toEqual(['down']);
    expect(anomalies.map((a) => a.kind)).toEqual(['missingPageInfo']);
  });

  it('treats dots outside a stroke as hover when hover mode is on (below 2.18)', () => {
    const { events, feed, clock } = setup({ hoverMode: true });
    feed({ kind: 'legacyDot', dtMs: 10, force: 0, x: 5, y: 6, fx: 50, fy: 0, tiltX: 0, tiltY: 0, twist: 0 });
    clock.advance(10);
    feed({ kind: 'legacyDot', dtMs: 10, force: 0, x: 5, y: 7, fx: 0, fy: 0, tiltX: 0, tiltY: 0, twist: 0 });
    expect(events).toEqual([
      { kind: 'hover', penId: 'pen1', timeMs: 5_000_000, xNu: 5.5, yNu: 6 },
      { kind: 'hover', penId: 'pen1', timeMs: 5_000_010, xNu: 5, yNu: 7 },
    ]);
  });

  it('synthesises a pen down for a dot without one when the page is known (WEB), else drops it', () => {
    const a = setup();
    a.feed({ kind: 'dot', ec: 0, dtMs: 9, force: 5, x: 1, y: 1, fx: 0, fy: 0, tiltX: 0, tiltY: 0, twist: 0 });
    expect(a.events).toEqual([]);
    a.feed({ kind: 'pageInfo', ec: 1, section: 3, owner: 27, book: 1068, page: 1 });
    a.feed({ kind: 'dot', ec: 2, dtMs: 9, force: 5, x: 1, y: 1, fx: 0, fy: 0, tiltX: 0, tiltY: 0, twist: 0 });
    expect(a.events.map((e) => e.kind)).toEqual(['page', 'down', 'page', 'move']);
    expect(a.anomalies.map((x) => x.kind)).toEqual(['missingPenDown', 'missingPenDown']);
    const b = setup({ synthesizeMissingDown: false });
    b.feed({ kind: 'pageInfo', ec: 1, section: 3, owner: 27, book: 1068, page: 1 });
    b.feed({ kind: 'dot', ec: 2, dtMs: 9, force: 5, x: 1, y: 1, fx: 0, fy: 0, tiltX: 0, tiltY: 0, twist: 0 });
    expect(b.events.map((e) => e.kind)).toEqual(['page']);
  });

  it('stamps hover dots on the host clock and follows their dts while they agree', () => {
    const { events, feed, clock } = setup();
    feed(...wireMessages('C0 6F 07 00 08 21 00 2A 00 32 32 C1'));
    clock.advance(9);
    feed({ kind: 'hoverDot', dtMs: 10, x: 34, y: 42, fx: 0, fy: 0 });
    clock.advance(5_000);
    feed({ kind: 'hoverDot', dtMs: 10, x: 35, y: 42, fx: 0, fy: 0 });
    expect(events).toEqual([
      { kind: 'hover', penId: 'pen1', timeMs: 5_000_000, xNu: 33.5, yNu: 42.5 },
      { kind: 'hover', penId: 'pen1', timeMs: 5_000_010, xNu: 34, yNu: 42 },
      { kind: 'hover', penId: 'pen1', timeMs: 5_005_009, xNu: 35, yNu: 42 },
    ]);
  });

  it('reports error dots with their image fields, adding their dt to the stroke time', () => {
    const { events, feed } = setup();
    feed(
      { kind: 'penDown', ec: 0, timeMs: T0, penTipType: 0, colorArgb: 0 },
      { kind: 'pageInfo', ec: 1, section: 3, owner: 27, book: 1068, page: 1 },
      {
        kind: 'dotError',
        ec: 2,
        dtMs: 12,
        force: 100,
        brightness: 30,
        exposureTime: 4,
        ndacProcessTime: 2,
        labelCount: 7,
        ndacErrorCode: 9,
        classType: 1,
        errorCount: 1,
      },
      { kind: 'dot', ec: 3, dtMs: 10, force: 5, x: 1, y: 1, fx: 0, fy: 0, tiltX: 0, tiltY: 0, twist: 0 },
    );
    expect(events[2]).toEqual({
      kind: 'ncodeError',
      penId: 'pen1',
      timeMs: T0 + 12,
      brightness: 30,
      exposureTime: 4,
      ncodeErrorCode: 9,
      labelCount: 7,
      classType: 1,
      errorCount: 1,
    });
    expect(events[3]).toMatchObject({ kind: 'move', timeMs: T0 + 22 });
  });

  it('passes a mid-stroke page change on at the running time', () => {
    const { events, feed } = setup();
    feed(
      { kind: 'penDown', ec: 0, timeMs: T0, penTipType: 0, colorArgb: 0 },
      { kind: 'pageInfo', ec: 1, section: 3, owner: 27, book: 1068, page: 1 },
      { kind: 'dot', ec: 2, dtMs: 10, force: 5, x: 1, y: 1, fx: 0, fy: 0, tiltX: 0, tiltY: 0, twist: 0 },
      { kind: 'pageInfo', ec: 3, section: 3, owner: 27, book: 1068, page: 2 },
      { kind: 'dot', ec: 4, dtMs: 10, force: 5, x: 1, y: 1, fx: 0, fy: 0, tiltX: 0, tiltY: 0, twist: 0 },
    );
    expect(events[3]).toEqual({
      kind: 'page',
      penId: 'pen1',
      timeMs: T0 + 10,
      page: pageAddress(3, 27, 1068, 2),
    });
    expect(events[4]).toMatchObject({ kind: 'move', timeMs: T0 + 20 });
  });

  it('reports a pen up without dots and can stamp ups with the last dot time', () => {
    const a = setup();
    a.feed(
      { kind: 'penDown', ec: 0, timeMs: T0, penTipType: 0, colorArgb: 0 },
      {
        kind: 'penUp',
        ec: 1,
        timeMs: T0 + 10,
        dotCount: 0,
        totalImageCount: 0,
        processedImageCount: 0,
        successImageCount: 0,
        sentImageCount: 0,
      },
    );
    expect(a.anomalies.map((x) => x.kind)).toEqual(['missingMove']);
    const b = setup({ upTime: 'lastDot' });
    b.feed(...wireMessages(STROKE_212));
    expect(b.events.at(-1)).toEqual({ kind: 'up', penId: 'pen1', timeMs: T0 + 31 });
  });

  it('flags a pen time below 10 000 ms (clock never set)', () => {
    const { feed, anomalies } = setup();
    feed({ kind: 'penDown', ec: 0, timeMs: 42, penTipType: 0, colorArgb: 0 });
    expect(anomalies).toEqual([{ kind: 'invalidTime', timeMs: 42 }]);
  });

  it('gives force-less 0x66 dots the maximum force', () => {
    const { events, feed, dec } = setup();
    dec.setMaxForce(1023);
    feed(
      { kind: 'legacyPenUpDown', up: false, timeMs: T0, penTipType: 0, colorArgb: 0 },
      { kind: 'legacyPageInfo', section: 0, owner: 1, book: 2, page: 3 },
      { kind: 'legacyDotLowSpeed', dtMs: 3, x: 4, y: 5, fx: 6, fy: 7 },
    );
    expect(events[2]).toEqual({
      kind: 'move',
      penId: 'pen1',
      timeMs: T0 + 3,
      xNu: 4.06,
      yNu: 5.07,
      force: 1023,
    });
  });

  it('on disconnect closes an open stroke, emits disconnect and forgets the counter', () => {
    const { events, feed, dec, anomalies } = setup();
    feed(...wireMessages(STROKE_212).slice(0, 3));
    dec.disconnect((e) => events.push(e));
    expect(events.slice(-2)).toEqual([
      { kind: 'up', penId: 'pen1', timeMs: T0 + 5 },
      { kind: 'disconnect', penId: 'pen1', timeMs: 5_000_000 },
    ]);
    expect(dec.inStroke).toBe(false);
    feed({ kind: 'penDown', ec: 200, timeMs: T0, penTipType: 0, colorArgb: 0 });
    expect(anomalies.map((a) => a.kind)).toEqual(['missingPenUp']);
  });

  it('keeps dot times equal to pen-down time plus the running sum of dts', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 1, maxLength: 50 }), (dts) => {
        const { events, feed } = setup();
        feed(
          { kind: 'penDown', ec: 0, timeMs: T0, penTipType: 0, colorArgb: 0 },
          { kind: 'pageInfo', ec: 1, section: 3, owner: 27, book: 1068, page: 1 },
        );
        dts.forEach((dtMs, i) => {
          feed({
            kind: 'dot',
            ec: (i + 2) & 0xff,
            dtMs,
            force: 1,
            x: 1,
            y: 1,
            fx: 0,
            fy: 0,
            tiltX: 0,
            tiltY: 0,
            twist: 0,
          });
        });
        let t = T0;
        const times = dts.map((d) => {
          t += d;
          return t;
        });
        expect(events.filter((e) => e.kind === 'move').map((e) => e.timeMs)).toEqual(times);
      }),
    );
  });
});

describe('PenEventDecoder anomalies in the log', () => {
  const dot = (ec: number) => ({
    kind: 'dot' as const,
    ec,
    dtMs: 9,
    force: 1,
    x: 1,
    y: 1,
    fx: 0,
    fy: 0,
    tiltX: 0,
    tiltY: 0,
    twist: 0,
  });
  const page = (ec: number) => ({
    kind: 'pageInfo' as const,
    ec,
    section: 3,
    owner: 27,
    book: 1068,
    page: 1,
  });

  it('warns of each anomaly in words, with the anomaly', () => {
    const { feed, logger } = setup();
    feed(
      { kind: 'penDown', ec: 0, timeMs: 42, penTipType: 0, colorArgb: 0 },
      dot(1),
      page(3),
      dot(4),
      { kind: 'penDown', ec: 5, timeMs: T0, penTipType: 0, colorArgb: 0 },
      {
        kind: 'penUp',
        ec: 6,
        timeMs: T0 + 10,
        dotCount: 0,
        totalImageCount: 0,
        processedImageCount: 0,
        successImageCount: 0,
        sentImageCount: 0,
      },
      dot(7),
    );
    expect(logger.lines.filter((l) => l.level === 'warn').map((l) => [l.message, l.details])).toEqual([
      ['invalid pen time (RTC not set)', [{ kind: 'invalidTime', timeMs: 42 }]],
      ['missing page change: dot dropped', [{ kind: 'missingPageInfo', timeMs: 51 }]],
      ['event counter gap', [{ kind: 'eventCounterGap', timeMs: 51, expectedEc: 2, ec: 3 }]],
      ['missing pen up: stroke closed at its last dot', [{ kind: 'missingPenUp', timeMs: 60 }]],
      ['missing move: pen up without dots', [{ kind: 'missingMove', timeMs: T0 + 10 }]],
      ['missing pen down', [{ kind: 'missingPenDown', timeMs: 5_000_000 }]],
    ]);
  });
});
