import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Static } from 'typebox';
import { ErrorBody, Health, Liveness, NotReady, Readiness } from '../../../common/api.js';
import { HttpError } from '../../lib/errors.js';
import { databaseAnswers, redisAnswers } from './repository.js';

/**
 * A health check answers within 2 s, whatever the database does: a load balancer or a monitor
 * must learn that it is down, not time out itself.
 */
const healthTimeoutMs = 1500;
/**
 * The readiness check asks the database and Redis at once and waits a second for each: a balancer
 * asks every few seconds and must take a process out before visitors wait for it.
 */
const readyTimeoutMs = 1000;

function within<T>(ms: number, work: Promise<T>, what = 'the database'): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
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

  // Liveness: the process answers at all. No dependency is asked: a database outage must not
  // make the supervisor restart processes that would only wait for it again.
  app.get(
    '/health/live',
    {
      schema: {
        tags: ['service'],
        summary: 'The process is alive (no dependency is checked)',
        response: { 200: Liveness },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  );

  // Readiness: this process can serve now. 503 names what is missing; the next ask after the
  // dependency is back answers 200 again (nothing is remembered between asks).
  app.get(
    '/health/ready',
    {
      schema: {
        tags: ['service'],
        summary:
          'The process can serve: started, not draining, its database (and Redis, when configured) answers within 1 s',
        response: { 200: Readiness, 503: NotReady },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      const state = app.lifecycle.state;
      const [database, redis] = await Promise.all([
        within(readyTimeoutMs, Promise.all([...new Set([app.db, app.readDb])].map(databaseAnswers))).then(
          () => 'ok' as const,
          (err: Error) => {
            app.database.failures.note(err);
            return 'failed' as const;
          },
        ),
        app.redis
          ? within(readyTimeoutMs, redisAnswers(app.redis), 'Redis').then(
              () => 'ok' as const,
              () => 'failed' as const,
            )
          : ('not configured' as const),
      ]);
      const failed: Static<typeof Readiness>['failed'] = [];
      if (state !== 'serving') failed.push(state);
      if (database === 'failed') failed.push('database');
      if (redis === 'failed') failed.push('redis');
      const checks = { state, database, redis, failed };
      if (!failed.length) return { status: 'ready' as const, ...checks };
      return reply.code(503).send({
        statusCode: 503,
        error: 'Service Unavailable',
        message: `not ready: ${failed.join(', ')}`,
        code: 'not_ready' as const,
        status: 'not ready' as const,
        ...checks,
      });
    },
  );
};
