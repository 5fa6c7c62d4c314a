import type { Kysely } from 'kysely';
import type { DB } from './schema.js';

/** Whether the database holds no content yet (no district: every section's content refers to one). */
export async function isEmpty(db: Kysely<DB>): Promise<boolean> {
  const row = await db
    .selectFrom('districts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n) === 0;
}
