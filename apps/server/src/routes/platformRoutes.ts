/**
 * Platform routes: the OpenAPI document (`/api/docs`), liveness (`/api/health`: the process
 * answers) and readiness (`/api/ready`: its checks pass and it is not draining; see
 * `platform/readiness.ts`).
 */
import { z } from 'zod';
import { answerSchema, success } from '../http/answer';
import type { AppPlugin } from '../platform/types';

export const platformRoutes: AppPlugin = async (app) => {
  app.get(
    '/api/docs',
    {
      schema: {
        hide: true,
        summary: 'This OpenAPI document',
        response: { 200: z.looseObject({ openapi: z.string() }) },
      },
    },
    async () => app.swagger() as unknown as { openapi: string },
  );

  app.get(
    '/api/health',
    {
      schema: {
        tags: ['platform'],
        summary: 'Liveness: the process answers (it queries nothing; see /api/ready)',
        response: { 200: answerSchema(z.object({ database: z.enum(['pglite', 'postgres']) })) },
      },
    },
    async () => success({ database: app.services.databaseKind }),
  );

  const report = z.object({
    ready: z.boolean(),
    draining: z.boolean(),
    checks: z.array(z.object({ name: z.string(), ok: z.boolean(), message: z.string().optional() })),
  });
  app.get(
    '/api/ready',
    {
      schema: {
        tags: ['platform'],
        summary:
          'Readiness: 200 when every check passes (database, migrations, files, bus); 503 when not or while draining',
        response: {
          200: answerSchema(report),
          503: z.object({ ok: z.literal(false), message: z.string(), data: report }),
        },
      },
    },
    async (_request, reply) => {
      const report = await app.services.readiness.report();
      const answer = { ...report, checks: report.checks.map((c) => ({ ...c })) };
      if (answer.ready) return success(answer);
      const why = [
        ...(answer.draining ? ['draining (the process is stopping)'] : []),
        ...answer.checks.filter((c) => !c.ok).map((c) => `${c.name}: ${c.message ?? 'failed'}`),
      ];
      return reply
        .code(503)
        .send({ ok: false as const, message: `not ready: ${why.join('; ')}`, data: answer });
    },
  );
};
