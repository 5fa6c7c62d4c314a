import type { MapPointsT, MapSection, MapTilesT } from '../../../common/api';
import { mapSections } from '../../../common/api';
import { mediaUrl } from '../../../common/media';

// What the map page works with, decoded from the compact /api/map/points/ answer. Nothing here
// touches Leaflet, so the route module and the tests can import it without the map library.

export type { MapSection };
export { mapSections };

export interface MapItem {
  /** `<section>.<id>`, unique across sections. */
  key: string;
  section: MapSection;
  id: number;
  lat: number;
  lon: number;
  name: string;
  /** Lower-cased name for the search box. */
  search: string;
  img: string | null;
  district: number;
  tourism: number[];
  type: string | null;
  /** Events: [start, end] as YYYY-MM-DD. */
  dates: [string, string] | null;
}

export interface MapRouteLine {
  id: number;
  length: number;
  line: [number, number][];
  objects: number[];
}

export interface MapData {
  items: MapItem[];
  byKey: Map<string, MapItem>;
  routes: Map<number, MapRouteLine>;
  tiles: MapTilesT;
}

export const itemKey = (section: string, id: number) => `${section}.${id}`;

export function decodeMapPoints(body: MapPointsT): MapData {
  const items: MapItem[] = body.points.map(([s, id, lat, lon, name, img, district, tourism, type, dates]) => {
    const section = (body.sections[s] ?? 'attractions') as MapSection;
    const range = dates ? (dates.split('/') as [string, string]) : null;
    return {
      key: itemKey(section, id),
      section,
      id,
      lat,
      lon,
      name,
      search: name.toLocaleLowerCase(),
      img: img ? mediaUrl(img, 640) : null,
      district,
      tourism,
      type: type === null ? null : (body.types[section]?.[String(type)] ?? null),
      dates: range,
    };
  });
  return {
    items,
    byKey: new Map(items.map((i) => [i.key, i])),
    routes: new Map(body.routes.map((r) => [r.id, r])),
    tiles: body.tiles,
  };
}

/** Marker colours per section (white glyphs on them; at least 3:1 against the map background). */
export const sectionColour: Record<MapSection, string> = {
  attractions: '#c62828',
  residence: '#1f3160',
  caterings: '#a05a00',
  'tourist-information-centers': '#1e7e34',
  entertainment: '#6a1b9a',
  events: '#ad1457',
  routes: '#00695c',
};

/** One letter-free glyph per section, as an SVG path in a 24×24 box. */
export const sectionGlyph: Record<MapSection, string> = {
  attractions: 'M12 3 4 8v2h16V8zM6 11h2v6H6zm5 0h2v6h-2zm5 0h2v6h-2zM4 18h16v2H4z',
  residence: 'M3 11 12 4l9 7v9h-6v-6H9v6H3z',
  caterings:
    'M7 3v7a2 2 0 0 0 2 2v9h2v-9a2 2 0 0 0 2-2V3h-1.5v6h-1V3h-1v6h-1V3zm9 0c-1.7 0-3 2-3 5v5h2v8h2V3z',
  'tourist-information-centers': 'M11 7h2V5h-2zm0 12h2v-9h-2zM12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20z',
  entertainment: 'M12 2 14.9 8.6 22 9.2l-5.4 4.7 1.6 7.1L12 17.3 5.8 21l1.6-7.1L2 9.2l7.1-.6z',
  events:
    'M7 2v2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2h-2V2h-2v2H9V2zM5 9h14v11H5z',
  routes: 'M6 3a3 3 0 0 0-1 5.8V21h2v-5h9l-2-3 2-3H7V8.8A3 3 0 0 0 6 3z',
};

/** The detail page of an item: /{section}/detail/{id}. */
export const detailPath = (section: MapSection, id: number) => `/${section}/detail/${id}`;

// ---------------------------------------------------------------------------------------------
// The state of the page, kept in the URL so that a view can be shared:
//   layers=attractions,events   sections shown (absent: all; empty: none)
//   district=1,2  tourism=3     filters (ids)
//   place=attractions.12        the selected place, route or event
//   at=59.93,30.31,11           the view: latitude, longitude, zoom
// ---------------------------------------------------------------------------------------------

export interface MapView {
  lat: number;
  lon: number;
  zoom: number;
}

export interface MapState {
  layers: MapSection[];
  districts: number[];
  tourism: number[];
  selected: string | null;
  view: MapView | null;
}

