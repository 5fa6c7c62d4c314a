import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The Redis of REDIS_URL, shared by what portal processes count together (the forms' rate
     * limits, the staff sign-in's back-off); null without REDIS_URL. Commands fail at once, never
     * queue, while it cannot be reached: each user decides what to do then.
     */
    redis: Redis | null;
  }
}

/** Connects to REDIS_URL, if set; a Redis that does not answer is logged (once a minute), not fatal. */
export async function registerRedis(app: FastifyInstance): Promise<void> {
  if (!app.config.redisUrl) {
    app.decorate('redis', null);
    return;
  }
  // loaded only when configured
  const { Redis } = await import('ioredis');
  const redis = new Redis(app.config.redisUrl, {
    connectTimeout: 2000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    lazyConnect: true,
  });
  let warned = 0;
  redis.on('error', (err: Error) => {
    if (Date.now() - warned > 60_000) {
      warned = Date.now();
      app.log.warn({ err: { message: err.message } }, 'Redis (REDIS_URL) unavailable');
    }
  });
  await redis.connect().catch(() => {});
  app.decorate('redis', redis);
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
}
