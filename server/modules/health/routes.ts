import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { ErrorBody, Health } from '../../../common/api.js';
import { HttpError } from '../../lib/errors.js';

export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['service'],
        summary: 'The server is up and its database (and read replica, if any) answers',
        response: { 200: Health, 503: ErrorBody },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      try {
        await sql`select 1`.execute(app.db);
        // The content comes from the read replica when there is one: it must answer too.
        if (app.readDb !== app.db) await sql`select 1`.execute(app.readDb);
      } catch (err) {
        request.log.error({ err: { message: (err as Error).message } }, 'database unreachable');
        throw new HttpError(503, 'database unreachable');
      }
      return { status: 'ok' as const, database: app.database.kind };
    },
  );
};
