import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';

/** Resolves once the database has answered a statement; rejects when it cannot. */
export async function databaseAnswers(db: Kysely<DB>): Promise<void> {
  await sql`select 1`.execute(db);
}
