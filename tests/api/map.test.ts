import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { simplifyLine } from '../../server/modules/map/repository.js';
import { createTestApp, databaseKinds, useTestApp } from '../helpers/app.js';
import { get } from '../helpers/http.js';

interface Columns {
  section: number[];
  id: number[];
  lat: number[];
  lon: number[];
  name: string[];
  district: number[];
  tourism: number[][];
  type: (number | null)[];
  dates: (string | null)[];
}
interface Body {
  sections: string[];
  tiles: { url: string; attribution: string };
  types: Record<string, Record<string, string>>;
  points: Columns;
  routes: { id: number; length: number; line: [number, number][]; objects: number[] }[];
}
interface Point {
  section: string;
  id: number;
  lat: number;
  lon: number;
  name: string;
  district: number;
  tourism: number[];
  type: number | null;
  dates: string | null;
}
/** The points of an answer, one object each. */
function rows(body: Body): Point[] {
  const c = body.points;
  const n = c.id.length;
  for (const column of Object.values(c)) expect(column).toHaveLength(n);
  return c.id.map((id, i) => ({
    section: body.sections[c.section[i] as number] as string,
    id,
    lat: c.lat[i] as number,
    lon: c.lon[i] as number,
    name: c.name[i] as string,
    district: c.district[i] as number,
    tourism: c.tourism[i] as number[],
    type: c.type[i] as number | null,
    dates: c.dates[i] as string | null,
  }));
}
const placeSections = [
  'attractions',
  'residence',
  'caterings',
  'tourist-information-centers',
  'entertainment',
];

