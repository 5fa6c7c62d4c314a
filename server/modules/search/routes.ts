import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import {
  ErrorBody,
  SEARCH_COUNT_CAP,
  type SearchGroupT,
  type SearchHitT,
  SearchQuery,
  SearchResult,
  type SearchSection,
  SITE_SEARCH_COUNT_CAP,
  searchSections,
} from '../../../common/api.js';
import { type Lang, languages } from '../../../common/languages.js';
import { type Section, type SectionTable, sections } from '../../../common/sections.js';
import type { DB, Translated } from '../../db/schema.js';
import { firstImage } from '../../lib/cards.js';
import { HttpError } from '../../lib/errors.js';
import { readRoute } from '../../lib/readers.js';
import {
  hasTerms,
  highlightRanges,
  matchCondition,
  nameHitCondition,
  parseQuery,
  rankExpression,
  type SearchTerms,
  snippetOf,
} from '../../lib/search.js';
import { regionToday } from '../../lib/today.js';
import { tr } from '../../lib/translate.js';

interface Source {
  table: string;
  /** What the section's list endpoint also requires (so that the counts agree). */
  where: () => RawBuilder<boolean>;
  date: RawBuilder<string | null>;
  /** Its rows in search_word_counts (migration 012), where it has them. */
  wordCounts?: { source: string; section: string };
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
    ...(counted ? { wordCounts: { source: table, section: scope?.section ?? '' } } : {}),
  };
}

const sources = new Map<SearchSection, Source>(
  sections.filter((s) => s.siteSearch).map((s) => [s.slug as SearchSection, sourceOf(s)]),
);
sources.set('directions', { table: 'directions', where: always, date: sql`null` });

interface Row {
  id: number;
  name: Translated;
  annotation: Translated;
  description: Translated;
  images: string[];
  date: string | null;
  total: number;
}

export const searchRoutes: FastifyPluginAsyncTypebox = async (app) => {
  readRoute(
    app,
    '/search/',
    {
      photos: true,
      schema: {
        tags: ['content'],
        summary: 'Site search: every section at once, grouped, with counts and highlight ranges',
        description:
          'Looks in every language (a name typed in Latin, Cyrillic or Chinese characters is found on ' +
          'every page) and ranks matches in the language asked for first. Forgiving of case, word ' +
          'forms (Russian and English stemming), small typos in names and Chinese without word ' +
          `breaks. Each group counts its matches up to ${SITE_SEARCH_COUNT_CAP} (the section list with ` +
          `\`search=\` finds the same items and counts up to ${SEARCH_COUNT_CAP}) and carries its best ` +
          '`limit` items. A query without at least two letters or digits (or one Chinese character) ' +
          'is a 400.',
        querystring: SearchQuery,
        response: { 200: SearchResult, 400: ErrorBody },
      },
    },
    async (request) => {
      const { lang } = request;
      const query = request.query.q.replace(/\s+/g, ' ').trim();
      const terms = parseQuery(query);
      if (!hasTerms(terms) || (!terms.cjk.length && terms.words.every((w) => [...w].length < 2))) {
        throw new HttpError(
          400,
          'querystring q must contain at least 2 letters or digits (or 1 Chinese character)',
        );
      }
      const limit = request.query.limit ?? 4;
      // One query per section, all at once: PostgreSQL runs them on as many connections (PGlite,
      // with its one connection, one after another).
      const found = await Promise.all(
        searchSections.map((section) =>
          searchSection(app.readDb, sources.get(section) as Source, query, lang, limit),
        ),
      );
      const groups: SearchGroupT[] = [];
      searchSections.forEach((section, i) => {
        const { rows, total } = found[i] as Found;
        if (!total) return;
        // The search page shows the best few of a section; its list counts on (decision 010).
        const capped = total > SITE_SEARCH_COUNT_CAP;
        groups.push({
          section,
          count: capped ? SITE_SEARCH_COUNT_CAP : total,
          ...(capped ? { capped: true as const } : {}),
          results: rows.map((r) => hitOf(r, lang, terms)),
        });
      });
      const total = groups.reduce((n, g) => n + g.count, 0);
      return { query, total, ...(groups.some((g) => g.capped) ? { capped: true as const } : {}), groups };
    },
  );
};

