import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema.js';

// Failures counted per key (a client address, an account) with a wait that doubles with each
// failure past a free allowance: a person who mistypes a few times never notices it, a guesser's
// attempts get slower and slower, and nobody is ever locked out for good. The counts are shared by
// every portal process: in Redis when REDIS_URL is set, else in the database (PostgreSQL, or the
// embedded one, which has one process). A Redis that does not answer falls back to the database:
// a sign-in must not become unlimited because Redis is down.

export interface BackoffPolicy {
  /** Failures that cost no wait. */
  free: number;
  /** The wait after the first failure past the free ones; each further failure doubles it ... */
  baseMs: number;
  /** ... up to this. */
  maxMs: number;
  /** The count is forgotten this long after the last failure. */
  forgetAfterMs: number;
}

export interface Failure {
  /** Failures counted for the key since it was last forgotten or cleared, this one included. */
  failures: number;
  /** How long the key must wait now before its next attempt (0: it may try again at once). */
  waitMs: number;
}

export interface Backoff {
  /** How long the key must still wait before it may try (0: now). */
  wait(key: string): Promise<number>;
  fail(key: string): Promise<Failure>;
  clear(key: string): Promise<void>;
}

/** The wait after `failures` failures. */
export function waitAfter(policy: BackoffPolicy, failures: number): number {
  if (failures < policy.free) return 0;
  return Math.min(policy.maxMs, policy.baseMs * 2 ** (failures - policy.free));
}

/** In the database (table failure_backoff): an upsert per failure, one row per key. */
export function databaseBackoff(db: Kysely<DB>, policy: BackoffPolicy): Backoff {
  let failuresSincePurge = 0;
  return {
    async wait(key) {
      const row = await db
        .selectFrom('failure_backoff')
        .select(['wait_until', 'forget_at'])
        .where('key', '=', key)
        .executeTakeFirst();
      const now = Date.now();
      if (!row || row.forget_at.getTime() <= now) return 0;
      return Math.max(0, row.wait_until.getTime() - now);
    },
    async fail(key) {
      const now = new Date();
      const forget = new Date(now.getTime() + policy.forgetAfterMs);
      // One statement counts the failure: two processes counting at once get 1 and 2, never 1 twice.
      const row = await db
        .insertInto('failure_backoff')
        .values({ key, failures: 1, wait_until: now, forget_at: forget })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            failures: sql`case when failure_backoff.forget_at <= ${now} then 1 else failure_backoff.failures + 1 end`,
            wait_until: sql`case when failure_backoff.forget_at <= ${now} then ${now} else failure_backoff.wait_until end`,
            forget_at: forget,
          }),
        )
        .returning('failures')
        .executeTakeFirstOrThrow();
      const failures = Number(row.failures);
      const waitMs = waitAfter(policy, failures);
      if (waitMs > 0) {
        const until = new Date(now.getTime() + waitMs);
        await db
          .updateTable('failure_backoff')
          .set({
            wait_until: sql`greatest(wait_until, ${until})`,
            forget_at: sql`greatest(forget_at, ${until})`,
          })
          .where('key', '=', key)
          .execute();
      }
      // Forgotten keys are deleted now and then, not at every failure.
      if (++failuresSincePurge >= 100) {
        failuresSincePurge = 0;
        await db.deleteFrom('failure_backoff').where('forget_at', '<', now).execute();
      }
      return { failures, waitMs };
    },
    async clear(key) {
      await db.deleteFrom('failure_backoff').where('key', '=', key).execute();
    },
  };
}

/** Keys in Redis start with this. */
export const redisBackoffPrefix = 'portal-backoff:';

// Counts the failure and sets the wait in one step (a script runs alone in Redis): the count is
// forgotten (the key expires) forgetAfterMs after the last failure, or after the wait if longer.
const failScript = `
local n = redis.call('HINCRBY', KEYS[1], 'n', 1)
local now, free, base, max, forget = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
local wait = 0
if n >= free then wait = math.min(max, base * 2 ^ (n - free)) end
wait = math.floor(wait)
local untilAt = now + wait
local old = tonumber(redis.call('HGET', KEYS[1], 'until') or '0')
if old > untilAt then untilAt = old end
redis.call('HSET', KEYS[1], 'until', untilAt)
redis.call('PEXPIRE', KEYS[1], math.max(forget, untilAt - now))
return {n, wait}
`;

/** A database back-off whose keys are `name:key` (one table for every kind of key). */
function named(backoff: Backoff, name: string): Backoff {
  return {
    wait: (key) => backoff.wait(`${name}:${key}`),
    fail: (key) => backoff.fail(`${name}:${key}`),
    clear: (key) => backoff.clear(`${name}:${key}`),
  };
}

/**
 * The back-off of a kind of key (`name`): in Redis when the portal has one (REDIS_URL), falling
 * back to the database while Redis does not answer; else in the database.
 */
export function createBackoff(app: FastifyInstance, name: string, policy: BackoffPolicy): Backoff {
  const fallback = named(databaseBackoff(app.db, policy), name);
  const redis = app.redis;
  if (!redis) return fallback;
  const full = (key: string) => `${redisBackoffPrefix}${name}:${key}`;
  let warned = 0;
  const orFallback = async <T>(work: () => Promise<T>, otherwise: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (err) {
      if (Date.now() - warned > 60_000) {
        warned = Date.now();
        app.log.warn(
          { err: { message: (err as Error).message } },
          `back-off (${name}): Redis unavailable, counting in the database`,
        );
      }
      return otherwise();
    }
  };
  return {
    wait: (key) =>
      orFallback(
        async () => {
          const until = Number(await redis.hget(full(key), 'until'));
          return Number.isFinite(until) ? Math.max(0, until - Date.now()) : 0;
        },
        () => fallback.wait(key),
      ),
    fail: (key) =>
      orFallback(
        async () => {
          const [failures, waitMs] = (await redis.eval(
            failScript,
            1,
            full(key),
            Date.now(),
            policy.free,
            policy.baseMs,
            policy.maxMs,
            policy.forgetAfterMs,
          )) as [number, number];
          return { failures: Number(failures), waitMs: Number(waitMs) };
        },
        () => fallback.fail(key),
      ),
    clear: (key) =>
      orFallback(
        async () => {
          await redis.del(full(key));
        },
        () => fallback.clear(key),
      ),
  };
}
