/**
 * The class-and-book summaries of the pen-activity menu (issue 15, `@dotink/contracts/eduAnalytics`):
 * - `GET /edu/v1/math/summary` — per pupil, per page and per unit figures of a class on a book;
 * - `GET /edu/v1/math/summary/student/{studentId}` — one pupil of that class: the same row plus
 *   study blocks, calendar days and content clicks;
 * - `GET /edu/v1/math/summary/students` — every pupil's detail at once (the class report of
 *   issue 30 item 2: one read of the class's facts instead of one per pupil).
 * Scoped like the ink search: the class's teachers (class teacher, or a lecture on it) and the
 * school's administrator; 404 for an unknown class (or a pupil not in it). The figures come from
 * `@dotink/ink`'s class summary (the only place they are computed), over the strokes' analytics
 * facts (migration 0040). Answers are cached as bytes (`summaryCache.ts`) under a fingerprint of
 * the class's pupils, ink versions and watch log read per request, so new ink or clicks of the
 * class show at once.
 */
import { createHash } from 'node:crypto';
import {
  mathSummaryData,
  mathSummaryQuery,
  pupilDetailData,
  pupilDetailParams,
  pupilDetailsData,
} from '@dotink/contracts/eduAnalytics';
import { intlZoneClock, summariseClassBook, summarisePupil, summarisePupils } from '@dotink/ink';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { answerSchema, failureSchema, success } from '../../http/answer';
import { notFound } from '../../http/errors';
import { Scope } from '../../identity/scopes';
import type { AppPlugin } from '../../platform/types';
import { vendorDataDir } from '../../vendor/vendorData';
import { classOfSchool, curriculumFor, schoolTeacherOf } from '../access';
import { type BookRange, classFingerprint, classInput, classPupils } from './analyticsInput';
import { AnalyticsMessage } from './messages';
import { SummaryCache } from './summaryCache';
import { bookInput, unitsOfBook } from './units';

const failures = { 400: failureSchema, 401: failureSchema, 403: failureSchema, 404: failureSchema };

/** The parsed query (the schema's transforms give numbers for the number texts). */
type Query = z.output<typeof mathSummaryQuery>;

export const mathSummaryRoutes: AppPlugin = async (app) => {
  const cache = new SummaryCache();

  /** Access, the book's units and the fingerprint: what every summary request reads first. */
  async function prepare(request: Parameters<typeof schoolTeacherOf>[0], q: Query) {
    const { db, config } = app.services;
    const teacher = schoolTeacherOf(request);
    const classId = Number(q.eduClassId);
    await classOfSchool(db, teacher, classId);
    const curriculumId = q.curriculumId === undefined ? undefined : Number(q.curriculumId);
    if (curriculumId !== undefined) {
      const lecture = await curriculumFor(db, teacher, curriculumId, 'read');
      if (lecture.class_id !== classId) throw notFound(AnalyticsMessage.lectureNotOfClass);
    }
    const range: BookRange = {
      section: Number(q.section),
      owner: Number(q.owner),
      book: Number(q.book),
      startPage: Number(q.ncodeStartPage),
      endPage: Number(q.ncodeEndPage),
    };
    const units = await unitsOfBook(db, vendorDataDir(config), range, curriculumId);
    const book = bookInput(range, units);
    const timeZone = q.timeZone ?? 'UTC';
    const unitsHash = createHash('sha256').update(JSON.stringify(book)).digest('base64url');
    const version = await classFingerprint(db, classId);
    return { classId, range, book, timeZone, unitsHash, version };
  }

  app.get(
    '/edu/v1/math/summary',
    {
      preHandler: app.requireAuth(Scope.eduRead),
      schema: {
        tags: ['education'],
        summary: 'Learning analytics of a class on a book: per pupil, per page and per unit (issue 15)',
        security: [{ bearer: [] }],
        querystring: mathSummaryQuery,
        response: { 200: answerSchema(mathSummaryData), ...failures },
      },
    },
    async (request, reply) => {
      const p = await prepare(request, request.query);
      const key = JSON.stringify(['class', p.classId, p.unitsHash, p.timeZone]);
      const body = await cache.getOrBuild(key, p.version, async () => {
        const pupils = await classPupils(app.services.db, p.classId);
        const input = await classInput(app.services.db, pupils, p.range);
        const data = summariseClassBook(p.book, input, intlZoneClock(p.timeZone), app.services.clock.nowMs());
        return Buffer.from(JSON.stringify(success(data)));
      });
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(body);
    },
  );

  app.get(
    '/edu/v1/math/summary/student/:studentId',
    {
      preHandler: app.requireAuth(Scope.eduRead),
      schema: {
        tags: ['education'],
        summary: "One pupil's learning analytics on a book: blocks, calendar days, content clicks (issue 15)",
        security: [{ bearer: [] }],
        params: pupilDetailParams,
        querystring: mathSummaryQuery,
        response: { 200: answerSchema(pupilDetailData), ...failures },
      },
    },
    async (request, reply) => {
      const { studentId } = request.params as { studentId: string };
      const p = await prepare(request, request.query);
      const key = JSON.stringify(['pupil', p.classId, studentId, p.unitsHash, p.timeZone]);
      const body = await cache.getOrBuild(key, p.version, async () => {
        const pupils = await classPupils(app.services.db, p.classId);
        if (!pupils.some((x) => x.studentId === studentId))
          throw notFound(AnalyticsMessage.studentNotInClass);
        const input = await classInput(app.services.db, pupils, p.range);
        const data = summarisePupil(
          p.book,
          input,
          studentId,
          intlZoneClock(p.timeZone),
          app.services.clock.nowMs(),
        );
        return Buffer.from(JSON.stringify(success(data)));
      });
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(body);
    },
  );

  app.get(
    '/edu/v1/math/summary/students',
    {
      preHandler: app.requireAuth(Scope.eduRead),
      schema: {
        tags: ['education'],
        summary:
          "Every pupil's learning analytics on a book at once, each as the pupil's own answer (the class report, issue 30)",
        security: [{ bearer: [] }],
        querystring: mathSummaryQuery,
        response: { 200: answerSchema(pupilDetailsData), ...failures },
      },
    },
    async (request, reply) => {
      const p = await prepare(request, request.query);
      const key = JSON.stringify(['pupils', p.classId, p.unitsHash, p.timeZone]);
      const body = await cache.getOrBuild(key, p.version, async () => {
        const pupils = await classPupils(app.services.db, p.classId);
        const input = await classInput(app.services.db, pupils, p.range);
        const data = {
          pupils: summarisePupils(p.book, input, intlZoneClock(p.timeZone), app.services.clock.nowMs()),
        };
        return Buffer.from(JSON.stringify(success(data)));
      });
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(body);
    },
  );
};
