import { describe, expect, it } from 'vitest';
import type { MapPointsT } from '../../common/api';
import { MapIndex } from '../../web/features/map/map-index';

// The map's worker logic on a handful of points: what the page is told for a view, a filter, a
// search and a selection.

const sections = [
  'attractions',
  'residence',
  'caterings',
  'tourist-information-centers',
  'entertainment',
  'events',
  'routes',
];

/** Points as the API sends them: one column per field. */
function body(
  points: {
    section: number;
    id: number;
    lat: number;
    lon: number;
    name: string;
    district?: number;
    tourism?: number[];
    type?: number | null;
    dates?: string | null;
  }[],
  routes: MapPointsT['routes'] = [],
): MapPointsT {
  return {
    sections,
    tiles: { url: '', attribution: '' },
    types: { attractions: { '2': 'Монастырь' } },
    points: {
      section: points.map((p) => p.section),
      id: points.map((p) => p.id),
      lat: points.map((p) => p.lat),
      lon: points.map((p) => p.lon),
      name: points.map((p) => p.name),
      district: points.map((p) => p.district ?? 1),
      tourism: points.map((p) => p.tourism ?? []),
      type: points.map((p) => p.type ?? null),
      dates: points.map((p) => p.dates ?? null),
    },
    routes,
  };
}

// Three attractions close together in Vyborg, a hotel in Saint Petersburg, an event in Luga and
// a route from Vyborg with two of the attractions along the way.
const sample = body(
  [
    { section: 0, id: 1, lat: 60.7093, lon: 28.7445, name: 'Библиотека Аалто', type: 2, tourism: [1] },
    { section: 0, id: 2, lat: 60.7099, lon: 28.7366, name: 'Петропавловская церковь', tourism: [3] },
    { section: 0, id: 3, lat: 60.7157, lon: 28.7287, name: 'Выборгский замок', district: 5 },
    { section: 1, id: 10, lat: 59.9343, lon: 30.3351, name: 'Гостиница «Петербург»', district: 4 },
    {
      section: 5,
      id: 20,
      lat: 58.7373,
      lon: 29.8465,
      name: 'Ярмарка в Луге',
      district: 9,
      dates: '2026-12-01/2026-12-03',
    },
    { section: 6, id: 30, lat: 60.7168, lon: 28.7512, name: 'Старый Выборг', district: 5 },
  ],
  [
    {
      id: 30,
      length: 2.4,
      line: [
        [60.7168, 28.7512],
        [60.712, 28.74],
        [60.7157, 28.7287],
      ],
      objects: [3, 1, 99],
    },
  ],
);
const region: [number, number, number, number] = [27.5, 58.3, 35.9, 61.4];
const vyborg: [number, number, number, number] = [28.7, 60.7, 28.76, 60.72];
/** No date range: every event. */
const anyDate = { dateFrom: '', dateTo: '' };
const all = { layers: [...sections], districts: [], tourism: [], ...anyDate } as Parameters<
  MapIndex['setFilter']
>[0];

/** The points a view's markers stand for (a cluster counts its points). */
const pointsOf = (view: ReturnType<MapIndex['view']>) =>
  view.markers.reduce((n, m) => n + (m.kind === 'cluster' ? m.count : 1), 0);

