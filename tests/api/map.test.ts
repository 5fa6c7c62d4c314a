import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { simplifyLine } from '../../server/modules/map/repository.js';
import { createTestApp, databaseKinds, useTestApp } from '../helpers/app.js';
import { get } from '../helpers/http.js';

type Point = [
  number,
  number,
  number,
  number,
  string,
  string | null,
  number,
  number[],
  number | null,
  string | null,
];
interface Body {
  sections: string[];
  tiles: { url: string; attribution: string };
  types: Record<string, Record<string, string>>;
  points: Point[];
  routes: { id: number; length: number; line: [number, number][]; objects: number[] }[];
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
  const of = (body: Body, section: string) => {
    const i = body.sections.indexOf(section);
    return body.points.filter((p) => p[0] === i);
  };

  it('returns every place of the five sections with its coordinates, name, picture, district and types', async () => {
    const body = await points();
    expect(body.sections).toEqual([...placeSections, 'events', 'routes']);
    for (const section of placeSections) {
      const list = (await get(app(), `/api/${section}/`)).body as {
        id: number;
        name: string;
        lat: number;
        lon: number;
        img: string | null;
        district: { id: number };
        type: { id: number; name: string } | null;
        tourism_type: { id: number }[];
      }[];
      const mine = of(body, section);
      expect(mine.length, section).toBe(list.length);
      expect(mine.length, section).toBeGreaterThan(0);
      const byId = new Map(mine.map((p) => [p[1], p]));
      for (const item of list) {
        const p = byId.get(item.id);
        expect(p, `${section} ${item.id}`).toBeDefined();
        if (!p) continue;
        expect(p[2]).toBeCloseTo(item.lat, 4);
        expect(p[3]).toBeCloseTo(item.lon, 4);
        expect(p[4]).toBe(item.name);
        expect(p[5] === null ? null : `/media/${p[5]}/640.jpg`).toBe(item.img);
        expect(p[6]).toBe(item.district.id);
        expect(p[7]).toEqual(item.tourism_type.map((t) => t.id));
        expect(p[8]).toBe(item.type?.id ?? null);
        if (item.type) expect(body.types[section]?.[String(item.type.id)]).toBe(item.type.name);
        expect(p[9]).toBeNull();
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
    expect(mine.map((p) => p[1]).sort((a, b) => a - b)).toEqual(
      events.map((e) => e.id).sort((a, b) => a - b),
    );
    for (const p of mine) {
      const e = events.find((x) => x.id === p[1]);
      expect(p[9]).toBe(`${e?.start_date}/${e?.end_date}`);
    }
    const routes = (await get(app(), '/api/routes/')).body as { id: number; length: number }[];
    expect(of(body, 'routes').map((p) => p[1])).toEqual(routes.map((r) => r.id));
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
    const attractions = new Set(of(body, 'attractions').map((p) => p[1]));
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
    expect(first?.[4]).toBe(attractions.find((a) => a.id === first?.[1])?.name);
    expect(of(ru, 'attractions')[0]?.[4]).not.toBe(first?.[4]);
    expect(of(zh, 'attractions')[0]?.[4]).toMatch(/[\u4e00-\u9fff]/);
    expect(Object.values(en.types.attractions ?? {})[0]).toMatch(/^[A-Za-z]/);
    expect((await points('', 'fr')).points).toEqual(ru.points);
  });

  it('filters by section, district__in and tourism_type__in', async () => {
    const all = await points();
    const two = await points('?section=attractions,routes');
    expect(new Set(two.points.map((p) => two.sections[p[0]]))).toEqual(new Set(['attractions', 'routes']));
    expect(two.points.length).toBe(of(all, 'attractions').length + of(all, 'routes').length);
    expect(Object.keys(two.types).sort()).toEqual(['attractions', 'routes']);
    expect((await points('?section=events')).routes).toEqual([]);

    const district = all.points[0]?.[6] as number;
    const inDistrict = await points(`?district__in=${district},999`);
    expect(inDistrict.points.length).toBe(all.points.filter((p) => p[6] === district).length);
    expect(inDistrict.points.every((p) => p[6] === district)).toBe(true);
    expect(inDistrict.routes.length).toBe(inDistrict.points.filter((p) => p[0] === 6).length);

    const type = all.points.find((p) => p[7].length)?.[7][0] as number;
    const typed = await points(`?tourism_type__in=${type}`);
    expect(typed.points.length).toBe(all.points.filter((p) => p[7].includes(type)).length);
    expect(typed.points.length).toBeGreaterThan(0);

    const both = await points(`?section=attractions&district__in=${district}&tourism_type__in=${type}`);
    expect(both.points.every((p) => p[0] === 0 && p[6] === district && p[7].includes(type))).toBe(true);
    expect((await points('?district__in=999')).points).toEqual([]);
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
    expect(body.points.length).toBeGreaterThan(100);
    const etag = String(r.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
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