const ids = (value: string | null): number[] =>
  [
    ...new Set(
      (value ?? '')
        .split(',')
        .filter((v) => /^[1-9][0-9]{0,8}$/.test(v))
        .map(Number),
    ),
  ].sort((a, b) => a - b);

export function parseMapState(search: URLSearchParams): MapState {
  const layersParam = search.get('layers');
  const layers =
    layersParam === null ? [...mapSections] : mapSections.filter((s) => layersParam.split(',').includes(s));
  const place = search.get('place');
  const at = (search.get('at') ?? '').split(',').map(Number);
  const [lat, lon, zoom] = at;
  const view =
    at.length === 3 &&
    lat !== undefined &&
    lon !== undefined &&
    zoom !== undefined &&
    Math.abs(lat) <= 85 &&
    Math.abs(lon) <= 180 &&
    zoom >= 3 &&
    zoom <= 19
      ? { lat, lon, zoom: snapZoom(zoom) }
      : null;
  return {
    layers,
    districts: ids(search.get('district')),
    tourism: ids(search.get('tourism')),
    selected: place && /^[a-z-]+\.[1-9][0-9]{0,8}$/.test(place) ? place : null,
    view,
  };
}

/** The query string of a state (without the `?`); default values are left out. */
export function mapStateSearch(state: MapState, keep?: URLSearchParams): string {
  const search = new URLSearchParams();
  // Other parameters (e.g. lng) stay as they are.
  for (const [k, v] of keep ?? []) {
    if (!['layers', 'district', 'tourism', 'place', 'at'].includes(k)) search.append(k, v);
  }
  if (state.layers.length !== mapSections.length) {
    search.set('layers', mapSections.filter((s) => state.layers.includes(s)).join(','));
  }
  if (state.districts.length) search.set('district', state.districts.join(','));
  if (state.tourism.length) search.set('tourism', state.tourism.join(','));
  if (state.selected) search.set('place', state.selected);
  if (state.view) {
    const { lat, lon, zoom } = state.view;
    search.set('at', `${lat.toFixed(4)},${lon.toFixed(4)},${zoom}`);
  }
  return search.toString().replace(/%2C/g, ',');
}

/** How close the map page comes to one place (the zoom it flies to when a place is picked). */
export const PLACE_ZOOM = 14;

/**
 * The map page opened on one item of a detail page, selected (its card open). A place also gets
 * the view close up on itself: the map lists only events not yet over, so a past event still
 * opens where it took place. A route opens without a view: the map fits its whole line.
 */
export function mapPageHref(section: MapSection, id: number, at?: { lat: number; lon: number }): string {
  const search = mapStateSearch({
    layers: [...mapSections],
    districts: [],
    tourism: [],
    selected: itemKey(section, id),
    view: at ? { lat: at.lat, lon: at.lon, zoom: PLACE_ZOOM } : null,
  });
  return `/map?${search}`;
}
/** The items the layers and filters let through. */
export function filterItems(items: MapItem[], state: Pick<MapState, 'layers' | 'districts' | 'tourism'>) {
  const layers = new Set(state.layers);
  const districts = state.districts.length ? new Set(state.districts) : null;
  const tourism = state.tourism.length ? new Set(state.tourism) : null;
  return items.filter(
    (i) =>
      layers.has(i.section) &&
      (!districts || districts.has(i.district)) &&
      (!tourism || i.tourism.some((t) => tourism.has(t))),
  );
}

/** Great-circle distance in km. */
export function distanceKm(a: [number, number], b: [number, number]): number {
  const rad = Math.PI / 180;
  const dLat = (b[0] - a[0]) * rad;
  const dLon = (b[1] - a[1]) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[0] * rad) * Math.cos(b[0] * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Names matching a query (case-insensitive; words in any order), best first: prefix, then contains. */
export function searchItems(items: MapItem[], query: string, limit = 8): MapItem[] {
  const words = query.toLocaleLowerCase().trim().split(/\s+/).filter(Boolean);
  if (!words.length) return [];
  const found: MapItem[] = [];
  for (const item of items) {
    if (words.every((w) => item.search.includes(w))) found.push(item);
  }
  const first = words[0] as string;
  found.sort((a, b) => Number(!a.search.startsWith(first)) - Number(!b.search.startsWith(first)));
  return found.slice(0, limit);
}

/** A zoom level rounded to the map's quarter steps. */
export const snapZoom = (zoom: number) => Math.round(zoom * 4) / 4;

/** Region bounds [[south, west], [north, east]] (the district shapes' bbox). */
export const regionBounds: [[number, number], [number, number]] = [
  [58.34, 27.57],
  [61.34, 35.91],
];

export type { MapTilesT };
