/** Platform routes: the OpenAPI document (`/api/docs`) and a health check (`/api/health`). */
import { sql } from 'kysely';
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
        summary: 'Whether the server and its database answer',
        response: { 200: answerSchema(z.object({ database: z.enum(['pglite', 'postgres']) })) },
      },
    },
    async () => {
      await sql`select 1`.execute(app.services.db);
      return success({ database: app.services.databaseKind });
    },
  );
};
