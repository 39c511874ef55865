/**
 * Realtime rooms and who may join them, as what:
 *
 * | room (URL path under /realtime/v1/rooms/) | member                                   | role      |
 * | ----------------------------------------- | ---------------------------------------- | --------- |
 * | `session/{courseId}_{sessionId}`          | a teacher of the lesson's class, or the school administrator (edu.read) | teacher |
 * |                                           | a student of the lesson's class (storage) | student  |
 * | `board/{ownerId}/{boardId}`               | the owner                                 | owner     |
 * |                                           | a student of a class the owner teaches    | viewer    |
 *
 * Teachers and owners receive everything and publish; students publish their own pen and
 * receive what teachers publish (not other pupils' ink); viewers only receive.
 *
 * A lesson's room (issue 16) is open until its closing time, the lesson's end + LIVE_GRACE_MINUTES
 * (`@dotink/contracts/eduLive`; read at join: a lesson moved later does not move the closing time
 * of sockets already in the room, they rejoin): from then a join is refused (410, teachers too —
 * the room is closed for everyone, the ink store keeps the lesson) and the sockets in it are
 * closed (4002, {@link ROOM_CLOSED_CLOSE}). Joining before the lesson's start is allowed (stations
 * and the teacher's screen are set up before the bell). A student publishes only messages of the
 * pen registered for the student (`students.mac_address`, looked up at join, compared in canonical
 * form): a message of another pen, or any message of a student without a registered pen, closes
 * the socket (1008, LiveMessage.otherPen). A stroke must also be the student's own (`writerId`).
 */
import { LiveMessage } from '@dotink/contracts/eduLive';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { closesAt, lessonFacts, pupilOfLesson, teachesLesson } from '../edu/live/liveLesson';
import type { AuthContext } from '../platform/types';
import type { RoomRole } from './bus';

/** A connection's place in a room. */
export interface Membership {
  readonly room: string;
  readonly role: RoomRole;
  /** A lesson's room: when it closes (epoch ms); its sockets are closed then. */
  readonly closesAtMs?: number;
  /** A student of a lesson: the canonical address of the student's registered pen, null without one. */
  readonly pen?: string | null;
}

/** Close code of the sockets of a lesson's room once the room closed. */
export const ROOM_CLOSED_CLOSE = 4002;

/** Why a join was refused (HTTP status before the upgrade). */
export class RoomRefused extends Error {
  constructor(
    readonly statusCode: 400 | 403 | 404 | 410,
    message: string,
  ) {
    super(message);
    this.name = 'RoomRefused';
  }
}

export const RoomMessage = {
  unknownRoom: 'Unknown room: use session/{courseId}_{sessionId} or board/{ownerId}/{boardId}',
  lessonNotFound: 'The lesson does not exist.',
  notInLesson: 'Forbidden: not a teacher or student of this lesson',
  notOnBoard: "Forbidden: not the board's owner or a pupil of the owner",
  closed: LiveMessage.closed,
  restarting: 'The server is restarting: connect again (another process takes the socket).',
  tooManySockets: (max: number, of: 'account' | 'address') =>
    `Too many open realtime connections for this ${of} (at most ${max}); close another tab or window first`,
} as const;

const SESSION = /^session\/(\d{1,9})_([^/]{1,128})$/;
const BOARD = /^board\/([A-Za-z0-9._-]{1,64})\/([A-Za-z0-9._-]{1,64})$/;

/** True when a role may publish. */
export function canPublish(role: RoomRole): boolean {
  return role !== 'viewer';
}

/** True when a member of `receiver` role gets a message sent by `sender` role. */
export function receives(receiver: RoomRole, sender: RoomRole): boolean {
  if (receiver === 'student') return sender === 'teacher';
  return true;
}

/**
 * The membership of `auth` in the room at `path` at the time `nowMs`, or throws {@link RoomRefused}
 * (400 unknown room, 404 unknown lesson, 403 not a member, 410 a lesson's room after it closed).
 */
export async function joinRoom(
  db: Kysely<Database>,
  auth: AuthContext,
  path: string,
  nowMs: number,
): Promise<Membership> {
  const { account, scopes } = auth;
  const session = SESSION.exec(path);
  if (session) {
    const lesson = await lessonFacts(db, Number(session[1]));
    if (!lesson || lesson.sessionId !== session[2]) throw new RoomRefused(404, RoomMessage.lessonNotFound);
    const closesAtMs = closesAt(lesson.endMs);
    let membership: Membership | undefined;
    if (scopes.has('edu.read') && (await teachesLesson(db, account, lesson))) {
      membership = { room: path, role: 'teacher', closesAtMs };
    } else if (account.kind === 'student' && scopes.has('storage')) {
      const pupil = await pupilOfLesson(db, account.id, lesson);
      if (pupil) membership = { room: path, role: 'student', closesAtMs, pen: pupil.mac };
    }
    if (!membership) throw new RoomRefused(403, RoomMessage.notInLesson);
    if (nowMs >= closesAtMs) throw new RoomRefused(410, RoomMessage.closed);
    return membership;
  }
  const board = BOARD.exec(path);
  if (board) {
    const ownerId = board[1]!;
    if (account.id === ownerId) return { room: path, role: 'owner' };
    if (account.kind === 'student') {
      const taught = await db
        .selectFrom('students')
        .innerJoin('classes', 'classes.id', 'students.class_id')
        .leftJoin('curriculums', 'curriculums.class_id', 'classes.id')
        .select('students.account_id')
        .where('students.account_id', '=', account.id)
        .where((eb) =>
          eb.or([eb('classes.teacher_id', '=', ownerId), eb('curriculums.teacher_id', '=', ownerId)]),
        )
        .executeTakeFirst();
      if (taught) return { room: path, role: 'viewer' };
    }
    throw new RoomRefused(403, RoomMessage.notOnBoard);
  }
  throw new RoomRefused(400, RoomMessage.unknownRoom);
}
