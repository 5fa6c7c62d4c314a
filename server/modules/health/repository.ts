import type { Redis } from 'ioredis';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';

/** Resolves once the database has answered a statement; rejects when it cannot. */
export async function databaseAnswers(db: Kysely<DB>): Promise<void> {
  await sql`select 1`.execute(db);
}

/** Resolves once Redis has answered a PING; rejects when it cannot (its commands never queue). */
export async function redisAnswers(redis: Redis): Promise<void> {
  await redis.ping();
}
