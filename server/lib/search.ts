import { type RawBuilder, sql } from 'kysely';
import type { Lang } from '../../common/languages.js';

// The search matcher shared by the lists' `search=` and the site search (docs/decisions/006-search.md).
// It looks in every language at once (decision 017): a visitor types a name in the alphabet they
// have, whatever the page's language. A query is cut into words; every word must match the item in
// at least one way:
//  - word forms: the stored tsvector `fts_all` (the `russian` configuration: Russian snowball
//    stemming for Cyrillic words, English for Latin ones) against plainto_tsquery of the word, so
//    "крепости" finds "крепость" and "castles" finds "castle";
//  - substring: `search_all` (lower-cased names, annotations and descriptions of every language)
//    LIKE %word%, served by its trigram index ("выборг" finds "Выборгский");
//  - small typos: pg_trgm word_similarity of the word against the names `names_all` at least
//    TYPO_THRESHOLD (the `<%` operator, indexed), for words of TYPO_MIN_LENGTH letters or more ("выбрг" finds "Выборг").
// Chinese has no word breaks: a run of Han characters matches when every two-character piece of
// it occurs in the text (a run of one or two characters: when it occurs), found by the index of
// the text's Han characters and pairs (022-search-han-grams.sql).
// The query never reaches SQL as syntax: words are bound values, LIKE wildcards are escaped and
// tsquery operators cannot survive the word split.

/** word_similarity(word, name) at or above this counts as a typo match (measured: see 006). */
export const TYPO_THRESHOLD = 0.4;
/** Words shorter than this are matched by word form and substring only. */
export const TYPO_MIN_LENGTH = 5;
/** At most this many words of a query are used. */
export const MAX_WORDS = 8;

const han = /\p{Script=Han}/u;

export interface SearchTerms {
  /** The lower-cased, trimmed query. */
  text: string;
  /** Letter/digit words (lower-cased), without one-letter words when longer ones exist. */
  words: string[];
  /** Runs of Han characters. */
  cjk: string[];
}

/** Cuts a query into words and Han runs. */
export function parseQuery(query: string): SearchTerms {
  const text = query.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();
  const tokens = text.replace(/(\p{Script=Han}+)/gu, ' $1 ').match(/[\p{L}\p{N}]+/gu) ?? [];
  const unique = [...new Set(tokens.map((t) => t.slice(0, 50)))];
  const cjk = unique.filter((t) => han.test(t));
  let words = unique.filter((t) => !han.test(t));
  if (words.some((w) => w.length > 1) || cjk.length) words = words.filter((w) => w.length > 1);
  return { text, words: words.slice(0, MAX_WORDS), cjk: cjk.slice(0, MAX_WORDS) };
}

/** Whether a query has anything to look for. */
export function hasTerms(terms: SearchTerms): boolean {
  return terms.words.length > 0 || terms.cjk.length > 0;
}

/** Escapes LIKE wildcards so that a visitor's `%` or `_` match themselves. */
export function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The two-character pieces of a Han run (the run itself when it is one or two characters). */
export function cjkPieces(run: string): string[] {
  const chars = [...run];
  if (chars.length <= 2) return [run];
  const pieces: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) pieces.push(`${chars[i]}${chars[i + 1]}`);
  return [...new Set(pieces)];
}

// The columns of 009-search-all-languages.sql.
const doc = sql.ref('search_all');
const fts = sql.ref('fts_all');
const names = sql.ref('names_all');
/** Word forms of a word: the configuration fts_all was made with. */
const tsquery = (word: string) => sql`plainto_tsquery('russian'::regconfig, ${word})`;

/** The weight of a language's annotation and description in fts_all (the names are 'a'). */
const textWeight: Record<Lang, string> = { ru: 'b', en: 'c', zh: 'd' };
/** ts_rank's weights {D, C, B, A}: the names most, the page language's text more than the others'. */
const rankWeights: Record<Lang, string> = {
  ru: '{0.1, 0.1, 0.4, 1}',
  en: '{0.1, 0.4, 0.1, 1}',
  zh: '{0.4, 0.1, 0.1, 1}',
};

function wordMatch(word: string): RawBuilder<boolean> {
  const forms = sql<boolean>`${fts} @@ ${tsquery(word)}`;
  const substring = sql<boolean>`${doc} like ${likePattern(word)}`;
  if ([...word].length < TYPO_MIN_LENGTH) return sql<boolean>`(${forms} or ${substring})`;
  // `<%` is word_similarity(word, names) >= pg_trgm.word_similarity_threshold, which every
  // connection sets to TYPO_THRESHOLD (server/db/database.ts); unlike the function it uses the index.
  const typo = sql<boolean>`${word} <% ${names}`;
  return sql<boolean>`(${forms} or ${substring} or ${typo})`;
}