describe('the map index of the worker', () => {
  it('clusters close points at a low zoom and shows them one by one close up', () => {
    const index = new MapIndex(sample);
    const far = index.view({ bounds: region, zoom: 7, me: null, limit: 100 });
    expect(pointsOf(far)).toBe(6);
    const cluster = far.markers.find((m) => m.kind === 'cluster');
    expect(cluster).toMatchObject({ kind: 'cluster', count: 4 });
    // The zoom at which it splits is further in than the view's.
    expect(cluster?.kind === 'cluster' && cluster.zoom > 7).toBe(true);
    const near = index.view({ bounds: vyborg, zoom: 17, me: null, limit: 100 });
    expect(near.markers.every((m) => m.kind === 'point')).toBe(true);
    expect(near.markers.map((m) => m.key).sort()).toEqual([
      'attractions.1',
      'attractions.2',
      'attractions.3',
      'routes.30',
    ]);
  });

  it('lists the points in view in the order of the answer, at most `limit`, and counts them all', () => {
    const index = new MapIndex(sample);
    const view = index.view({ bounds: vyborg, zoom: 14, me: null, limit: 2 });
    expect(view.inView).toBe(4);
    expect(view.list.map((i) => i.key)).toEqual(['attractions.1', 'attractions.2']);
    expect(view.list[0]).toMatchObject({ name: 'Библиотека Аалто', type: 'Монастырь', distance: null });
    // The route's line crosses the view; lines outside it are not sent.
    expect(view.lines.map((l) => l.key)).toEqual(['routes.30']);
    const luga = index.view({ bounds: [29.7, 58.6, 30, 58.8], zoom: 12, me: null, limit: 100 });
    expect(luga.lines).toEqual([]);
    expect(luga.list.map((i) => [i.key, i.dates])).toEqual([['events.20', ['2026-12-01', '2026-12-03']]]);
  });

  it('sorts the list by the distance from the visitor when their place is known', () => {
    const index = new MapIndex(sample);
    const view = index.view({ bounds: region, zoom: 7, me: [59.94, 30.31], limit: 3 });
    expect(view.list).toHaveLength(3);
    expect(view.list[0]?.key).toBe('residence.10');
    expect(view.list[0]?.distance).toBeCloseTo(1.5, 0);
    const distances = view.list.map((i) => i.distance ?? Number.NaN);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });

  it('filters by layer, district and tourism type; the counts follow the filters but not the layers', () => {
    const index = new MapIndex(sample);
    expect(index.setFilter(all)).toEqual({
      attractions: 3,
      residence: 1,
      caterings: 0,
      'tourist-information-centers': 0,
      entertainment: 0,
      events: 1,
      routes: 1,
    });
    const counts = index.setFilter({ layers: ['events'], districts: [5, 9], tourism: [], ...anyDate });
    expect(counts).toMatchObject({ attractions: 1, events: 1, routes: 1, residence: 0 });
    const view = index.view({ bounds: region, zoom: 7, me: null, limit: 100 });
    expect(view.list.map((i) => i.key)).toEqual(['events.20']);
    expect(pointsOf(view)).toBe(1);
    expect(view.lines).toEqual([]);
    index.setFilter({ layers: [...all.layers], districts: [], tourism: [1, 3], ...anyDate });
    expect(index.view({ bounds: region, zoom: 7, me: null, limit: 100 }).inView).toBe(2);
    index.setFilter({ layers: [], districts: [], tourism: [], ...anyDate });
    const empty = index.view({ bounds: region, zoom: 7, me: null, limit: 100 });
    expect([empty.markers, empty.list, empty.inView]).toEqual([[], [], 0]);
  });

  it('a date range keeps the events on at least one of its days, and every place and route', () => {
    const index = new MapIndex(sample);
    const on = (dateFrom: string, dateTo: string) => index.setFilter({ ...all, dateFrom, dateTo }).events;
    // the sample's event runs 2026-12-01 to 2026-12-03
    expect([on('2026-12-03', '2026-12-05'), on('2026-11-28', '2026-12-01'), on('', '2026-12-01')]).toEqual([
      1, 1, 1,
    ]);
    expect([on('2026-12-04', ''), on('2026-11-20', '2026-11-30')]).toEqual([0, 0]);
    const counts = index.setFilter({ ...all, dateFrom: '2027-01-01', dateTo: '2027-01-02' });
    expect(counts).toMatchObject({ events: 0, attractions: 3, routes: 1 });
  });

  it('gives a cluster a new key under a new filter (its id means something under one filter only)', () => {
    const index = new MapIndex(sample);
    const keys = () =>
      index
        .view({ bounds: region, zoom: 7, me: null, limit: 1 })
        .markers.filter((m) => m.kind === 'cluster')
        .map((m) => m.key);
    const before = keys();
    index.setFilter({ ...all, tourism: [] });
    expect(keys()).not.toEqual(before);
  });

  it('searches names by words in any order, those that start with the first word first', () => {
    const index = new MapIndex(sample);
    expect(index.search('выборг').map((i) => i.key)).toEqual(['attractions.3', 'routes.30']);
    expect(index.search('ЗАМОК выборгский').map((i) => i.key)).toEqual(['attractions.3']);
    expect(index.search('  ')).toEqual([]);
    expect(index.search('е', 2)).toHaveLength(2);
  });

  it('selects an item with its route and the attractions along the way that the map has', () => {
    const index = new MapIndex(sample);
    const route = index.select('routes.30');
    expect(route?.item).toMatchObject({ name: 'Старый Выборг', section: 'routes' });
    expect(route?.route?.length).toBe(2.4);
    expect(route?.objects.map((o) => o.key)).toEqual(['attractions.3', 'attractions.1']);
    expect(index.select('attractions.2')).toMatchObject({ route: null, objects: [] });
    expect(index.select('attractions.404')).toBeNull();
  });
});
