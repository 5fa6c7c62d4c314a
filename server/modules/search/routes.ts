import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import {
  ErrorBody,
  SEARCH_COUNT_CAP,
  type SearchGroupT,
  SearchQuery,
  SearchResult,
  type SearchSection,
  searchSections,
} from '../../../common/api.js';
import type { Lang } from '../../../common/languages.js';
import type { DB, Translated } from '../../db/schema.js';
import { firstImage } from '../../lib/cards.js';
import { HttpError } from '../../lib/errors.js';
import {
  hasTerms,
  highlightRanges,
  matchCondition,
  nameHitCondition,
  parseQuery,
  rankExpression,
  snippetOf,
} from '../../lib/search.js';
import { regionToday } from '../../lib/today.js';
import { tr } from '../../lib/translate.js';

interface Source {
  table: string;
  /** What the section's list endpoint also requires (so that the counts agree). */
  where: () => RawBuilder<boolean>;
  date: RawBuilder<string | null>;
}

const place = (section: string): Source => ({
  table: 'places',
  where: () => sql<boolean>`section = ${section}`,
  date: sql`null`,
});
const always = () => sql<boolean>`true`;

const sources: Record<SearchSection, Source> = {
  attractions: place('attractions'),
  routes: { table: 'routes', where: always, date: sql`null` },
  // Like /api/events/: events that are not over yet.
  events: { table: 'events', where: () => sql<boolean>`end_date >= ${regionToday()}`, date: sql`start_date` },
  residence: place('residence'),
  caterings: place('caterings'),
  entertainment: place('entertainment'),
  'tourist-information-centers': place('tourist-information-centers'),
  'tourism-type': { table: 'tourism_types', where: always, date: sql`null` },
  news: { table: 'news', where: always, date: sql`date` },
  directions: { table: 'directions', where: always, date: sql`null` },
};

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
  app.get(
    '/search/',
    {
      schema: {
        tags: ['content'],
        summary: 'Site search: every section at once, grouped, with counts and highlight ranges',
        description:
          'Forgiving of case, word forms (Russian and English stemming), small typos in names and ' +
          'Chinese without word breaks. Each group counts its matches up to ' +
          `${SEARCH_COUNT_CAP} (the section list with \`search=\` gives the same count) and carries ` +
          'its first `limit` items. A query without at least two letters or digits (or one Chinese ' +
          'character) is a 400.',
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
        searchSections.map((section) => searchSection(app.readDb, sources[section], query, lang, limit)),
      );
      const groups: SearchGroupT[] = [];
      searchSections.forEach((section, i) => {
        const { rows, total } = found[i] as Found;
        if (!total) return;
        // The same cap as the section's list with search= (decision 010), so that the counts agree.
        const capped = total > SEARCH_COUNT_CAP;
        groups.push({
          section,
          count: capped ? SEARCH_COUNT_CAP : total,
          ...(capped ? { capped: true as const } : {}),
          results: rows.map((r) => {
            const name = tr(r.name, lang);
            // Chinese says as much in fewer characters.
            const size = lang === 'zh' ? 90 : 200;
            const snippet = snippetOf(tr(r.annotation, lang), tr(r.description, lang), terms, size);
            return {
              id: r.id,
              name,
              snippet,
              img: firstImage(r.images),
              date: r.date,
              highlights: { name: highlightRanges(name, terms), snippet: highlightRanges(snippet, terms) },
            };
          }),
        });
      });
      const total = groups.reduce((n, g) => n + g.count, 0);
      return { query, total, ...(groups.some((g) => g.capped) ? { capped: true as const } : {}), groups };
    },
  );
};

interface Found {
  rows: Row[];
  /** Matches counted, at most SEARCH_COUNT_CAP + 1. */
  total: number;
}

/**
 * A section's count and its best `limit` matches (decision 010). The count reads at most
 * SEARCH_COUNT_CAP + 1 matches, as the section's list does, and ranks those. When there are more,
 * the matches with a word of the query in their name are ranked too (again at most the cap's
 * worth): a name hit outranks everything else, so for one word the best items are exact as long as
 * no more than 1,000 names have it. Ranking every match of a common word took a second at factor 10.
 */
async function searchSection(
  db: Kysely<DB>,
  source: Source,
  query: string,
  lang: Lang,
  limit: number,
): Promise<Found> {
  const ranked = (also: RawBuilder<boolean>) =>
    sql<Row & { rank: number }>`
    select id, name, annotation, description, images, item_date as date,
      count(*) over () as total, rank
    from (
      select *, ${source.date} as item_date, ${rankExpression(query, lang)} as rank
      from ${sql.table(source.table)}
      where ${source.where()} and ${matchCondition(query, lang)} and ${also}
      limit ${SEARCH_COUNT_CAP + 1}
    ) as matches
    order by rank desc, id
    limit ${limit}`.execute(db);
  const first = (await ranked(sql<boolean>`true`)).rows;
  const total = Number(first[0]?.total ?? 0);
  if (total <= SEARCH_COUNT_CAP) return { rows: first, total };
  const named = (await ranked(nameHitCondition(query, lang))).rows;
  const byId = new Map([...first, ...named].map((r) => [r.id, r]));
  const rows = [...byId.values()].sort((a, b) => b.rank - a.rank || a.id - b.id).slice(0, limit);
  return { rows, total };
}