/**
 * Han characters that 022-search-han-grams.sql indexes (the BMP's unified ideographs), one piece's
 * worth: a piece of others (rare extensions, compatibility forms) is matched by LIKE alone.
 */
const hanIndexed = /^[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]{1,2}$/u;

function cjkMatch(run: string, hanIndex: boolean): RawBuilder<boolean> {
  const pieces = cjkPieces(run);
  const likes = pieces.map((p) => sql<boolean>`${doc} like ${likePattern(p)}`);
  const indexed = pieces.filter((p) => hanIndexed.test(p));
  // Every piece's characters and pairs are in search_han_grams of a matching row: one probe of
  // that index finds the rows holding them all; LIKE then checks each piece in the text itself.
  if (indexed.length && hanIndex) {
    likes.unshift(sql<boolean>`search_han_grams(${doc}) @> ${sql.val(indexed)}::text[]`);
  }
  return sql.join(likes, sql` and `) as RawBuilder<boolean>;
}

/**
 * The condition "the item matches the query" in any language, over the search columns of the
 * table queried (search_all, fts_all, names_all). A query without letters or digits matches literally.
 * Without `hanIndex` a Han run is tested by its LIKEs alone, the same answer (its pieces in the text
 * are its characters and pairs in the text's index): for rows found through another index, where
 * the index's test would be computed for each row, a pass over the whole text (0.3-0.6 ms a row).
 */
export function matchCondition(query: string, { hanIndex = true } = {}): RawBuilder<boolean> {
  const terms = parseQuery(query);
  if (!hasTerms(terms)) return sql<boolean>`${doc} like ${likePattern(terms.text)}`;
  const parts = [...terms.words.map(wordMatch), ...terms.cjk.map((run) => cjkMatch(run, hanIndex))];
  return sql<boolean>`(${sql.join(parts, sql` and `)})`;
}

/**
 * "A word of the query is in a name" (of any language): the part of the rank that outweighs all
 * the others. Each such word adds at least 2 to the rank, every part of a word's score without it
 * stays below 2, so for a one-word query an item with the word in a name always ranks above one without.
 */
export function nameHitCondition(query: string): RawBuilder<boolean> {
  const terms = parseQuery(query);
  if (!terms.words.length && !terms.cjk.length) return sql<boolean>`false`;
  // A Han run: its pieces in the names' own index of Han characters and pairs (034-search-han-names.sql;
  // the trigram index has no trigram of one or two Han characters and answered "every row"), then
  // the run itself with strpos, the same test as LIKE for a run (it holds no wildcard) that no
  // index offers to serve.
  const hanHit = (run: string) => {
    const indexed = cjkPieces(run).filter((p) => hanIndexed.test(p));
    const found = sql<boolean>`strpos(${names}, ${run}) > 0`;
    return indexed.length
      ? sql<boolean>`(search_han_grams(${names}) @> ${sql.val(indexed)}::text[] and ${found})`
      : found;
  };
  return sql<boolean>`(${sql.join(
    [...terms.words.map((w) => sql<boolean>`${names} like ${likePattern(w)}`), ...terms.cjk.map(hanHit)],
    sql` or `,
  )})`;
}

/**
 * A relevance score, the page's language first. Per word: 4 when the name in the page's language
 * holds it, 2 when a name in any language does, 1 when the page language's text has a form of it,
 * and below 1 together: how close the closest name is and the full-text rank (names and the page
 * language's text weigh more). So a name in the page's language comes before a name in another
 * one, and that before a match in a text.
 */
export function rankExpression(query: string, lang: Lang): RawBuilder<number> {
  const terms = parseQuery(query);
  // The name shown on the page (with the fallback the page uses: ru).
  const pageName = sql`lower(coalesce(name->>${lang}, name->>'ru', ''))`;
  const parts: RawBuilder<number>[] = [sql<number>`0`];
  const nameHit = (piece: string) =>
    sql<number>`(case when ${pageName} like ${likePattern(piece)} then 4 else 0 end)
      + (case when ${names} like ${likePattern(piece)} then 2 else 0 end)`;
  for (const w of terms.words) {
    parts.push(
      nameHit(w),
      sql<number>`(case when ts_filter(${fts}, ${`{${textWeight[lang]}}`}::"char"[]) @@ ${tsquery(w)} then 1 else 0 end)`,
      sql<number>`0.5 * word_similarity(${w}, ${names})`,
      sql<number>`0.5 * ts_rank(${rankWeights[lang]}::float4[], ${fts}, ${tsquery(w)}, 32)`,
    );
  }
  for (const r of terms.cjk) parts.push(nameHit(r));
  return sql<number>`(${sql.join(parts, sql` + `)})`;
}

