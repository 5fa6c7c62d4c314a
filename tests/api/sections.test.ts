import { describe, expect, it } from 'vitest';
import { regionToday } from '../../server/lib/today.js';
import { databaseKinds, useTestApp } from '../helpers/app.js';
import { type Got, get } from '../helpers/http.js';

type Item = { id: number; name: string; [k: string]: any };
type Page = { count: number; next: string | null; previous: string | null; results: Item[] };

const sections = [
  'news',
  'routes',
  'events',
  'residence',
  'attractions',
  'entertainment',
  'caterings',
  'tourism-type',
  'tourist-information-centers',
] as const;

describe.each(databaseKinds)('section lists and details on %s', (kind) => {
  const ctx = useTestApp(kind);
  const app = () => ctx.t.app;

  const expected = (section: (typeof sections)[number]): number => {
    const today = regionToday();
    switch (section) {
      case 'news':
        return ctx.c.news.length;
      case 'routes':
        return ctx.c.routes.length;
      case 'events':
        return ctx.c.events.filter((e) => e.end_date >= today).length;
      case 'residence':
        return ctx.c.residence.length;
      case 'attractions':
        return ctx.c.attractions.length;
      case 'entertainment':
        return ctx.c.entertainment.length;
      case 'caterings':
        return ctx.c.caterings.length;
      case 'tourism-type':
        return ctx.c.tourismTypes.length;
      case 'tourist-information-centers':
        return ctx.c.informationCenters.length;
    }
  };

  it.each(sections)('%s: pages add up to the whole list, with next and previous links', async (section) => {
    const all = await get<Item[]>(app(), `/api/${section}/`);
    expect(all.status).toBe(200);
    expect(Array.isArray(all.body)).toBe(true);
    expect(all.body).toHaveLength(expected(section));

    const limit = 5;
    const seen: number[] = [];
    let url: string | null = `/api/${section}/?limit=${limit}`;
    let pages = 0;
    while (url) {
      const r: Got<Page> = await get<Page>(app(), url.replace('http://portal.test', ''));
      expect(r.status).toBe(200);
      expect(r.body.count).toBe(all.body.length);
      expect(r.body.results.length).toBe(Math.min(limit, r.body.count - pages * limit));
      if (pages === 0) expect(r.body.previous).toBeNull();
      else expect(r.body.previous).toMatch(new RegExp(`^http://portal\\.test/api/${section}/\\?limit=5`));
      seen.push(...r.body.results.map((x) => x.id));
      url = r.body.next;
      pages++;
    }
    expect(pages).toBe(Math.ceil(all.body.length / limit));
    expect(seen).toEqual(all.body.map((x) => x.id));

    const past = await get<Page>(app(), `/api/${section}/?limit=5&offset=100000`);
    expect(past.body).toMatchObject({ count: all.body.length, next: null, results: [] });
  });

  it.each(sections)('%s: a detail for every listed id, and 404 JSON for an unknown one', async (section) => {
    const all = await get<Item[]>(app(), `/api/${section}/`, { 'accept-language': 'en' });
    const first = all.body[0] as Item;
    const r = await get<Item>(app(), `/api/${section}/${first.id}/`, { 'accept-language': 'en' });
    expect(r.status).toBe(200);
    expect(r.body.id).toBe(first.id);
    expect(r.body.name).toBe(first.name);
    expect(r.body.description.length).toBeGreaterThan(100);
    expect(r.body.images.length).toBeGreaterThan(0);
    const missing = await get(app(), `/api/${section}/99999/`);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });

  it('places carry coordinates, an address, contacts and nearby places of other sections', async () => {
    const a = await get<Item>(app(), '/api/attractions/1/');
    const src = ctx.c.attractions[0];
    expect(a.body).toMatchObject({ lat: src?.lat, lon: src?.lon, address: src?.address.ru });
    expect(a.body.type.name).toBeTruthy();
    expect(a.body.district.id).toBe(ctx.c.districts.findIndex((d) => d.key === src?.district) + 1);
    expect(a.body.distance_from_spb).toBe(src?.distance_from_spb ?? null);
    expect(a.body.nearby.length).toBeGreaterThan(0);
    expect(a.body.nearby.every((n: { distance_km: number }) => n.distance_km <= 25)).toBe(true);
    const caterings = await get<Item[]>(app(), '/api/caterings/?limit=3');
    const cat = (caterings.body as unknown as Page).results[0] as Item;
    expect(cat.institution_type.name).toBeTruthy();
    expect(Array.isArray(cat.kitchen_type)).toBe(true);
  });

  it('routes carry their line, length, ways to travel and the attractions along the way', async () => {
    const list = await get<Item[]>(app(), '/api/routes/');
    const withObjects = list.body.find((r) => r.objects_along_the_way.length > 0);
    expect(withObjects, 'some route passes by attractions').toBeDefined();
    const r = await get<Item>(app(), `/api/routes/${withObjects?.id}/`);
    expect(r.body.path.length).toBeGreaterThanOrEqual(2);
    expect(r.body.length).toBeGreaterThan(0);
    expect(r.body.way_to_travel.length).toBeGreaterThan(0);
    expect(r.body.objects_along_the_way[0]).toMatchObject({
      id: expect.any(Number),
      lat: expect.any(Number),
    });
    const attraction = await get<Item>(app(), `/api/attractions/${r.body.objects_along_the_way[0].id}/`);
    expect(attraction.body.routes.map((x: Item) => x.id)).toContain(r.body.id);
  });

  it('events list what is not over yet, soonest first, and take a date range', async () => {
    const today = regionToday();
    const list = await get<Item[]>(app(), '/api/events/');
    expect(list.body.every((e) => e.end_date >= today)).toBe(true);
    const starts = list.body.map((e) => e.start_date);
    expect(starts).toEqual([...starts].sort());
    const all = await get<Item[]>(app(), '/api/events/?date_from=2000-01-01');
    expect(all.body).toHaveLength(ctx.c.events.length);
    const winter = await get<Item[]>(app(), '/api/events/?date_from=2026-12-01&date_to=2027-02-28');
    expect(winter.body.length).toBeGreaterThan(0);
    for (const e of winter.body)
      expect(e.start_date <= '2027-02-28' && e.end_date >= '2026-12-01').toBe(true);
    expect((await get(app(), '/api/events/?date_from=2027-01-01&date_to=2026-01-01')).status).toBe(400);
    expect((await get(app(), '/api/events/?date_from=tomorrow')).status).toBe(400);
  });

  it('news come newest first', async () => {
    const dates = (await get<Item[]>(app(), '/api/news/')).body.map((n) => n.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('popular places come with a rating category, best first', async () => {
    const r = await get<Page>(app(), '/api/attractions/popular/?limit=12&offset=0');
    const popular = ctx.c.attractions.filter((a) => a.popular);
    expect(r.body.count).toBe(popular.length);
    const ratings = r.body.results.map((x) => Number(x.rating_category));
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
  });
});
