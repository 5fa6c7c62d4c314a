import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBody,
  SEARCH_COUNT_CAP,
  type SearchGroupT,
  type SearchHitT,
  SearchQuery,
  SearchResult,
  SITE_SEARCH_COUNT_CAP,
  searchSections,
} from '../../../common/api.js';
import { type Lang, languages } from '../../../common/languages.js';
import { firstImage } from '../../lib/cards.js';
import { HttpError } from '../../lib/errors.js';
import { readRoute } from '../../lib/readers.js';
import { hasTerms, highlightRanges, parseQuery, type SearchTerms, snippetOf } from '../../lib/search.js';
import { tr, trPlain } from '../../lib/translate.js';
import { type Row, searchAll } from './repository.js';

export const searchRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.routeReads.search = readRoute(
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
      const found = await searchAll(app.readDb, query, lang, limit);
      const groups: SearchGroupT[] = [];
      for (const section of searchSections) {
        const { rows, total } = found.get(section) ?? { rows: [], total: 0 };
        if (!total) continue;
        // The search page shows the best few of a section; its list counts on (decision 010).
        const capped = total > SITE_SEARCH_COUNT_CAP;
        groups.push({
          section,
          count: capped ? SITE_SEARCH_COUNT_CAP : total,
          ...(capped ? { capped: true as const } : {}),
          results: rows.map((r) => hitOf(r, lang, terms)),
        });
      }
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
    snippetOf(tr(r.annotation, l), trPlain(r.description, l), terms, l === 'zh' ? 90 : 200);
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