// --- Highlighting: which character ranges of a text the query matched -----------------------

/** [start, end) in UTF-16 code units, as JavaScript's String indices. */
export type Range = [number, number];

function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(
        (prev[j] as number) + 1,
        (cur[j - 1] as number) + 1,
        (prev[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      cur.push(v);
      best = Math.min(best, v);
    }
    if (best > max) return max + 1;
    prev = cur;
  }
  return prev[b.length] as number;
}

/** Whether a text word is a form or a small misspelling of a query word. */
function closeWord(query: string, word: string): boolean {
  if (query.length < 4 || word.slice(0, 2) !== query.slice(0, 2)) return false;
  // Another form: the same stem (a long common beginning) with an ending of a few letters.
  let common = 0;
  while (common < query.length && query[common] === word[common]) common++;
  if (common >= Math.max(3, query.length - 3) && word.length - common <= 4) return true;
  // A small misspelling: the query is a few edits away from the start of the word.
  const max = query.length <= 6 ? 1 : 2;
  const from = Math.max(2, query.length - max);
  for (let len = Math.min(from, word.length); len <= Math.min(word.length, query.length + max); len++) {
    if (word.length - len <= 4 && editDistance(query, word.slice(0, len), max) <= max) return true;
  }
  return false;
}

function merge(ranges: Range[]): Range[] {
  const sorted = ranges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const out: Range[] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else out.push([r[0], r[1]]);
  }
  return out;
}

function occurrences(haystack: string, needle: string): Range[] {
  const out: Range[] = [];
  if (!needle) return out;
  let i = haystack.indexOf(needle);
  while (i >= 0) {
    out.push([i, i + needle.length]);
    i = haystack.indexOf(needle, i + needle.length);
  }
  return out;
}

/** ё written as е (one UTF-16 unit for another). */
function sameYo(text: string): string {
  return text.replace(/ё/g, 'е');
}

/**
 * The ranges of `text` that the query matched: substrings, word forms, close spellings, Han pieces.
 * With `firstOnly` the scan stops at the first matching word (the first range is still the
 * earliest): enough to place a snippet, without reading the rest of a long description.
 */
export function highlightRanges(text: string, terms: SearchTerms, firstOnly = false): Range[] {
  if (!text) return [];
  // Lower-casing keeps the length of Cyrillic, Latin and Han text, so indices carry over; so does
  // reading ё as е, as the Russian stemmer does ("озеро" matched "озёра" but marked nothing).
  const lower = sameYo(text.toLowerCase());
  const same = lower.length === text.length;
  const ranges: Range[] = [];
  if (!same) return ranges;
  for (const run of terms.cjk) {
    const whole = occurrences(lower, run);
    ranges.push(...(whole.length ? whole : cjkPieces(run).flatMap((p) => occurrences(lower, p))));
  }
  const queryWords = terms.words.map(sameYo);
  if (queryWords.length) {
    for (const m of lower.matchAll(/[\p{L}\p{N}]+/gu)) {
      const word = m[0];
      const start = m.index;
      const before = ranges.length;
      for (const q of queryWords) {
        const inside = occurrences(word, q);
        if (inside.length) ranges.push(...inside.map(([a, b]): Range => [start + a, start + b]));
        else if (closeWord(q, word)) ranges.push([start, start + word.length]);
      }
      if (firstOnly && ranges.length > before) break;
    }
  }
  return merge(ranges);
}

/**
 * A short text to show under a result: the annotation when it has a match, otherwise the piece of
 * the description around its first match, otherwise the annotation.
 */
export function snippetOf(annotation: string, description: string, terms: SearchTerms, size = 200): string {
  if (highlightRanges(annotation, terms, true).length || !description) return cut(annotation, 0, size);
  const first = highlightRanges(description, terms, true)[0];
  if (!first) return cut(annotation || description, 0, size);
  // Some words before the match, so that it reads as a sentence.
  return cut(description, Math.max(0, first[0] - Math.round(size * 0.3)), size);
}

function cut(raw: string, from: number, size: number): string {
  // Paragraph breaks become spaces; this keeps the indices up to `from` only approximately.
  const text = raw.replace(/\s+/g, ' ');
  let start = Math.min(from, text.length);
  if (start > 0) {
    const space = text.lastIndexOf(' ', start);
    start = space > start - 20 ? space + 1 : start;
  }
  let end = Math.min(text.length, start + size);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > start + size / 2) end = space;
  }
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
}
