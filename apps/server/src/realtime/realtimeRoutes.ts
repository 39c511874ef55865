/**
 * Realtime pen events over WebSocket: `GET /realtime/v1/rooms/{room}` (rooms in rooms.ts).
 *
 * - **Authentication**: the same bearer access tokens as the API, given as an `Authorization`
 *   header, as the subprotocol `bearer.<token>` (browsers cannot set headers; offer it with
 *   `dotink.remote.v1` or `dotink.remote.v2`, which the server selects, v2 first), or as the
 *   `access_token` query parameter.
 *   Refusals are plain HTTP answers before the upgrade: 401, 403, 404 (unknown lesson), 400,
 *   410 (a lesson's room after it closed: the lesson's end + 30 minutes).
 * - **Messages**: each WebSocket text message is one remote-pen message of `@dotink/pen`
 *   (`remoteMessages.ts`, version 1), passed on unchanged, so the socket is a `RemoteChannel` for
 *   `createRemotePenLink`. Under v2 a frame from the server may carry several messages, one per
 *   line (`splitRemoteFrame`): a member gets each event-loop turn's messages in one frame
 *   (hub.ts). The server's own message, the relay status of `@dotink/contracts/realtimeStatus`,
 *   tells a lesson's teachers while this process's bus is down. A student may publish only messages of the student's registered pen
 *   and strokes written by the student. Close codes: 1003 binary data, 1007 not a remote-pen
 *   message, 1008 not allowed (a viewer publishing, another pen's message, another writer's
 *   stroke, more messages than the connection's budget — REALTIME_MESSAGES_PER_SECOND on average,
 *   REALTIME_MESSAGE_BURST at once, or more bytes than the account's budget —
 *   REALTIME_KB_PER_SECOND/_BURST), 1009 a message over REALTIME_KB_BURST or 1 MiB (at its
 *   header), 4001 token expired or revoked (checked every 30 s), 4002 the lesson's room closed
 *   (checked every second); a slow consumer is terminated (1006 at the client). After 1003, 1007
 *   or 1008 nothing more is read and the connection ends a second later.
 * - **Fan-out**: through the bus: in-process on PGlite, PostgreSQL LISTEN/NOTIFY when the server
 *   runs on `DATABASE_URL` (several processes share rooms).
 */
import { randomUUID } from 'node:crypto';
import websocket from '@fastify/websocket';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { sendFailure } from '../http/errors';
import { authOf, bearerToken } from '../platform/bearer';
import { busCheck } from '../platform/dependencyChecks';
import type { AppPlugin } from '../platform/types';
import { memoryBus, type RealtimeBus } from './bus';
import { type Connection, RealtimeHub } from './hub';
import { pgBus } from './pgBus';
import { CloseReason, publishGuard } from './publishGuard';
import { byteBudget, type CostGate, messageBudget } from './rateLimit';
import { joinRoom, type Membership, RoomMessage, RoomRefused } from './rooms';

export { CloseReason } from './publishGuard';

/** The subprotocol the server speaks (the remote-pen JSON messages, version 1: one a frame). */
export const REALTIME_PROTOCOL = 'dotink.remote.v1';
/**
 * Version 2, chosen over version 1 when a client offers it: the same messages, but a frame the
 * server sends may carry several, one per line (frames to the server still carry one).
 */
export const REALTIME_BATCH_PROTOCOL = 'dotink.remote.v2';
/** The subprotocol prefix carrying a bearer token. */
export const BEARER_PROTOCOL_PREFIX = 'bearer.';
/** Largest message accepted. */
export const MAX_REALTIME_MESSAGE_BYTES = 1024 * 1024;
export const ROOMS_PATH = '/realtime/v1/rooms/';
/**
 * Draining, the pupils' sockets are closed over this long (at most half the drain's delay,
 * SHUTDOWN_DELAY_MS), after the teachers' (hub.ts `drainMembers`).
 */
export const DRAIN_SPREAD_MS = 2000;
/** How long a socket the server closed for what its client sent stays connected after that. */
const CLOSE_GRACE_MS = 1000;

/** The token of an upgrade request given as a subprotocol or a query parameter. */
export function upgradeToken(request: FastifyRequest): string | undefined {
  const offered = String(request.headers['sec-websocket-protocol'] ?? '')
    .split(',')
    .map((p) => p.trim());
  const fromProtocol = offered.find((p) => p.startsWith(BEARER_PROTOCOL_PREFIX));
  if (fromProtocol) return fromProtocol.slice(BEARER_PROTOCOL_PREFIX.length);
  const query = request.query as Record<string, unknown> | undefined;
  return typeof query?.access_token === 'string' ? query.access_token : undefined;
}

