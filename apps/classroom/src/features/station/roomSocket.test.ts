import { describe, expect, it } from 'vitest';
import { manualTimers as timers } from './manualTimers';
import { RESTART_CLOSE, RoomSocket, roomUrl, type SocketLike, TOKEN_EXPIRED_CLOSE } from './roomSocket';

class FakeSocket implements SocketLike {
  readyState = 0;
  onopen: ((ev: unknown) => void) | null = null;
  onclose: ((ev: { code: number }) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: unknown) => void) | null = null;
  readonly sent: string[] = [];
  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {}
  send(text: string) {
    this.sent.push(text);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

describe('RoomSocket', () => {
  it('offers the token as a subprotocol and reopens with back-off, saying the state on each open', async () => {
    const sockets: FakeSocket[] = [];
    const t = timers();
    let opens = 0;
    let token = 'tok1';
    const room = new RoomSocket({
      url: roomUrl('http://127.0.0.1:4000', 'session/7_abc'),
      token: () => token,
      create: (url, protocols) => {
        const s = new FakeSocket(url, protocols);
        sockets.push(s);
        return s;
      },
      timers: t,
      random: () => 0,
      onOpen: () => opens++,
      onTokenExpired: async () => {
        token = 'tok2';
      },
    });
    expect(sockets[0]!.url).toBe('ws://127.0.0.1:4000/realtime/v1/rooms/session/7_abc');
    expect(sockets[0]!.protocols).toEqual(['bearer.tok1', 'dotink.remote.v1']);
    expect(room.send('x')).toBe(false); // not open yet: dropped
    sockets[0]!.open();
    expect(opens).toBe(1);
    expect(room.send('hello')).toBe(true);
    expect(sockets[0]!.sent).toEqual(['hello']);

    sockets[0]!.drop();
    expect(room.state).toBe('waiting');
    expect(t.fire()).toBe(500);
    sockets[1]!.drop();
    expect(t.fire()).toBe(1000);
    sockets[2]!.open();
    expect(opens).toBe(2);

    // an expired token: signed in again before the next try
    sockets[2]!.drop(TOKEN_EXPIRED_CLOSE);
    expect(t.fire()).toBe(500);
    await new Promise((r) => setTimeout(r, 0));
    expect(sockets[3]!.protocols[0]).toBe('bearer.tok2');

    room.close();
    expect(room.state).toBe('closed');
    expect(t.pending).toHaveLength(0);
  });

  it('connects again at once when the server restarts (1012), then backs off if that fails', () => {
    const sockets: FakeSocket[] = [];
    const t = timers();
    const room = new RoomSocket({
      url: roomUrl('http://127.0.0.1:4000', 'session/7_abc'),
      token: () => 'tok',
      create: (url, protocols) => {
        const s = new FakeSocket(url, protocols);
        sockets.push(s);
        return s;
      },
      timers: t,
      random: () => 0,
      onOpen: () => undefined,
      onTokenExpired: async () => undefined,
    });
    sockets[0]!.open();
    sockets[0]!.drop(RESTART_CLOSE);
    expect(RESTART_CLOSE).toBe(1012);
    expect(t.fire()).toBe(0);
    sockets[1]!.drop();
    expect(t.fire()).toBe(1000);
    sockets[2]!.open();
    room.close();
  });

  it('gives the socket up at once when the network goes (its close may never come), then tries again', () => {
    const sockets: FakeSocket[] = [];
    const t = timers();
    const states: string[] = [];
    const room = new RoomSocket({
      url: roomUrl('http://127.0.0.1:4000', 'session/7_abc'),
      token: () => 'tok',
      create: (url, protocols) => {
        const s = new FakeSocket(url, protocols);
        sockets.push(s);
        return s;
      },
      timers: t,
      random: () => 0,
      onOpen: () => undefined,
      onState: (s) => states.push(s),
    });
    sockets[0]!.open();
    // a dead network: close() never answers with a close event
    room.lost();
    expect(room.state).toBe('waiting');
    expect(room.send('x')).toBe(false);
    expect(sockets[0]!.readyState).toBe(3);
    // a second 'offline' changes nothing; the retry opens a new socket
    room.lost();
    expect(t.pending).toHaveLength(1);
    t.fire();
    sockets[1]!.open();
    expect(room.state).toBe('open');
    expect(states).toEqual(['open', 'waiting', 'connecting', 'open']);
    room.close();
  });
});
