import { type Kysely, sql } from 'kysely';
import { REGION_TIME_ZONE, regionToday } from '../../../common/date-presets.js';
import { type DetailSection, sectionOf } from '../../../common/sections.js';
import type { DB } from '../../db/schema.js';

// What the sitemaps read: the items of each kind of detail page and when each changed, and when
// the content the lists show last changed.

/** A kind of detail page: the directions' and those of the sections with their own. */
export type DetailKind = DetailSection | 'directions';

type When = Date | string | null;

/** The rows of one kind of detail page (a table, or a section of the places table). */
function source(kind: DetailKind) {
  if (kind === 'directions') return sql`directions`;
  const { table, scope } = sectionOf(kind);
  return scope?.section
    ? sql`${sql.table(table)} where section = ${scope.section}`
    : sql`${sql.table(table)}`;
}

/** How many items of one kind there are, and when the latest of them changed. */
export async function kindSummary(
  db: Kysely<DB>,
  kind: DetailKind,
): Promise<{ count: number; lastmod: When }> {
  const { rows } = await sql<{ count: string | number; lastmod: When }>`
    select count(*) as count, max(updated_at) as lastmod from ${source(kind)}`.execute(db);
  return { count: Number(rows[0]?.count ?? 0), lastmod: rows[0]?.lastmod ?? null };
}

/** When the latest item of one kind changed. */
export async function kindLastChange(db: Kysely<DB>, kind: DetailKind): Promise<When> {
  const { rows } = await sql<{ lastmod: When }>`
    select max(updated_at) as lastmod from ${source(kind)}`.execute(db);
  return rows[0]?.lastmod ?? null;
}

/** Some items of one kind in the order of their ids, each with when it changed. */
export async function kindItems(
  db: Kysely<DB>,
  kind: DetailKind,
  limit: number,
  offset: number,
): Promise<{ id: number; updated_at: Date | string }[]> {
  const { rows } = await sql<{
    id: number;
    updated_at: Date | string;
  }>`select id, updated_at from ${source(kind)} order by id limit ${limit} offset ${offset}`.execute(db);
  return rows;
}

/**
 * The back office's latest save of each kind of content: an item archived, unpublished or deleted
 * leaves its table, its history stays.
 */
export async function latestSaves(db: Kysely<DB>): Promise<{ section: string; lastmod: Date | string }[]> {
  const { rows } = await sql<{ section: string; lastmod: Date | string }>`
    select section, max(changed_at) as lastmod from content_history group by section`.execute(db);
  return rows;
}

/**
 * When the last event that is over left the lists of events to come: the region's midnight after
 * its last day.
 */
export async function lastEventOver(db: Kysely<DB>): Promise<When> {
  const { rows } = await sql<{ lastmod: When }>`
    select (max(end_date)::date + 1)::timestamp at time zone ${REGION_TIME_ZONE} as lastmod
    from events where end_date < ${regionToday()}`.execute(db);
  return rows[0]?.lastmod ?? null;
}

/** Every information page's slug and when it changed. */
export async function pageChanges(db: Kysely<DB>): Promise<{ slug: string; updated_at: Date | string }[]> {
  const { rows } = await sql<{ slug: string; updated_at: Date | string }>`
    select slug, updated_at from pages`.execute(db);
  return rows;
}
