/**
 * Fixtures for the ink store, code issuing and realtime tests: a school with a teacher, a class
 * of students, a lecture and a lesson; bearer headers; strokes and their upload payloads.
 */
import {
  createStroke,
  dotsFrom,
  encodeStrokeUpload,
  type Stroke,
  type StrokeUploadPayload,
} from '@dotink/ink';
import { manualClock, type PageAddress } from '@dotink/ncode';
import type { App } from '../src/platform/types';
import { TEST_PUBLIC_URL } from './harness';
import { issueAccessToken, teacherWithToken } from './oauth';
import { insertClass, insertSchool } from './seedRows';

export const host = new URL(TEST_PUBLIC_URL).host;

export interface Classroom {
  readonly schoolId: number;
  readonly teacher: { readonly id: string; readonly headers: Record<string, string> };
  readonly classId: number;
  readonly students: readonly { readonly id: string; readonly headers: Record<string, string> }[];
  readonly courseId: number;
  readonly sessionId: string;
  /** The lesson's tag `courseId_sessionId`. */
  readonly tag: string;
  readonly lessonStartMs: number;
  readonly lessonEndMs: number;
}

let schoolCounter = 0;

/** The pen address registered for the `i`-th pupil of a {@link createClassroom} class (from 1: `…:00:01`). */
export function pupilPen(i: number): string {
  return `9C:7B:D2:10:00:${(i + 1).toString(16).toUpperCase().padStart(2, '0')}`;
}

/**
 * A school, an ACTIVE teacher of it, a class of `pupils` students (each with a pen,
 * {@link pupilPen}), a lecture and a lesson.
 */
export async function createClassroom(app: App, pupils = 2): Promise<Classroom> {
  const { db, accounts } = app.services;
  schoolCounter += 1;
  const schoolId = await insertSchool(db, `School ${schoolCounter}`, `${Date.now() % 1e7}${schoolCounter}`);
  const teacher = await teacherWithToken(app, { schoolId });
  const classId = await insertClass(db, schoolId, teacher.account.id);
  const students = [];
  for (let i = 0; i < pupils; i++) {
    const s = await accounts.createStudent({ name: `Pupil ${i}` });
    await db
      .insertInto('students')
      .values({ account_id: s.id, class_id: classId, num: i + 1, name: s.name, mac_address: pupilPen(i) })
      .execute();
    const token = await issueAccessToken(app, s.id, 'openid profile storage');
    students.push({ id: s.id, headers: { authorization: `Bearer ${token}` } });
  }
  const curriculum = await db
    .insertInto('curriculums')
    .values({ class_id: classId, teacher_id: teacher.account.id, title: 'Math' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const lessonStartMs = Date.UTC(2025, 2, 3, 9, 0, 0);
  const lessonEndMs = lessonStartMs + 3_600_000;
  const sessionId = `session-${curriculum.id}-1`;
  const course = await db
    .insertInto('courses')
    .values({
      curriculum_id: curriculum.id,
      tag: 'Lesson 1',
      title: 'Math',
      start_at: new Date(lessonStartMs),
      end_at: new Date(lessonEndMs),
      session_id: sessionId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    schoolId,
    teacher: { id: teacher.account.id, headers: teacher.headers },
    classId,
    students,
    courseId: course.id,
    sessionId,
    tag: `${course.id}_${sessionId}`,
    lessonStartMs,
    lessonEndMs,
  };
}

export interface StrokeSpec {
  readonly page: PageAddress;
  readonly startMs: number;
  readonly dots?: number;
  readonly writerId: string;
  readonly mac?: string;
  readonly key?: string;
}

/** A stroke of `dots` dots (default 10), 10 ms apart, along a slanted line. */
export function makeStroke(spec: StrokeSpec): Stroke {
  const n = spec.dots ?? 10;
  const dots = Array.from({ length: n }, (_, i) => ({
    xNu: 10 + i * 0.25,
    yNu: 20 + i * 0.125,
    force: 300 + (i % 50),
    timeMs: spec.startMs + i * 10,
  }));
  return createStroke(
    {
      key: spec.key ?? `k-${spec.startMs}`,
      page: spec.page,
      mac: spec.mac ?? '9C:7B:D2:10:00:01',
      writerId: spec.writerId,
      surfaceOwnerId: spec.writerId,
      updatedMs: spec.startMs + n * 10,
    },
    dotsFrom(dots),
  );
}

/** The upload payload of strokes of one page, written by `writer`. */
export function uploadOf(
  strokes: readonly Stroke[],
  writer: string,
  nowMs = Date.UTC(2025, 2, 3, 10),
): StrokeUploadPayload {
  return encodeStrokeUpload(strokes, { writer, clock: manualClock(nowMs) });
}

/** POST /inkstore/v1/data. */
export function postInk(app: App, headers: Record<string, string>, body: unknown) {
  return app.inject({
    method: 'POST',
    url: '/inkstore/v1/data',
    headers: { host, 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(body),
  });
}
