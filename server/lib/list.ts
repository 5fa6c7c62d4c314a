import { type SelectQueryBuilder, sql } from 'kysely';
import Type, { type TProperties, type TSchema } from 'typebox';
import { type PageT, SEARCH_COUNT_CAP } from '../../common/api.js';
import type { FilterGroup } from '../../common/sections.js';
import type { DB } from '../db/schema.js';
import { matchCondition } from './search.js';

// What the ten sections have in common: limit/offset pages, search, and `{group}__in` filters.

export const MAX_LIMIT = 100;
/** A list asked for without `limit` answers with at most this many items. */
export const MAX_UNPAGED = 1000;
export const MAX_SEARCH = 200;

export const IdList = Type.String({
  pattern: '^[0-9]{1,9}(,[0-9]{1,9}){0,99}$',
  description: 'comma-separated ids, e.g. 1,2,3',
});

// biome-ignore lint/complexity/noBannedTypes: Kysely's type of a query that selects nothing yet
type Unselected = {};

export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });

const pageParams = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_LIMIT, description: 'page size' })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_000_000_000, description: 'items to skip' })),
  search: Type.Optional(
    Type.String({ maxLength: MAX_SEARCH, description: 'words to find in names and descriptions' }),
  ),
};

/** The query-string schema of a list: paging, search and the section's filter groups. */
export function listQuerySchema<E extends TProperties = Record<never, never>>(
  filters: readonly FilterGroup[],
  extra?: E,
) {
  const filterParams: Record<string, TSchema> = {};
  for (const group of filters) {
    filterParams[`${group.key}__in`] = Type.Optional(IdList);
    if (group.repeated) {
      filterParams[group.key] = Type.Optional(
        Type.Array(Type.Integer({ minimum: 0, maximum: 999_999_999 }), { maxItems: 100 }),
      );
    }
  }
  return Type.Object({ ...pageParams, ...filterParams, ...(extra as E) });
}

export interface ListParams {
  limit?: number | undefined;
  offset?: number | undefined;
  search?: string | undefined;
  [key: string]: unknown;
}

export function parseIds(value: string): number[] {
  return value.split(',').map(Number);
}

export { likePattern } from './search.js';

export function applySearch<TB extends keyof DB, O>(
  qb: SelectQueryBuilder<DB, TB, O>,
  search: string | undefined,
): SelectQueryBuilder<DB, TB, O> {
  const words = (search ?? '').trim();
  if (!words) return qb;
  // The same matcher as the site search (server/lib/search.ts), in every language, so their counts agree.
  return qb.where(matchCondition(words));
}

export function applyFilters<TB extends keyof DB, O>(
  qb: SelectQueryBuilder<DB, TB, O>,
  params: ListParams,
  filters: readonly FilterGroup[],
): SelectQueryBuilder<DB, TB, O> {
  let q = qb;
  for (const group of filters) {
    const ids: number[] = [];
    const list = params[`${group.key}__in`];
    if (typeof list === 'string') ids.push(...parseIds(list));
    const repeated = params[group.key];
    if (group.repeated && Array.isArray(repeated)) ids.push(...(repeated as number[]));
    if (!ids.length) continue;
    const column = sql.ref(group.column);
    q = group.array
      ? q.where(sql<boolean>`${column} && ${sql.val(ids)}::int[]`)
      : q.where(sql<boolean>`${column} = any(${sql.val(ids)}::int[])`);
  }
  return q;
}

/**
 * A page of a list and the number of matches, in one statement: first the ids of the page, which
 * an index answers (the filter columns are in `places_filter_cover`), then only those rows, each
 * with the count (an uncorrelated subquery: computed once). Reading the rows in one query let the
 * planner walk the primary key and filter wide rows until it had a page: fine for a common filter,
 * but a filter that matches nothing read every row of the section (60 ms at 52,000 attractions),
 * and a large offset read and sorted every skipped row (a second). decision 007 (and
 * docs/performance.md's history, "pages: ids first"). The count rides along with the page: one statement, one round trip and one
 * connection of the pool per list answer instead of two.
 */