describe.each(databaseKinds)('map points API on %s', (kind) => {
  const ctx = useTestApp(kind);
  const app = () => ctx.t.app;
  const points = async (query = '', lang = 'ru') => {
    const r = await get<Body>(app(), `/api/map/points/${query}`, { 'accept-language': lang });
    expect(r.status, r.text).toBe(200);
    return r.body;
  };
  const of = (body: Body, section: string) => rows(body).filter((p) => p.section === section);

  it('returns every place of the five sections with its coordinates, name, district and types', async () => {
    const body = await points();
    expect(body.sections).toEqual([...placeSections, 'events', 'routes']);
    for (const section of placeSections) {
      const list = (await get(app(), `/api/${section}/`)).body as {
        id: number;
        name: string;
        lat: number;
        lon: number;
        district: { id: number };
        type: { id: number; name: string } | null;
        tourism_type: { id: number }[];
      }[];
      const mine = of(body, section);
      expect(mine.length, section).toBe(list.length);
      expect(mine.length, section).toBeGreaterThan(0);
      const byId = new Map(mine.map((p) => [p.id, p]));
      for (const item of list) {
        const p = byId.get(item.id);
        expect(p, `${section} ${item.id}`).toBeDefined();
        if (!p) continue;
        expect(p.lat).toBeCloseTo(item.lat, 4);
        expect(p.lon).toBeCloseTo(item.lon, 4);
        expect(p.name).toBe(item.name);
        expect(p.district).toBe(item.district.id);
        expect(p.tourism).toEqual(item.tourism_type.map((t) => t.id));
        expect(p.type).toBe(item.type?.id ?? null);
        if (item.type) expect(body.types[section]?.[String(item.type.id)]).toBe(item.type.name);
        expect(p.dates).toBeNull();
      }
    }
  });

  it('has the events not yet over with their dates, and the routes as points and simplified lines', async () => {
    const body = await points();
    const events = (await get(app(), '/api/events/')).body as {
      id: number;
      start_date: string;
      end_date: string;
    }[];
    const mine = of(body, 'events');
    expect(mine.map((p) => p.id).sort((a, b) => a - b)).toEqual(
      events.map((e) => e.id).sort((a, b) => a - b),
    );
    for (const p of mine) {
      const e = events.find((x) => x.id === p.id);
      expect(p.dates).toBe(`${e?.start_date}/${e?.end_date}`);
    }
    const routes = (await get(app(), '/api/routes/')).body as { id: number; length: number }[];
    expect(of(body, 'routes').map((p) => p.id)).toEqual(routes.map((r) => r.id));
    expect(body.routes.map((r) => r.id)).toEqual(routes.map((r) => r.id));
    const full = (await get(app(), `/api/routes/${routes[0]?.id}/`)).body as {
      path: [number, number][];
      objects_along_the_way: { id: number }[];
      length: number;
    };
    const line = body.routes[0];
    expect(line?.length).toBe(full.length);
    expect(line?.objects).toEqual(full.objects_along_the_way.map((o) => o.id));
    expect(line?.line.length).toBeGreaterThanOrEqual(2);
    expect(line?.line.length).toBeLessThanOrEqual(full.path.length);
    expect(line?.line[0]?.[0]).toBeCloseTo(full.path[0]?.[0] ?? 0, 4);
    expect(line?.line.at(-1)?.[1]).toBeCloseTo(full.path.at(-1)?.[1] ?? 0, 4);
    // every object along the way is an attraction on the map
    const attractions = new Set(of(body, 'attractions').map((p) => p.id));
    for (const r of body.routes) for (const id of r.objects) expect(attractions.has(id)).toBe(true);
  });

  it('answers in the requested language, ru by default and for unknown languages', async () => {
    const ru = await points();
    const en = await points('', 'en');
    const zh = await points('', 'zh');
    const attractions = (await get(app(), '/api/attractions/', { 'accept-language': 'en' })).body as {
      id: number;
      name: string;
    }[];
    const first = of(en, 'attractions')[0];
    expect(first?.name).toBe(attractions.find((a) => a.id === first?.id)?.name);
    expect(of(ru, 'attractions')[0]?.name).not.toBe(first?.name);
    expect(of(zh, 'attractions')[0]?.name).toMatch(/[\u4e00-\u9fff]/);
    expect(Object.values(en.types.attractions ?? {})[0]).toMatch(/^[A-Za-z]/);
    expect((await points('', 'fr')).points).toEqual(ru.points);
  });

  it('filters by section, district__in and tourism_type__in', async () => {
    const all = rows(await points());
    const two = rows(await points('?section=attractions,routes'));
    expect(new Set(two.map((p) => p.section))).toEqual(new Set(['attractions', 'routes']));
    expect(two.length).toBe(all.filter((p) => ['attractions', 'routes'].includes(p.section)).length);
    expect(Object.keys((await points('?section=attractions,routes')).types).sort()).toEqual([
      'attractions',
      'routes',
    ]);
    expect((await points('?section=events')).routes).toEqual([]);

    const district = all[0]?.district as number;
    const inDistrictBody = await points(`?district__in=${district},999`);
    const inDistrict = rows(inDistrictBody);
    expect(inDistrict.length).toBe(all.filter((p) => p.district === district).length);
    expect(inDistrict.every((p) => p.district === district)).toBe(true);
    expect(inDistrictBody.routes.length).toBe(inDistrict.filter((p) => p.section === 'routes').length);

    const type = all.find((p) => p.tourism.length)?.tourism[0] as number;
    const typed = rows(await points(`?tourism_type__in=${type}`));
    expect(typed.length).toBe(all.filter((p) => p.tourism.includes(type)).length);
    expect(typed.length).toBeGreaterThan(0);

    // An attraction's own district and tourism type: at least that attraction is let through.
    const one = all.find((p) => p.section === 'attractions' && p.tourism.length) as Point;
    const [d, tt] = [one.district, one.tourism[0] as number];
    const both = rows(await points(`?section=attractions&district__in=${d}&tourism_type__in=${tt}`));
    expect(both.map((p) => p.id)).toContain(one.id);
    expect(both.every((p) => p.section === 'attractions' && p.district === d && p.tourism.includes(tt))).toBe(
      true,
    );
    expect(rows(await points('?district__in=999'))).toEqual([]);
  });

  it('rejects malformed filters with a 400 JSON error', async () => {
    for (const query of [
      '?section=museums',
      '?section=',
      '?section=attractions,,routes',
      '?district__in=abc',
      '?district__in=1,,2',
      '?tourism_type__in=-1',
      `?district__in=${'1,'.repeat(200)}1`,
    ]) {
      const r = await get(app(), `/api/map/points/${query}`);
      expect(r.status, query).toBe(400);
      expect(r.body, query).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(r.body.message, query).toMatch(/querystring/);
    }
  });

  it('is cached: ETag with 304, Cache-Control, Vary, gzip', async () => {
    const r = await app().inject({ url: '/api/map/points/', headers: { 'accept-encoding': 'gzip' } });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/application\/json/);
    expect(r.headers['content-encoding']).toBe('gzip');
    expect(r.headers['cache-control']).toMatch(/public, max-age=\d+/);
    expect(String(r.headers.vary)).toMatch(/Accept-Language/);
    const body = JSON.parse(zlib.gunzipSync(r.rawPayload).toString('utf8'));
    expect(body.points.id.length).toBeGreaterThan(100);
    const etag = String(r.headers.etag);
    expect(etag).toMatch(/^"[\w+/=-]+"$/);
    const again = await app().inject({ url: '/api/map/points/', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    const en = await get(app(), '/api/map/points/', { 'accept-language': 'en' });
    expect(en.headers.etag).not.toBe(etag);
    const filtered = await get(app(), '/api/map/points/?section=events');
    expect(filtered.headers.etag).not.toBe(etag);
  });

  it('passes the tile URL and its attribution; /api/map/config/ has them alone', async () => {
    const body = await points('?section=events');
    expect(body.tiles.url).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(body.tiles.attribution).toMatch(/OpenStreetMap/);
    const config = await get(app(), '/api/map/config/');
    expect(config.body).toEqual({ tiles: body.tiles });
  });
});

describe('map configuration', () => {
  it('reads MAP_TILE_URL and rejects a template without {z}/{x}/{y}', () => {
    expect(loadConfig({ MAP_TILE_URL: '' }).mapTileUrl).toBe('');
    const own = loadConfig({ MAP_TILE_URL: '/tiles/{z}/{x}/{y}.png', MAP_TILE_ATTRIBUTION: '© Own' });
    expect(own).toMatchObject({ mapTileUrl: '/tiles/{z}/{x}/{y}.png', mapTileAttribution: '© Own' });
    expect(() => loadConfig({ MAP_TILE_URL: 'https://tiles.example.org/{z}.png' })).toThrow(/MAP_TILE_URL/);
    expect(() => loadConfig({ MAP_TILE_URL: 'ftp://x/{z}/{x}/{y}' })).toThrow(/MAP_TILE_URL/);
  });

  it('serves a configured tile URL in the map answer', async () => {
    const t = await createTestApp('pglite', { MAP_TILE_URL: '', MAP_TILE_ATTRIBUTION: '' });
    try {
      const r = await get(t.app, '/api/map/config/');
      expect(r.body).toEqual({ tiles: { url: '', attribution: '' } });
    } finally {
      await t.close();
    }
  });

  it('simplifies a line but keeps its ends and its shape', () => {
    const straight: [number, number][] = Array.from({ length: 50 }, (_, i) => [
      60 + i * 0.001,
      30 + i * 0.001,
    ]);
    expect(simplifyLine(straight)).toEqual([
      [60, 30],
      [60.049, 30.049],
    ]);
    const corner: [number, number][] = [
      [60, 30],
      [60.1, 30],
      [60.1, 30.2],
    ];
    expect(simplifyLine(corner)).toEqual(corner);
  });
});
