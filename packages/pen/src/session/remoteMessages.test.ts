import { pageAddress } from '@dotink/ncode';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeRemoteMessage,
  encodeRemoteMessage,
  type RemoteMessage,
  splitRemoteFrame,
} from './remoteMessages';

const num = fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }).map((x) => x + 0); // no -0: JSON has none
const mac = fc.stringMatching(/^[0-9A-F]{2}(:[0-9A-F]{2}){5}$/);
const page = fc
  .tuple(fc.nat(20), fc.nat(1000), fc.nat(5000), fc.nat(500))
  .map(([s, o, b, p]) => pageAddress(s, o, b, p));
const dots = fc.array(fc.tuple(num, num, num, num));
const message: fc.Arbitrary<RemoteMessage> = fc.oneof(
  fc.record({ type: fc.constant('connected' as const), mac }),
  fc.record({ type: fc.constant('connected' as const), mac, maxPressure: fc.nat(2000) }),
  fc.record({ type: fc.constant('disconnected' as const), mac, timeMs: fc.nat() }),
  fc.record({ type: fc.constant('page' as const), mac, timeMs: fc.nat(), page }),
  fc.record({ type: fc.constant('hover' as const), mac, timeMs: fc.nat(), xNu: num, yNu: num }),
  fc.record({ type: fc.constant('erase' as const), mac, keys: fc.array(fc.string()) }),
  fc.record({ type: fc.constant('down' as const), mac }),
  fc.record({ type: fc.constant('strokeDots' as const), mac, key: fc.string(), dots }),
  fc.record({ type: fc.constant('strokeClose' as const), mac, key: fc.string(), timeMs: fc.nat() }),
  fc.record({
    type: fc.constantFrom('stroke' as const, 'strokeOpen' as const),
    mac,
    stroke: fc.record({
      key: fc.string(),
      page: page.map((p) => `${p.section}.${p.owner}.${p.book}.${p.page}`),
      colorArgb: fc.nat(0xffffffff),
      thickness: num,
      brushType: fc.constantFrom(0, 1, 2, 3, 4, 5, 8, 9) as fc.Arbitrary<0 | 1 | 2 | 3 | 4 | 5 | 8 | 9>,
      penTipMode: fc.constantFrom(0, 1) as fc.Arbitrary<0 | 1>,
      writerId: fc.string(),
      surfaceOwnerId: fc.string(),
      dots,
    }),
  }),
);

describe('remote messages', () => {
  it('decode(encode(m)) = m', () => {
    fc.assert(
      fc.property(message, (m) => {
        expect(decodeRemoteMessage(encodeRemoteMessage(m))).toEqual(m);
      }),
    );
  });

  it('never throws on arbitrary text; malformed messages are undefined', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), (text) => {
        decodeRemoteMessage(text);
      }),
    );
    expect(decodeRemoteMessage('{"v":1,"type":"page","mac":"a","timeMs":1,"page":"1.2.3"}')).toBeUndefined();
    expect(decodeRemoteMessage('{"v":2,"type":"connected","mac":"a"}')).toBeUndefined();
    expect(decodeRemoteMessage('{"v":1,"type":"connected"}')).toBeUndefined();
    expect(decodeRemoteMessage('not json')).toBeUndefined();
  });

  it('pages travel as "s.o.b.p"', () => {
    const text = encodeRemoteMessage({
      type: 'page',
      mac: 'm',
      timeMs: 5,
      page: pageAddress(3, 27, 1068, 1),
    });
    expect(JSON.parse(text)).toEqual({ v: 1, type: 'page', mac: 'm', timeMs: 5, page: '3.27.1068.1' });
  });

  it('a v2 frame of encoded messages, one a line, splits back into exactly those messages', () => {
    fc.assert(
      fc.property(fc.array(message, { minLength: 1, maxLength: 8 }), (ms) => {
        const texts = ms.map(encodeRemoteMessage);
        for (const t of texts) expect(t).not.toMatch(/[\r\n]/);
        const lines = splitRemoteFrame(texts.join('\n'));
        expect(lines).toEqual(texts);
        expect(lines.map(decodeRemoteMessage)).toEqual(texts.map(decodeRemoteMessage));
      }),
    );
  });
});
