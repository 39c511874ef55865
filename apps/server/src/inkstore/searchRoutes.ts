/**
 * GET /admin/v1/inkstore/search/{studentId} — a student's writing for a teacher (classroom.md §7,
 * engine.md §3 "Ink store response element"). Filters: startDate/endDate (ISO, on the upload
 * time), section, owner, bookCode, repeated pageNumber (at most 64), tag (`courseId_sessionId`:
 * strokes written during that lesson, from its start to 30 minutes after its end). Pages of at
 * most {@link SEARCH_PAGE_STROKES} strokes and about {@link SEARCH_PAGE_DOTS} dots, in upload order: pass `nextDataPointer` back as
 * `dataPointer` while `hasMore` is true (keyset paging: stable while new strokes arrive, which
 * come after the pointer).
 */

import {
  damagedData,
  damagedParams,
  MAX_SEARCH_PAGES,
  searchData,
  searchParams,
  searchQuery,
} from '@dotink/contracts/inkstore';
import type { FastifyReply } from 'fastify';
import { answerSchema, failureSchema, success } from '../http/answer';
import { badRequest, forbidden, notFound } from '../http/errors';
import { Scope } from '../identity/scopes';
import { authOf } from '../platform/bearer';
import type { AppPlugin } from '../platform/types';
import { InkReadAccess, teacherSchool } from './access';
import { removeDamagedStrokes, type StrokeSearch, searchStrokes } from './inkStrokeStore';
import { InkMessage } from './messages';
import { searchAnswer } from './searchAnswer';
import { SearchAnswerCache, searchCacheKey } from './searchCache';

/** Most strokes in an answer page. */
export const SEARCH_PAGE_STROKES = 1000;
/** An answer page ends once it holds this many dots (about 460 kB of JSON; at least one stroke). */
export const SEARCH_PAGE_DOTS = 20_000;
export { MAX_SEARCH_PAGES };
/** How long after a lesson's end its writing still counts (classroom.md §9 live-lesson grace). */
export const LESSON_GRACE_MS = 30 * 60_000;

export const inkSearchRoutes: AppPlugin = async (app) => {
  const cache = new SearchAnswerCache();
  const access = new InkReadAccess(app.services.db);
  app.get(
    '/admin/v1/inkstore/search/:studentId',
    {
      preHandler: app.requireAuth(Scope.eduRead),
      schema: {
        tags: ['ink store'],
        summary: "A student's writing, newest uploads last, in keyset pages",
        security: [{ bearer: [] }],
        params: searchParams,
        querystring: searchQuery,
        response: {
          200: answerSchema(searchData),
          400: failureSchema,
          401: failureSchema,
          403: failureSchema,
          404: failureSchema,
        },
      },
    },
    async (request, reply) => {
      const { db } = app.services;
      const { account } = authOf(request);
      const schoolId = teacherSchool(account);
      const { studentId } = request.params;
      const q = request.query;
      // Access and the pupil's ink version, in one coalesced query (access.ts).
      const { version } = await access.check({ account, schoolId }, studentId);
      const window = q.tag ? await lessonWindow(app, schoolId, q.tag) : undefined;
      const search: StrokeSearch = {
        studentId,
        ...(q.dataPointer ? { afterId: q.dataPointer } : {}),
        ...(q.startDate ? { uploadedFrom: q.startDate } : {}),
        ...(q.endDate ? { uploadedTo: q.endDate } : {}),
        ...(window ? { startFromMs: window.fromMs, startToMs: window.toMs } : {}),
        ...(q.section !== undefined ? { section: q.section } : {}),
        ...(q.owner !== undefined ? { owner: q.owner } : {}),
        ...(q.bookCode !== undefined ? { book: q.bookCode } : {}),
        ...(q.pageNumber ? { pages: q.pageNumber } : {}),
        maxStrokes: SEARCH_PAGE_STROKES,
        maxDots: SEARCH_PAGE_DOTS,
      };
      // The answer's bytes, built once per version of the student's ink (searchCache.ts); the
      // same JSON the response schema would write.
      const key = searchCacheKey(search);
      const body = await cache.getOrBuild(key, version, async () => {
        const page = await searchStrokes(db, search);
        return Buffer.from(JSON.stringify(success(searchAnswer(studentId, page.rows, page.hasMore))));
      });
      // Bytes already in the response schema's form: sent as they are (no second serialization).
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(body);
    },
  );

  app.delete(
    '/admin/v1/inkstore/damaged/:studentId',
    {
      preHandler: app.requireAuth(Scope.eduWrite),
      schema: {
        tags: ['ink store'],
        summary:
          "Remove a pupil's damaged strokes (instants outside 2000-01-01 … now + 1 day, or bad facts); audited",
        security: [{ bearer: [] }],
        params: damagedParams,
        response: {
          200: answerSchema(damagedData),
          401: failureSchema,
          403: failureSchema,
          404: failureSchema,
        },
      },
    },
    async (request) => {
      const { account } = authOf(request);
      const schoolId = teacherSchool(account);
      const { studentId } = request.params;
      await access.check({ account, schoolId }, studentId);
      const removed = await removeDamagedStrokes(app.services.db, studentId, app.services.clock.nowMs());
      request.log.info(
        { audit: { action: 'ink.removeDamaged', by: account.id, studentId, removed } },
        'damaged strokes removed',
      );
      return success({ removed });
    },
  );
};

/** The stroke-time window of the lesson `courseId_sessionId` (404 unknown, 403 another school's). */
async function lessonWindow(
  app: Parameters<AppPlugin>[0],
  schoolId: number,
  tag: string,
): Promise<{ fromMs: number; toMs: number }> {
  const cut = tag.indexOf('_');
  const courseId = Number(tag.slice(0, cut));
  const sessionId = tag.slice(cut + 1);
  if (!Number.isSafeInteger(courseId)) throw badRequest(InkMessage.badTag);
  const course = await app.services.db
    .selectFrom('courses')
    .innerJoin('curriculums', 'curriculums.id', 'courses.curriculum_id')
    .innerJoin('classes', 'classes.id', 'curriculums.class_id')
    .select(['courses.start_at', 'courses.end_at', 'courses.session_id', 'classes.school_id'])
    .where('courses.id', '=', courseId)
    .executeTakeFirst();
  if (!course || course.session_id !== sessionId) throw notFound(InkMessage.lessonNotFound);
  if (course.school_id !== schoolId) throw forbidden(InkMessage.otherSchoolLesson);
  return {
    fromMs: new Date(course.start_at).getTime(),
    toMs: new Date(course.end_at).getTime() + LESSON_GRACE_MS,
  };
}
