import { describe, expect, it } from 'vitest';
import { parseRelayStatus, relayStatusText } from './realtimeStatus';

describe('relay status', () => {
  it('reads back the state it writes', () => {
    expect(parseRelayStatus(relayStatusText('reconnecting'))).toBe('reconnecting');
    expect(parseRelayStatus(relayStatusText('ok'))).toBe('ok');
    expect(relayStatusText('ok')).toBe('{"v":1,"type":"relay","state":"ok"}');
  });

  it('is never a pen message, nor anything malformed', () => {
    expect(
      parseRelayStatus('{"v":1,"type":"strokeDots","mac":"9C:7B:D2:00:00:01","key":"k","dots":[]}'),
    ).toBe(undefined);
    expect(parseRelayStatus('{"v":1,"type":"relay","state":"gone"}')).toBe(undefined);
    expect(parseRelayStatus('{"v":1,"type":"relay"')).toBe(undefined);
    expect(parseRelayStatus('{"v":2,"type":"relay","state":"ok"}')).toBe(undefined);
  });
});