export const realtimeRoutes: AppPlugin = async (app) => {
  const { config } = app.services;
  const bus: RealtimeBus = config.databaseUrl
    ? await pgBus({
        connectionString: config.databaseUrl,
        onError: (error) => app.log.warn({ err: error }, 'realtime bus'),
        log: {
          info: (message) => app.log.info(message),
          warn: (message) => app.log.warn(message),
          error: (message) => app.log.error(message),
        },
        clock: app.services.clock,
      })
    : memoryBus();
  app.services.readiness.add(busCheck(bus));
  const hub = new RealtimeHub(bus, {
    maxBufferedBytes: config.realtime.maxBufferedBytes,
    stillAllowed: async (c) => {
      const token = await app.services.provider.AccessToken.find(c.token);
      return Boolean(token && !token.isExpired && token.accountId === c.accountId);
    },
    onDrop: (c, reason) => app.log.info({ room: c.membership.room, reason }, 'realtime member dropped'),
    clock: app.services.clock,
  });
  // draining (SIGTERM): the teachers' sockets are closed with 1012 at once, the pupils' over
  // DRAIN_SPREAD_MS (within the drain's delay); new ones are refused below
  const stopDrainWatch = app.services.readiness.onDrain(() =>
    hub.drainMembers(Math.min(DRAIN_SPREAD_MS, config.shutdown.delayMs / 2)),
  );
  app.addHook('preClose', async () => {
    stopDrainWatch();
    hub.close();
  });
  app.addHook('onClose', async () => bus.close());

  await app.register(websocket, {
    options: {
      // a message the byte budget could never pay (over REALTIME_KB_BURST) is refused at its
      // frame's header, 1009, before its payload is read and unmasked (0.85 MB took that work
      // for each message a hostile client sent; the rest of the connection is discarded unread)
      maxPayload: Math.min(MAX_REALTIME_MESSAGE_BYTES, config.realtime.byteBurst),
      // a text frame is read as UTF-8 (an invalid sequence becomes U+FFFD) and must then be a
      // remote-pen message (publishGuard.ts) before it is relayed as valid UTF-8: checking each
      // frame's bytes first was a tenth of the relay's work at 40 pens
      skipUTF8Validation: true,
      handleProtocols: (protocols) =>
        protocols.has(REALTIME_BATCH_PROTOCOL)
          ? REALTIME_BATCH_PROTOCOL
          : protocols.has(REALTIME_PROTOCOL)
            ? REALTIME_PROTOCOL
            : false,
    },
  });

  const memberships = new WeakMap<FastifyRequest, Membership>();
  // Open sockets of this process per account and per client address (`TRUST_PROXY`): a pen
  // station signs in 40 pupils from one computer, a NAT school several hundred from one address.
  const perAccount = new Map<string, number>();
  const perAddress = new Map<string, number>();
  const { maxSocketsPerAccount, maxSocketsPerAddress } = config.realtime;
  const countUp = (m: Map<string, number>, key: string) => m.set(key, (m.get(key) ?? 0) + 1);
  const countDown = (m: Map<string, number>, key: string) => {
    const n = (m.get(key) ?? 1) - 1;
    if (n <= 0) m.delete(key);
    else m.set(key, n);
  };
  // The byte budget is the account's, shared by its sockets and kept across reconnects until it
  // has refilled: a socket closed over it (1008) and opened again gets no fresh burst (ten pupil
  // sockets reconnecting with 0.42 MB messages had each relayed to the teacher).
  const byteBudgets = new Map<string, CostGate>();
  const byteBudgetOf = (accountId: string) => {
    let budget = byteBudgets.get(accountId);
    if (!budget) {
      const { bytesPerSecond, byteBurst } = config.realtime;
      budget = byteBudget({ perSecond: bytesPerSecond, burst: byteBurst }, app.services.clock);
      byteBudgets.set(accountId, budget);
    }
    return budget;
  };
  // forgotten once the account has no socket here and its budget is full again
  const forget = setInterval(() => {
    for (const [accountId, budget] of byteBudgets)
      if (!perAccount.has(accountId) && budget.full()) byteBudgets.delete(accountId);
  }, 60_000);
  forget.unref();
  app.addHook('onClose', async () => clearInterval(forget));
  const requireAuth = app.requireAuth();
  const admit = async (request: FastifyRequest, reply: FastifyReply) => {
    // a draining process takes no new socket: nginx (proxy_next_upstream http_503) or the app's
    // reconnect reaches another process
    if (app.services.readiness.draining) return sendFailure(reply, 503, RoomMessage.restarting);
    if (!request.headers.authorization) {
      const token = upgradeToken(request);
      if (token) request.headers.authorization = `Bearer ${token}`;
    }
    await requireAuth.call(app, request, reply);
    if (reply.sent) return reply;
    if ((perAccount.get(authOf(request).account.id) ?? 0) >= maxSocketsPerAccount)
      return sendFailure(reply, 429, RoomMessage.tooManySockets(maxSocketsPerAccount, 'account'));
    if ((perAddress.get(request.ip) ?? 0) >= maxSocketsPerAddress)
      return sendFailure(reply, 429, RoomMessage.tooManySockets(maxSocketsPerAddress, 'address'));
    // Reserved at once (upgrades arriving together are counted), given back when the connection
    // ends, upgraded or not.
    const accountId = authOf(request).account.id;
    const address = request.ip;
    countUp(perAccount, accountId);
    countUp(perAddress, address);
    request.raw.socket.once('close', () => {
      countDown(perAccount, accountId);
      countDown(perAddress, address);
    });
    try {
      const raw = (request.params as { '*'?: string })['*'] ?? '';
      let room: string;
      try {
        room = decodeURIComponent(raw);
      } catch {
        throw new RoomRefused(400, RoomMessage.unknownRoom);
      }
      const membership = await joinRoom(app.services.db, authOf(request), room, app.services.clock.nowMs());
      // the other processes' messages of the room reach this one before the socket opens; the
      // room is left when the connection ends, upgraded or not
      request.raw.socket.once('close', () => bus.leave(membership.room, membership.role));
      await bus.join(membership.room, membership.role);
      memberships.set(request, membership);
    } catch (error) {
      if (error instanceof RoomRefused) return sendFailure(reply, error.statusCode, error.message);
      throw error;
    }
    return undefined;
  };

  app.get(
    `${ROOMS_PATH}*`,
    {
      websocket: true,
      preHandler: admit,
      schema: {
        tags: ['realtime'],
        summary: 'A realtime room (WebSocket): remote-pen JSON messages of a lesson or a board',
        security: [{ bearer: [] }],
      },
    },
    (socket: WebSocket, request) => {
      const membership = memberships.get(request);
      if (!membership) {
        socket.close(1011, 'not admitted');
        return;
      }
      const accountId = authOf(request).account.id;
      const token = bearerToken(request.headers.authorization) ?? '';
      const connection: Connection = {
        id: randomUUID(),
        accountId,
        membership,
        token,
        socket,
        batched: socket.protocol === REALTIME_BATCH_PROTOCOL,
      };
      const check = publishGuard(membership, accountId);
      hub.add(connection);
      const { messagesPerSecond, messageBurst, bytesPerSecond } = config.realtime;
      const withinBudget = messageBudget(
        { perSecond: messagesPerSecond, burst: messageBurst },
        app.services.clock,
      );
      const withinBytes = byteBudgetOf(accountId);
      // Closing for something the client sent: nothing more is read from it (a client that ignores
      // the close and goes on sending costs no more reading and unmasking), and the connection
      // ends CLOSE_GRACE_MS later (ws would wait 30 s for the client's answer to the close).
      const refuse = (code: number, reason: string) => {
        socket.close(code, reason);
        socket.pause();
        setTimeout(() => socket.terminate(), CLOSE_GRACE_MS).unref();
      };
      socket.on('message', (data, isBinary) => {
        // Once the server decided to close the socket (1008, 4001, 4002 …), nothing more it
        // receives is relayed, even from a client that ignores the close.
        if (socket.readyState !== socket.OPEN) return;
        if (!withinBudget()) {
          refuse(1008, CloseReason.tooMany(messagesPerSecond));
          return;
        }
        const bytes = Array.isArray(data)
          ? data.reduce((n, b) => n + b.length, 0)
          : data instanceof ArrayBuffer
            ? data.byteLength
            : data.length;
        if (!withinBytes(bytes)) {
          refuse(1008, CloseReason.tooManyBytes(bytesPerSecond));
          return;
        }
        if (isBinary) {
          refuse(1003, CloseReason.binary);
          return;
        }
        const text = Array.isArray(data) ? Buffer.concat(data).toString('utf8') : data.toString('utf8');
        const refused = check(text);
        if (refused) {
          refuse(refused.code, refused.reason);
          return;
        }
        // a raw line break is only ever whitespace between JSON tokens: as a space the message
        // means the same and stays one line of a v2 frame (a line of its own could pose as another)
        hub
          .publish(connection, /[\r\n]/.test(text) ? text.replace(/[\r\n]/g, ' ') : text)
          .catch((error) => request.log.warn({ err: error }, 'realtime publish failed'));
      });
    },
  );
};
