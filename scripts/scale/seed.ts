import { type Kysely, sql } from 'kysely';
import type { Content } from '../../content/load.js';
import type { DB } from '../../server/db/schema.js';
import { generateScale, type ScaleCounts, type ScaleOptions } from './generate.js';

/**
 * Adds the generated content in one transaction (several processes may run it at once: one does the
 * work) and refreshes the planner's statistics. 'present' when generated content is already there.
 */
export async function seedScale(
  db: Kysely<DB>,
  content: Content,
  options: ScaleOptions,
): Promise<ScaleCounts | 'present'> {
  const result = await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(4748)`.execute(trx);
    const row = await trx
      .selectFrom('places')
      .where('section', '=', 'attractions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(row.n) > content.attractions.length) return 'present' as const;
    return await generateScale(trx, content, options);
  });
  // Vacuum too: the visibility map lets counts and deep pages read the indexes alone.
  if (result !== 'present') await sql`vacuum analyze`.execute(db);
  return result;
}
