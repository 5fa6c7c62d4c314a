import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, Health } from '../../../common/api.js';
import { HttpError } from '../../lib/errors.js';
import { databaseAnswers } from './repository.js';

/**
 * A health check answers within 2 s, whatever the database does: a load balancer or a monitor
 * must learn that it is down, not time out itself.
 */
const healthTimeoutMs = 1500;

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the database did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

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
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      try {
        // The content comes from the read replica when there is one: it must answer too.
        const checks = [...new Set([app.db, app.readDb])].map(databaseAnswers);
        await within(healthTimeoutMs, Promise.all(checks));
      } catch (err) {
        // A monitor asks every few seconds: the outage is logged once a minute, not every time.
        app.database.failures.note(err as Error);
        throw new HttpError(503, 'database unreachable');
      }
      return { status: 'ok' as const, database: app.database.kind };
    },
  );
};