async function pageWithCount<TB extends keyof DB, Row>(
  base: SelectQueryBuilder<DB, TB, Unselected>,
  query: SelectQueryBuilder<DB, TB, Row>,
  page: { limit: number; offset: number; searched: boolean },
): Promise<{ rows: Row[]; total: number }> {
  const ids = query.clearSelect().select(sql<number>`id`.as('id')).limit(page.limit).offset(page.offset);
  const rows = await query
    .select(countExpression(base, page.searched).as('list_total'))
    .where(sql<boolean>`id in (${ids})`)
    .execute();
  const first = rows[0] as { list_total?: number | string } | undefined;
  // No row: nothing matches, or the page is past the last match (then the count is asked alone).
  if (!first) return { rows: [], total: page.offset > 0 ? await countOf(base, page.searched) : 0 };
  return { rows, total: Number(first.list_total) };
}

/**
 * The number of matches. A search counts at most SEARCH_COUNT_CAP + 1 (decision 010): a common word
 * matches half the section, and an exact count read every match (800 ms at 52,000 attractions)
 * where the first thousand are found in 10-25 ms. Without a search the count is exact (an index
 * answers it).
 */
function countExpression<TB extends keyof DB>(
  base: SelectQueryBuilder<DB, TB, Unselected>,
  searched: boolean,
) {
  if (searched) {
    const capped = base.select(sql<number>`1`.as('one')).limit(SEARCH_COUNT_CAP + 1);
    return sql<number | string>`(select count(*) from (${capped}) as capped)`;
  }
  return sql<number | string>`(${base.select((eb) => eb.fn.countAll<string | number>().as('count'))})`;
}

/** The number of matches alone (a page past the last match, or a search paged past its cap). */
async function countOf<TB extends keyof DB>(
  base: SelectQueryBuilder<DB, TB, Unselected>,
  searched: boolean,
): Promise<number> {
  if (searched) {
    const ids = await base
      .select(sql<number>`1`.as('one'))
      .limit(SEARCH_COUNT_CAP + 1)
      .execute();
    return ids.length;
  }
  const row = await base
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

function pageUrl(base: URL, limit: number, offset: number): string {
  const url = new URL(base);
  url.searchParams.set('limit', String(limit));
  if (offset > 0) url.searchParams.set('offset', String(offset));
  else url.searchParams.delete('offset');
  return url.toString();
}

/**
 * Runs a filtered query as a DRF-style list: a page `{count, next, previous, results}` when `limit`
 * is given, otherwise a plain array of at most MAX_UNPAGED items.
 */
export async function paginate<TB extends keyof DB, Row, Item>(
  base: SelectQueryBuilder<DB, TB, Unselected>,
  select: (qb: SelectQueryBuilder<DB, TB, Unselected>) => SelectQueryBuilder<DB, TB, Row>,
  map: (rows: Row[]) => Item[] | Promise<Item[]>,
  params: ListParams,
  url: URL,
): Promise<Item[] | PageT<Item>> {
  const { limit, offset = 0 } = params;
  if (limit === undefined) {
    return await map(await select(base).limit(MAX_UNPAGED).offset(offset).execute());
  }
  // A search pages only through the matches it counts (decision 010).
  const searched = Boolean(params.search?.trim());
  const size = searched ? Math.max(0, Math.min(limit, SEARCH_COUNT_CAP - offset)) : limit;
  const { rows, total } =
    size > 0
      ? await pageWithCount(base, select(base), { limit: size, offset, searched })
      : { rows: [] as Row[], total: await countOf(base, searched) };
  const capped = searched && total > SEARCH_COUNT_CAP;
  const count = capped ? SEARCH_COUNT_CAP : total;
  return {
    count,
    ...(capped ? { capped: true as const } : {}),
    next: offset + limit < count ? pageUrl(url, limit, offset + limit) : null,
    previous: offset > 0 ? pageUrl(url, limit, Math.max(0, offset - limit)) : null,
    results: await map(rows),
  };
}
