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
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { reachesClass } from '../edu/access';
import type { AuthContext } from '../platform/types';
import type { RoomRole } from './bus';

/** A connection's place in a room. */
export interface Membership {
  readonly room: string;
  readonly role: RoomRole;
}

/** Why a join was refused (HTTP status before the upgrade). */
export class RoomRefused extends Error {
  constructor(
    readonly statusCode: 400 | 403 | 404,
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

/** The membership of `auth` in the room at `path`, or throws {@link RoomRefused}. */
export async function joinRoom(db: Kysely<Database>, auth: AuthContext, path: string): Promise<Membership> {
  const { account, scopes } = auth;
  const session = SESSION.exec(path);
  if (session) {
    const course = await db
      .selectFrom('courses')
      .innerJoin('curriculums', 'curriculums.id', 'courses.curriculum_id')
      .innerJoin('classes', 'classes.id', 'curriculums.class_id')
      .select(['courses.session_id', 'classes.school_id', 'classes.id as class_id'])
      .where('courses.id', '=', Number(session[1]))
      .executeTakeFirst();
    if (!course || course.session_id !== session[2]) throw new RoomRefused(404, RoomMessage.lessonNotFound);
    if (
      account.kind === 'teacher' &&
      scopes.has('edu.read') &&
      account.schoolId === course.school_id &&
      (await reachesClass(db, { account, schoolId: account.schoolId }, course.class_id))
    ) {
      return { room: path, role: 'teacher' };
    }
    if (account.kind === 'student' && scopes.has('storage')) {
      const pupil = await db
        .selectFrom('students')
        .select('account_id')
        .where('account_id', '=', account.id)
        .where('class_id', '=', course.class_id)
        .where('delete_yn', '=', 'N')
        .executeTakeFirst();
      if (pupil) return { room: path, role: 'student' };
    }
    throw new RoomRefused(403, RoomMessage.notInLesson);
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
