import type { MapSection } from '../../../common/api';

// What the map page and its Web Worker exchange. Only types and small functions, and no import
// that runs code: the worker's bundle stays the clustering and nothing else.

/** One point as the page shows it: a marker, a line of the list, a search suggestion, the card. */
export interface MapItem {
  /** `<section>.<id>`, unique across sections. */
  key: string;
  section: MapSection;
  id: number;
  lat: number;
  lon: number;
  name: string;
  district: number;
  /** The name of its type (object type, kind of place ...), when it has one. */
  type: string | null;
  /** Events: [start, end] as YYYY-MM-DD. */
  dates: [string, string] | null;
}

/** An item of the list beside the map, with its distance in km once the visitor's place is known. */
export interface MapListItem extends MapItem {
  distance: number | null;
}

export interface MapRouteLine {
  id: number;
  length: number;
  line: [number, number][];
  objects: number[];
}

/** What the layers and filters let through. */
export interface MapFilter {
  layers: MapSection[];
  districts: number[];
  tourism: number[];
  /** Events on at least one day of this range (YYYY-MM-DD; '' leaves a side open). */
  dateFrom: string;
  dateTo: string;
  /** The keys of the only points shown (the practical filters' answer from the server); absent: all. */
  only?: string[] | null;
}

/** The points of each layer under the district and tourism filters (whatever the layers). */
export type MapCounts = Record<MapSection, number>;

export type MapMarker =
  | {
      kind: 'cluster';
      key: string;
      lat: number;
      lon: number;
      count: number;
      /** The zoom at which the cluster splits. */
      zoom: number;
    }
  | { kind: 'point'; key: string; item: MapItem };

/** [west, south, east, north] in degrees. */
export type MapBounds = [number, number, number, number];

export interface MapViewRequest {
  bounds: MapBounds;
  zoom: number;
  /** The visitor's place: the list is sorted by the distance from it. */
  me: [number, number] | null;
  /** At most this many items in the list. */
  limit: number;
}

export interface MapViewAnswer {
  /** The clusters and points of the view and of a margin around it. */
  markers: MapMarker[];
  /** The lines of the routes let through that cross the view or its margin. */
  lines: { key: string; line: [number, number][] }[];
  /** The first `limit` items in the view (the nearest first when `me` is known). */
  list: MapListItem[];
  /** How many items the view holds. */
  inView: number;
  /** The list is sorted by the distance from the visitor: the heading says so with the same answer. */
  near: boolean;
}

/** A selected item with what its card and the map show of it. */
export interface MapSelection {
  item: MapItem;
  route: MapRouteLine | null;
  /** A route's attractions along the way, in order. */
  objects: MapItem[];
}

export const itemKey = (section: string, id: number) => `${section}.${id}`;

/** Great-circle distance in km. */
export function distanceKm(a: [number, number], b: [number, number]): number {
  const rad = Math.PI / 180;
  const dLat = (b[0] - a[0]) * rad;
  const dLon = (b[1] - a[1]) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[0] * rad) * Math.cos(b[0] * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The distance in km from the visitor to an item, to 100 m. */
export const distanceTo = (me: [number, number], item: { lat: number; lon: number }) =>
  Math.round(distanceKm(me, [item.lat, item.lon]) * 10) / 10;
