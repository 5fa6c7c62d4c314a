import type { MapSection, MapTilesT } from '../../../common/api';
import { isoMomentOf, readDateRange } from '../../../common/date-presets';
import { mapSections, type PracticalFilter, practicalFilters, sectionOf } from '../../../common/sections';
import { itemKey } from './map-item';

// The map page's state, colours and links. Nothing here touches Leaflet, so the route module,
// the detail pages and the tests can import it.

export * from './map-item';

export type { MapSection };
export { mapSections };

/** Marker colours per section (white glyphs on them; at least 3:1 against the map background). */
export const sectionColour = Object.fromEntries(
  mapSections.map((s) => [s, sectionOf(s).map?.colour ?? '']),
) as Record<MapSection, string>;

/** One letter-free glyph per section, as an SVG path in a 24×24 box. */
export const sectionGlyph = Object.fromEntries(
  mapSections.map((s) => [s, sectionOf(s).map?.glyph ?? '']),
) as Record<MapSection, string>;

/** The detail page of an item: /{section}/detail/{id}. */
export const detailPath = (section: MapSection, id: number) => `/${section}/detail/${id}`;

// ---------------------------------------------------------------------------------------------
// The state of the page, kept in the URL so that a view can be shared:
//   layers=attractions,events   sections shown (absent: all; empty: none)
//   district=1,2  tourism=3     filters (ids)
//   date_from=2026-12-05        events on at least one day from…
//   date_to=2026-12-06          …to (the events list's parameters)
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
  dateFrom: string;
  dateTo: string;
  /** The practical filters on (free, open now, step-free entrance): then only places that match. */
  practical: PracticalFilter[];
  /** Beside "open now": only the places open on a day or at a moment of the region's clock (`?open_at=`), '' for none. */
  openAt: string;
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
  // The dates as the events list reads them; the panel says what it changed.
  const { dateFrom, dateTo } = readDateRange(search.get('date_from'), search.get('date_to'));
  return {
    layers,
    districts: ids(search.get('district')),
    tourism: ids(search.get('tourism')),
    dateFrom,
    dateTo,
    practical: practicalFilters.filter((f) => search.get(f) === 'true'),
    openAt: isoMomentOf(search.get('open_at')),
    selected: place && /^[a-z-]+\.[1-9][0-9]{0,8}$/.test(place) ? place : null,
    view,
  };
}

/** The query string of a state (without the `?`); default values are left out. */
export function mapStateSearch(state: MapState, keep?: URLSearchParams): string {
  const search = new URLSearchParams();
  // Other parameters (e.g. lng) stay as they are.
  for (const [k, v] of keep ?? []) {
    if (
      ![
        'layers',
        'district',
        'tourism',
        'date_from',
        'date_to',
        ...practicalFilters,
        'open_at',
        'place',
        'at',
      ].includes(k)
    )
      search.append(k, v);
  }
  if (state.layers.length !== mapSections.length) {
    search.set('layers', mapSections.filter((s) => state.layers.includes(s)).join(','));
  }
  if (state.districts.length) search.set('district', state.districts.join(','));
  if (state.tourism.length) search.set('tourism', state.tourism.join(','));
  if (state.dateFrom) search.set('date_from', state.dateFrom);
  if (state.dateTo) search.set('date_to', state.dateTo);
  for (const f of state.practical) search.set(f, 'true');
  if (state.openAt) search.set('open_at', state.openAt);
  if (state.selected) search.set('place', state.selected);
  if (state.view) {
    const { lat, lon, zoom } = state.view;
    search.set('at', `${lat.toFixed(4)},${lon.toFixed(4)},${zoom}`);
  }
  return search.toString().replace(/%2C/g, ',').replace(/%3A/g, ':');
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
    dateFrom: '',
    dateTo: '',
    practical: [],
    openAt: '',
    selected: itemKey(section, id),
    view: at ? { lat: at.lat, lon: at.lon, zoom: PLACE_ZOOM } : null,
  });
  return `/map?${search}`;
}
/** A zoom level rounded to the map's quarter steps. */
export const snapZoom = (zoom: number) => Math.round(zoom * 4) / 4;

/** Region bounds [[south, west], [north, east]] (the district shapes' bbox). */
export const regionBounds: [[number, number], [number, number]] = [
  [58.34, 27.57],
  [61.34, 35.91],
];

export type { MapTilesT };
