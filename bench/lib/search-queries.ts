/**
 * The site search's bench queries (bench/site-search.ts, bench/site-search-statement.ts): ten in
 * three languages, each asked with its page language: common and middling words, a typo, Chinese
 * pieces.
 */
export const siteSearchQueries: [lang: 'ru' | 'en' | 'zh', q: string][] = [
  ['ru', 'усадьба'],
  ['ru', 'озеро'],
  ['ru', 'музей'],
  ['ru', 'крепасть'],
  ['ru', 'водопад'],
  ['en', 'castle'],
  ['en', 'lake'],
  ['en', 'monastery'],
  ['zh', '博物馆'],
  ['zh', '湖'],
];
