import { describe, expect, it } from 'vitest';
import { databaseKinds, useTestApp } from '../helpers/app.js';
import { get } from '../helpers/http.js';

type Item = { id: number; name: string; [k: string]: any };
type Page = { count: number; results: Item[] };

describe.each(databaseKinds)('filters and search on %s', (kind) => {
  const ctx = useTestApp(kind);
  const app = () => ctx.t.app;

  const districtId = (key: string) => ctx.c.districts.findIndex((d) => d.key === key) + 1;

  it.each([
    'attractions',
    'residence',
    'caterings',
    'entertainment',
    'tourist-information-centers',
    'routes',
    'events',
  ])('%s: district__in keeps only those districts', async (section) => {
    const all = await get<Item[]>(
      app(),
      `/api/${section}/${section === 'events' ? '?date_from=2000-01-01' : ''}`,
    );
    const d = all.body[0]?.district.id as number;
    const other = all.body.find((x) => x.district.id !== d)?.district.id as number;
    const sep = section === 'events' ? '&' : '?';
    const base = `/api/${section}/${section === 'events' ? '?date_from=2000-01-01' : ''}`;
    const one = await get<Item[]>(app(), `${base}${sep}district__in=${d}`);
    expect(one.body.length).toBe(all.body.filter((x) => x.district.id === d).length);
    expect(one.body.every((x) => x.district.id === d)).toBe(true);
    const two = await get<Item[]>(app(), `${base}${sep}district__in=${d},${other}`);
    expect(two.body.length).toBe(
      all.body.filter((x) => x.district.id === d || x.district.id === other).length,
    );
    const none = await get<Page>(app(), `${base}${sep}district__in=987654&limit=5`);
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ count: 0, results: [] });
  });

  it('attractions: type__in and tourism_type__in (any of the ids), combined with district', async () => {
    const all = (await get<Item[]>(app(), '/api/attractions/')).body;
    const type = all[0]?.type.id as number;
    const byType = (await get<Item[]>(app(), `/api/attractions/?type__in=${type}`)).body;
    expect(byType.length).toBe(all.filter((a) => a.type?.id === type).length);
    const tt = [1, 2];
    const byTourism = (await get<Item[]>(app(), `/api/attractions/?tourism_type__in=${tt.join(',')}`)).body;
    expect(byTourism.length).toBe(
      all.filter((a) => a.tourism_type.some((x: Item) => tt.includes(x.id))).length,
    );
    expect(byTourism.length).toBeGreaterThan(0);
    const vyborg = districtId('vyborgsky');
    const both = (await get<Item[]>(app(), `/api/attractions/?tourism_type__in=1&district__in=${vyborg}`))
      .body;
    expect(both.length).toBe(
      all.filter((a) => a.district.id === vyborg && a.tourism_type.some((x: Item) => x.id === 1)).length,
    );
  });

  it('caterings: institution_type__in and kitchen_type__in', async () => {
    const all = (await get<Item[]>(app(), '/api/caterings/')).body;
    const inst = all[0]?.institution_type.id as number;
    const r = (await get<Item[]>(app(), `/api/caterings/?institution_type__in=${inst}`)).body;
    expect(r.length).toBe(all.filter((x) => x.institution_type?.id === inst).length);
    const kitchen = all[0]?.kitchen_type[0]?.id as number;
    const k = (await get<Item[]>(app(), `/api/caterings/?kitchen_type__in=${kitchen}`)).body;
    expect(k.length).toBe(all.filter((x) => x.kitchen_type.some((y: Item) => y.id === kitchen)).length);
  });

  it('routes: way_to_travel repeats its key, and type__in', async () => {
    const all = (await get<Item[]>(app(), '/api/routes/')).body;
    const has = (r: Item, ids: number[]) => r.way_to_travel.some((w: Item) => ids.includes(w.id));
    const foot = (await get<Item[]>(app(), '/api/routes/?way_to_travel=1')).body;
    expect(foot.length).toBe(all.filter((r) => has(r, [1])).length);
    const footOrCar = (await get<Item[]>(app(), '/api/routes/?way_to_travel=1&way_to_travel=3')).body;
    expect(footOrCar.length).toBe(all.filter((r) => has(r, [1, 3])).length);
    expect(footOrCar.length).toBeGreaterThan(foot.length);
    const type = all[0]?.type.id as number;
    const byType = (await get<Item[]>(app(), `/api/routes/?type__in=${type}`)).body;
    expect(byType.length).toBe(all.filter((r) => r.type.id === type).length);
  });

  it('search matches names and descriptions case-insensitively in every language, on every page', async () => {
    type Texts = (typeof ctx.c.attractions)[number];
    const text = (a: Texts) =>
      (['ru', 'en', 'zh'] as const)
        .map((l) => `${a.name[l] ?? ''} ${a.annotation[l] ?? ''} ${a.description[l] ?? ''}`)
        .join(' ');
    const having = (re: RegExp) => ctx.c.attractions.filter((a) => re.test(text(a))).length;
    for (const lang of ['ru', 'en', 'zh']) {
      const headers = { 'accept-language': lang };
      const ru = (
        await get<Item[]>(app(), `/api/attractions/?search=${encodeURIComponent('ВЫБОРГ')}`, headers)
      ).body;
      expect(ru.length, lang).toBe(having(/выборг/i));
      const en = (await get<Item[]>(app(), '/api/attractions/?search=vyborg', headers)).body;
      expect(en.length, lang).toBe(having(/vyborg/i));
      const zh = (await get<Item[]>(app(), `/api/attractions/?search=${encodeURIComponent('维堡')}`, headers))
        .body;
      expect(zh.length, lang).toBeGreaterThan(0);
      expect(zh.length, lang).toBe(having(/维堡/));
    }
  });

  it('search treats % and _ literally and combines with filters and pages', async () => {
    const percent = await get<Page>(app(), `/api/attractions/?limit=9&search=${encodeURIComponent('%%%')}`);
    expect(percent.body.count).toBe(0);
    const underscore = await get<Page>(app(), '/api/news/?limit=8&search=_');
    expect(underscore.body.count).toBe(0);
    const page = await get<Page>(app(), `/api/attractions/?limit=2&search=${encodeURIComponent('крепост')}`);
    expect(page.body.count).toBeGreaterThan(page.body.results.length - 1);
  });
});