/**
 * A result as the page shows it: name and snippet in the page's language. When the query matched
 * none of them (it matched another language: "Vyborg" on the Russian page), the name that matched
 * goes beside it, and the snippet comes from the language whose text matched, so that the visitor
 * sees why the item was found.
 */
function hitOf(r: Row, lang: Lang, terms: SearchTerms): SearchHitT {
  // Chinese says as much in fewer characters.
  const snippetIn = (l: Lang) =>
    snippetOf(tr(r.annotation, l), tr(r.description, l), terms, l === 'zh' ? 90 : 200);
  const name = tr(r.name, lang);
  const snippet = snippetIn(lang);
  const hit: SearchHitT = {
    id: r.id,
    name,
    snippet,
    img: firstImage(r.images),
    date: r.date,
    highlights: { name: highlightRanges(name, terms), snippet: highlightRanges(snippet, terms) },
  };
  if (hit.highlights.name.length) return hit;
  const others = languages.filter((l) => l !== lang && r.name[l] && r.name[l] !== name);
  for (const other of others) {
    const otherName = r.name[other] as string;
    const marks = highlightRanges(otherName, terms);
    if (marks.length) {
      hit.alsoName = { lang: other, name: otherName, highlights: marks };
      return hit;
    }
  }
  if (hit.highlights.snippet.length) return hit;
  for (const other of languages.filter((l) => l !== lang && r.annotation[l] !== undefined)) {
    const otherSnippet = snippetIn(other);
    const marks = highlightRanges(otherSnippet, terms);
    if (marks.length) {
      return { ...hit, snippet: otherSnippet, snippetLang: other, highlights: { name: [], snippet: marks } };
    }
  }
  return hit;
}

interface Found {
  rows: Row[];
  /** Matches counted, at most SITE_SEARCH_COUNT_CAP + 1. */
  total: number;
}

/**
 * A section's count and its best `limit` matches (decision 010), in one statement. The count
 * reads the ids of at most SITE_SEARCH_COUNT_CAP + 1 matches. When they are all counted, all of
 * them are ranked. When there are more, the matches with a word of the query in a name are ranked
 * instead (again at most the cap's worth; a name hit outranks everything else, so for one word the
 * best items are exact as long as no more than 100 names have it), and the first matches join them
 * only when the names give fewer than `limit`. Rows are read in full only for the items ranked.
 * Ranking every match of a common word took a second at factor 10; ranking the first matches of a
 * section whose names already fill the page, and a second statement per section, took a third of
 * the search page's database time (docs/performance.md).
 */
async function searchSection(
  db: Kysely<DB>,
  source: Source,
  query: string,
  lang: Lang,
  limit: number,
): Promise<Found> {
  const table = sql.table(source.table);
  const match = sql<boolean>`${source.where()} and ${matchCondition(query)}`;
  const cap = SITE_SEARCH_COUNT_CAP;
  // A CTE is evaluated only when a row of it is asked for, and `case` and `or` stop at their first
  // answer: `first` is not read when the word counts already tell, `named` only past the cap.
  const { rows } = await sql<Row & { rank: number }>`
    with first as materialized (select id from ${table} where ${match} limit ${cap + 1}),
    counted as (
      select case when ${knownItems(source, query)} > ${cap} then ${cap + 1}
        else (select count(*) from first) end::int as n
    ),
    named as materialized (
      select id from ${table} where ${match} and ${nameHitCondition(query)} limit ${cap + 1}
    ),
    picked as (
      select id from first
        where (select n from counted) <= ${cap} or (select count(*) from named) < ${limit}
      union
      select id from named where (select n from counted) > ${cap}
    )
    select id, name, annotation, description, images, ${source.date} as date,
      (select n from counted) as total, ${rankExpression(query, lang)} as rank
    from ${table}
    where ${source.where()} and id in (select id from picked)
    order by rank desc, id
    limit ${limit}`.execute(db);
  // Every match is in `first`, and some match is ranked whenever there is one.
  return { rows, total: Number(rows[0]?.total ?? 0) };
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
