/**
 * `GET /api/ready` (see `platform/readiness.ts`), kept apart from `platformRoutes.ts` so that it
 * merges with the drain work of issue 26 item 5, which defines the same route there: keep one.
 */
import { z } from 'zod';
import { answerSchema, success } from '../http/answer';
import type { AppPlugin } from '../platform/types';

export const readyRoute: AppPlugin = async (app) => {
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
      const answer = { ...report, checks: [...report.checks] };
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
