// The relevance table of the site search: a set of queries in ru, en and zh (word forms, typos,
// Chinese pieces), each with its total, its counts per section and its top results with the marked
// words in [brackets]. Runs on a throwaway in-memory PGlite with the demo content.
//   npx tsx bench/search-relevance.ts                 (the built-in queries)
//   npx tsx bench/search-relevance.ts en:castles ru:выбрг
import type { SearchResultT } from '../common/api.js';
import { createTestApp } from '../tests/helpers/app.js';

const builtIn = [
  'ru:крепость',
  'ru:крепости',
  'ru:КРЕПОСТЬ',
  'ru:крепасть',
  'ru:выбрг',
  'ru:замки',
  'ru:усадьбы',
  'ru:гатчинский дворец',
  'ru:рыбалка',
  'ru:ладожское озеро',
  'ru:монастырь',
  'en:castles',
  'en:vyborgg',
  'en:monasteries',
  'en:fishing',
  'en:gatchina palace',
  'zh:维堡',
  'zh:维堡城堡',
  'zh:要塞',
  'zh:修道院',
  'zh:拉多加湖',
];
const queries = process.argv.length > 2 ? process.argv.slice(2) : builtIn;

function marked(text: string, ranges: [number, number][]): string {
  let out = '';
  let at = 0;
  for (const [a, b] of ranges) {
    out += `${text.slice(at, a)}[${text.slice(a, b)}]`;
    at = b;
  }
  return out + text.slice(at);
}

const t = await createTestApp('pglite');
try {
  for (const item of queries) {
    const [lang, q] = item.includes(':') ? (item.split(/:(.*)/s) as [string, string]) : ['ru', item];
    const started = performance.now();
    const res = await t.app.inject({
      url: `/api/search/?q=${encodeURIComponent(q)}&limit=3`,
      headers: { 'accept-language': lang },
    });
    const ms = Math.round(performance.now() - started);
    if (res.statusCode !== 200) {
      console.log(`| ${lang} | ${q} | ${res.statusCode} | ${res.json().message} |`);
      continue;
    }
    const body = res.json<SearchResultT>();
    const counts = body.groups.map((g) => `${g.section} ${g.count}`).join(', ');
    const top = body.groups
      .flatMap((g) => g.results.slice(0, 1).map((h) => marked(h.name, h.highlights.name)))
      .slice(0, 4)
      .join('; ');
    console.log(`| ${lang} | ${q} | ${body.total} | ${counts} | ${top} | ${ms} ms |`);
  }
} finally {
  await t.close();
}
