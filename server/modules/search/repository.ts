import { type Kysely, type RawBuilder, sql } from 'kysely';
import { type SearchSection, SITE_SEARCH_COUNT_CAP, searchSections } from '../../../common/api.js';
import type { Lang } from '../../../common/languages.js';
import { type Section, type SectionTable, sections } from '../../../common/sections.js';
import type { DB, Translated } from '../../db/schema.js';
import { matchCondition, nameHitCondition, parseQuery, rankExpression } from '../../lib/search.js';
import { regionToday } from '../../lib/today.js';

// The site search's statements: what it reads of each section searched, and one statement a
// section for its count and best matches.

interface Source {
  table: string;
  /** What the section's list endpoint also requires (so that the counts agree). */
  where: () => RawBuilder<boolean>;
  date: RawBuilder<string | null>;
  /** Its rows in search_word_counts (migration 012), where it has them. */
  wordCounts?: { source: string; section: string };
  /**
   * A few dozen rows, read whole: a Han run is tested by its LIKEs alone (matchCondition's
   * `hanIndex`), since computing each long text's Han pairs for the index's test took 14-18 ms.
   */
  small?: true;
}

const always = () => sql<boolean>`true`;

/** What the site search reads for a section: its table and scope (common/sections.ts). */
function sourceOf(section: Section): Source {
  const { table, scope } = section;
  const dated: Partial<Record<SectionTable, RawBuilder<string | null>>> = {
    events: sql`start_date`,
    news: sql`date`,
  };
  const where = scope?.section
    ? // A literal, as in a section's list (placesOf): the partial search indexes need it.
      () => sql<boolean>`section = ${sql.lit(scope.section)}`
    : // Like the section's list: events that are not over yet.
      scope?.current
      ? () => sql<boolean>`end_date >= ${regionToday()}`
      : always;
  // The tables whose words search_word_counts counts (migration 012).
  const counted = ['places', 'routes', 'news'].includes(table);
  return {
    table,
    where,
    date: dated[table] ?? sql`null`,
    ...(table === 'tourism_types' ? { small: true as const } : {}),
    ...(counted ? { wordCounts: { source: table, section: scope?.section ?? '' } } : {}),
  };
}

const sources = new Map<SearchSection, Source>(
  sections.filter((s) => s.siteSearch).map((s) => [s.slug as SearchSection, sourceOf(s)]),
);
sources.set('directions', { table: 'directions', where: always, date: sql`null`, small: true });

export interface Row {
  id: number;
  name: Translated;
  annotation: Translated;
  description: Translated;
  images: string[];
  date: string | null;
  total: number;
}

export interface Found {
  rows: Row[];
  /** Matches counted, at most SITE_SEARCH_COUNT_CAP + 1. */
  total: number;
}

/**
 * A section's count and its best `limit` matches (decision 010), as one part of the site search's
 * statement. The count reads the ids of at most SITE_SEARCH_COUNT_CAP + 1 matches. When they are all
 * counted, all of them are ranked. When there are more, the matches with a word of the query in a
 * name are ranked instead (again at most the cap's worth; a name hit outranks everything else, so
 * for one word the best items are exact as long as no more than 100 names have it), and the first
 * matches join them only when the names give fewer than `limit`. Rows are read in full only for the
 * items ranked. Ranking every match of a common word took a second at factor 10; ranking the first
 * matches of a section whose names already fill the page, and a second statement per section, took
 * a third of the search page's database time (docs/performance.md).
 */
function sectionPart(
  section: SearchSection,
  order: number,
  query: string,
  lang: Lang,
  limit: number,
): RawBuilder<unknown> {
  const source = sources.get(section) as Source;
  const table = sql.table(source.table);
  const match = sql<boolean>`${source.where()} and ${matchCondition(query, { hanIndex: !source.small })}`;
  const cap = SITE_SEARCH_COUNT_CAP;
  // A CTE is evaluated only when a row of it is asked for, and `case` and `or` stop at their first
  // answer: `first` is not read when the word counts already tell, `named` only past the cap.
  // `named` reads its rows through the names' indexes: the Han runs of the match are tested there by
  // their LIKEs alone (matchCondition's `hanIndex`).
  return sql`(
    with first as materialized (select id from ${table} where ${match} limit ${cap + 1}),
    counted as (
      select case when ${knownItems(source, query)} > ${cap} then ${cap + 1}
        else (select count(*) from first) end::int as n
    ),
    named as materialized (
      select id from ${table} where ${source.where()} and ${nameHitCondition(query)}
        and ${matchCondition(query, { hanIndex: false })} limit ${cap + 1}
    ),
    picked as (
      select id from first
        where (select n from counted) <= ${cap} or (select count(*) from named) < ${limit}
      union
      select id from named where (select n from counted) > ${cap}
    )
    select ${sql.lit(order)}::int as part, id, name, annotation, description, images,
      ${source.date}::text as date, (select n from counted) as total,
      (${rankExpression(query, lang)})::float8 as rank
    from ${table}
    where ${source.where()} and id in (select id from picked)
    order by rank desc, id
    limit ${limit})`;
}

/**
 * Every section's count and best `limit` matches, in one statement (decision 059): the parts of
 * `sectionPart` one after another. One statement a search instead of one a section: a search's
 * round trips, parsing and executor start-up were paid ten times, in the portal and in PostgreSQL
 * (docs/performance.md).
 */
export async function searchAll(
  db: Kysely<DB>,
  query: string,
  lang: Lang,
  limit: number,
): Promise<Map<SearchSection, Found>> {
  const parts = searchSections.map((section, i) => sectionPart(section, i, query, lang, limit));
  const { rows } = await sql<Row & { part: number; rank: number }>`
    select part, id, name, annotation, description, images, date, total, rank
    from (${sql.join(parts, sql` union all `)}) as found
    order by part, rank desc, id`.execute(db);
  const found = new Map<SearchSection, Found>();
  for (const row of rows) {
    const section = searchSections[row.part] as SearchSection;
    let group = found.get(section);
    if (!group) {
      // Every match is in `first`, and some match is ranked whenever there is one.
      group = { rows: [], total: Number(row.total) };
      found.set(section, group);
    }
    group.rows.push(row);
  }
  return found;
}

/**
 * The number of items of the source whose word forms hold the query's one word (0 when unknown):
 * they all match, so more than the cap means the section's count is capped. Known for a query of
 * one word that the stemmer keeps as one lexeme, in a source with word counts.
 */
function knownItems(source: Source, query: string): RawBuilder<number> {
  const terms = parseQuery(query);
  const word = terms.words[0];
  if (!source.wordCounts || terms.cjk.length || terms.words.length !== 1 || !word) return sql<number>`0`;
  const lexemes = sql`tsvector_to_array(to_tsvector('russian'::regconfig, ${word}))`;
  return sql<number>`coalesce((
    select items from search_word_counts
    where source = ${source.wordCounts.source} and section = ${source.wordCounts.section}
      and word = (select (${lexemes})[1] where cardinality(${lexemes}) = 1)
  ), 0)`;
}
