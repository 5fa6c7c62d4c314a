import { type Kysely, sql } from 'kysely';
import type { DB } from '../../server/db/schema.js';

export class Rollback extends Error {}

/** The kept rows, and the rows a fill from scratch writes (in a transaction rolled back). */
export async function keptAndRebuilt(db: Kysely<DB>) {
  const read = (trx: Kysely<DB>) =>
    sql<Record<string, unknown>>`select * from content_gaps order by section, published, id`
      .execute(trx)
      .then((r) => r.rows);
  let kept: unknown[] = [];
  let rebuilt: unknown[] = [];
  await db
    .transaction()
    .execute(async (trx) => {
      kept = await read(trx);
      await sql`delete from content_gaps`.execute(trx);
      await sql`do $$
        declare t text;
        begin
          foreach t in array array(select distinct source from content_gap_sections) || '{content_drafts}'::text[] loop
            execute content_gaps_put(t, t);
          end loop;
        end $$`.execute(trx);
      rebuilt = await read(trx);
      throw new Rollback();
    })
    .catch((e) => {
      if (!(e instanceof Rollback)) throw e;
    });
  return { kept, rebuilt };
}

/**
 * The search's word counts that differ from a count from scratch (migration 012; a bulk action
 * adds its saves' counts in batches, migration 036): none when they are exact.
 */
export async function wordCountsOff(db: Kysely<DB>): Promise<unknown[]> {
  const { rows } = await sql`
    with counted as (
      select 'places' as source, section, word, count(*)::int as items
        from places, unnest(tsvector_to_array(fts_all)) as word group by 2, 3
      union all select 'routes', '', word, count(*)::int from routes, unnest(tsvector_to_array(fts_all)) as word group by 2, 3
      union all select 'news', '', word, count(*)::int from news, unnest(tsvector_to_array(fts_all)) as word group by 2, 3),
    kept as (select source, section, word, items from search_word_counts where items <> 0)
    (select 'kept' as side, * from kept except select 'kept', * from counted)
    union all (select 'counted', * from counted except select 'counted', * from kept)
    limit 20`.execute(db);
  return rows;
}
