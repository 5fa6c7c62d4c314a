import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { type PageT, SEARCH_COUNT_CAP, type SearchResultT } from '../../common/api.js';
import { databaseKinds, useTestApp } from '../helpers/app.js';
import { get } from '../helpers/http.js';

type Page = { count: number; results: { id: number; name: string }[] };

const listPath: Record<string, string> = {
  attractions: '/api/attractions/',
  routes: '/api/routes/',
  events: '/api/events/',
  residence: '/api/residence/',
  caterings: '/api/caterings/',
  entertainment: '/api/entertainment/',
  'tourist-information-centers': '/api/tourist-information-centers/',
  'tourism-type': '/api/tourism-type/',
  news: '/api/news/',
};

describe.each(databaseKinds)('site search on %s', (kind) => {
  const ctx = useTestApp(kind);
  const search = async (q: string, lang = 'ru', extra = '') => {
    const r = await get<SearchResultT>(ctx.t.app, `/api/search/?q=${encodeURIComponent(q)}${extra}`, {
      'accept-language': lang,
    });
    expect(r.status, `${q}: ${r.text.slice(0, 200)}`).toBe(200);
    return r.body;
  };
  const names = (r: SearchResultT, section = 'attractions') =>
    r.groups.find((g) => g.section === section)?.results.map((h) => h.name) ?? [];
  const marked = (text: string, ranges: [number, number][]) => ranges.map(([a, b]) => text.slice(a, b));

  it('ignores case', async () => {
    const lower = await search('выборг');
    const upper = await search('ВЫБОРГ');
    expect(upper.total).toBe(lower.total);
    expect(lower.total).toBeGreaterThan(5);
    expect(names(lower)[0]).toMatch(/Выборг/);
  });

  it('finds Russian word forms: "крепости" finds "крепость"', async () => {
    const r = await search('крепости');
    expect(names(r)).toEqual(expect.arrayContaining([expect.stringMatching(/крепость/i)]));
    const z = await search('замки');
    expect(z.total).toBeGreaterThan(0);
  });

  it('forgives small typos in names', async () => {
    const vyborg = await search('выбрг');
    expect(names(vyborg).some((n) => /Выборг/.test(n))).toBe(true);
    const fortress = await search('крепасть');
    expect(names(fortress).some((n) => /крепость/i.test(n))).toBe(true);
    const en = await search('vyborgg', 'en');
    expect(names(en, 'attractions').some((n) => /Vyborg/.test(n))).toBe(true);
  });

  it('does not take a short word for a typo of unrelated names: every result of "мост" marks it', async () => {
    // Word similarity of a four-letter word reaches the threshold with names that share two of its
    // trigrams: "мост" matched "монастырь", "пляж" "Плюсса", "park" "Palace" (decision 006).
    for (const [q, lang] of [
      ['мост', 'ru'],
      ['пляж', 'ru'],
      ['park', 'en'],
    ] as const) {
      const r = await search(q, lang);
      expect(r.total, q).toBeGreaterThan(0);
      const unmarked = r.groups.flatMap((g) =>
        g.results.filter((x) => !x.highlights.name.length && !x.highlights.snippet.length).map((x) => x.name),
      );
      expect(unmarked, q).toEqual([]);
    }
  });

  it('searches English with stemming: "castles" finds the castle', async () => {
    const r = await search('castles', 'en');
    expect(names(r)).toContain('Vyborg Castle');
    const hit = r.groups[0]?.results[0];
    expect(hit).toBeDefined();
  });

  it('searches Chinese without word breaks', async () => {
    const r = await search('维堡', 'zh');
    expect(r.total).toBeGreaterThan(0);
    expect(names(r).some((n) => n.includes('维堡'))).toBe(true);
    // A longer run matches by its two-character pieces.
    const castle = await search('维堡城堡', 'zh');
    expect(names(castle)[0]).toBe('维堡城堡');
    const hit = castle.groups[0]?.results[0];
    expect(marked(hit?.name ?? '', hit?.highlights.name ?? [])).toEqual(['维堡城堡']);
  });

  it('groups by section with counts that agree with the lists` search=', async () => {
    for (const [q, lang] of [
      ['крепости', 'ru'],
      ['выбрг', 'ru'],
      ['castle', 'en'],
      ['维堡', 'zh'],
    ] as const) {
      const r = await search(q, lang, '&limit=2');
      expect(r.total).toBe(r.groups.reduce((n, g) => n + g.count, 0));
      for (const g of r.groups) {
        expect(g.results.length).toBe(Math.min(2, g.count));
        const path = listPath[g.section];
        if (!path) continue;
        const list = await get<Page>(ctx.t.app, `${path}?limit=1&search=${encodeURIComponent(q)}`, {
          'accept-language': lang,
        });
        expect(list.body.count, `${q} in ${g.section}`).toBe(g.count);
      }
    }
  });

  it('highlight ranges point at the matching text', async () => {
    const r = await search('крепости');
    let checked = 0;
    for (const g of r.groups) {
      for (const h of g.results) {
        for (const [text, ranges] of [
          [h.name, h.highlights.name],
          [h.snippet, h.highlights.snippet],
        ] as const) {
          for (const piece of marked(text, ranges)) {
            expect(piece.toLowerCase()).toMatch(/^крепост/);
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(5);
    const typo = await search('выбрг');
    const first = typo.groups[0]?.results[0];
    expect(marked(first?.name ?? '', first?.highlights.name ?? [])[0]).toMatch(/^Выборг/);
    const sub = await search('castle', 'en');
    const vyborg = sub.groups[0]?.results.find((h) => h.name === 'Vyborg Castle');
    expect(marked(vyborg?.name ?? '', vyborg?.highlights.name ?? [])).toEqual(['Castle']);
  });

  it('rejects a missing, empty, too short or too long query with a 400 JSON error', async () => {
    for (const url of [
      '/api/search/',
      '/api/search/?q=',
      '/api/search/?q=%20%20',
      '/api/search/?q=a',
      '/api/search/?q=%25%25',
      `/api/search/?q=${'я'.repeat(101)}`,
      '/api/search/?q=abc&limit=0',
      '/api/search/?q=abc&limit=x',
    ]) {
      const r = await get(ctx.t.app, url);
      expect(r.status, url).toBe(400);
      expect(r.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    }
    // One Chinese character is a word.
    expect((await get(ctx.t.app, `/api/search/?q=${encodeURIComponent('堡')}`)).status).toBe(200);
  });

  it('survives injection-ish input', async () => {
    for (const q of [
      '%_%',
      "o'reilly",
      '"крепость"',
      'a & b | !c',
      '(крепость):*',
      'крепость & !замок',
      "'; drop table places; --",
      '\\\\',
      'крепость <-> замок',
      '维堡%',
    ]) {
      const r = await get(ctx.t.app, `/api/search/?q=${encodeURIComponent(q)}`);
      expect([200, 400], q).toContain(r.status);
      const list = await get(ctx.t.app, `/api/attractions/?limit=2&search=${encodeURIComponent(q)}`);
      expect(list.status, q).toBe(200);
    }
    const r = await search('(крепость):*');
    expect(r.total).toBe((await search('крепость')).total);
  });

  it('shows only events that are not over yet, like the events list', async () => {
    const r = await search('фестиваль', 'ru', '&limit=12');
    const events = r.groups.find((g) => g.section === 'events');
    const list = await get<Page>(
      ctx.t.app,
      `/api/events/?limit=12&search=${encodeURIComponent('фестиваль')}`,
    );
    expect(events?.count ?? 0).toBe(list.body.count);
  });
});

describe.each(databaseKinds)('search counts past the cap on %s', (kind) => {
  const ctx = useTestApp(kind);
  const extra = SEARCH_COUNT_CAP + 5;
  const word = encodeURIComponent('курганище');

  beforeAll(async () => {
    // More attractions with one word than a search counts: copies of the first demo attraction,
    // with the word in the annotation; only the last three (past the first thousand) have it in
    // their name.
    await sql`
      insert into places (section, id, key, name, annotation, description, district_id, lat, lon)
      select 'attractions', 900000 + g, 'cap-test-' || g,
        case when g > ${extra - 3}
          then jsonb_build_object('ru', 'Курганище ' || g, 'en', 'Kurgan field ' || g, 'zh', '古墓群 ' || g)
          else jsonb_build_object('ru', 'Поле ' || g, 'en', 'Field ' || g, 'zh', '田野 ' || g)
        end,
        jsonb_build_object('ru', 'Курганище у деревни', 'en', 'A kurgan field', 'zh', '古墓群'),
        p.description, p.district_id, p.lat, p.lon
      from generate_series(1, ${extra}) g,
        (select * from places where section = 'attractions' order by id limit 1) p`.execute(
      ctx.t.database.db,
    );
  });

  it('the list counts a search up to the cap, says so, and pages up to it', async () => {
    const first = await get<PageT<{ id: number }>>(ctx.t.app, `/api/attractions/?limit=9&search=${word}`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ count: SEARCH_COUNT_CAP, capped: true });
    expect(first.body.results).toHaveLength(9);
    const last = await get<PageT<{ id: number }>>(
      ctx.t.app,
      `/api/attractions/?limit=9&offset=${SEARCH_COUNT_CAP - 1}&search=${word}`,
    );
    expect(last.body.count).toBe(SEARCH_COUNT_CAP);
    expect(last.body.next).toBeNull();
    expect(last.body.results).toHaveLength(1);
    // Without a search the count is exact.
    const all = await get<PageT<{ id: number }>>(ctx.t.app, '/api/attractions/?limit=1');
    expect(all.body.count).toBeGreaterThan(extra);
    expect(all.body.capped).toBeUndefined();
    // Under the cap nothing changes: exact, no flag.
    const one = await get<PageT<{ id: number }>>(
      ctx.t.app,
      `/api/attractions/?limit=9&search=${encodeURIComponent('курганище 1000')}`,
    );
    expect(one.body.count).toBeGreaterThan(0);
    expect(one.body.count).toBeLessThan(SEARCH_COUNT_CAP);
    expect(one.body.capped).toBeUndefined();
  });

  it('the site search caps the same count as the list', async () => {
    const r = await get<SearchResultT>(ctx.t.app, `/api/search/?q=${word}`);
    expect(r.status).toBe(200);
    const group = r.body.groups.find((g) => g.section === 'attractions');
    expect(group).toMatchObject({ count: SEARCH_COUNT_CAP, capped: true });
    expect(r.body.capped).toBe(true);
    expect(r.body.total).toBe(r.body.groups.reduce((n, g) => n + g.count, 0));
  });

  it('the site search ranks the names with the word first, even past the first thousand matches', async () => {
    const r = await get<SearchResultT>(ctx.t.app, `/api/search/?q=${word}&limit=4`);
    const names = r.body.groups.find((g) => g.section === 'attractions')?.results.map((x) => x.name);
    // (The fourth is a close name: "Кургальский заказник" of the demo content.)
    expect(names?.slice(0, 3)).toEqual([
      `Курганище ${extra - 2}`,
      `Курганище ${extra - 1}`,
      `Курганище ${extra}`,
    ]);
  });
});
