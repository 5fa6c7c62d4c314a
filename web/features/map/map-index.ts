import KDBush from 'kdbush';
import Supercluster, { type ClusterProperties } from 'supercluster';
import type { MapPointsT, MapSection, MapTilesT } from '../../../common/api';
import { eventInRange } from '../../../common/date-presets';
import {
  distanceKm,
  itemKey,
  type MapBounds,
  type MapCounts,
  type MapFilter,
  type MapItem,
  type MapListItem,
  type MapMarker,
  type MapRouteLine,
  type MapSelection,
  type MapViewAnswer,
  type MapViewRequest,
} from '../../lib/map/map-item';

// Everything the map page knows of its points, kept in the map's Web Worker (map-worker.ts): the
// decoded /api/map/points/ answer, the filter, the cluster index and the index of the points in
// view. The page asks it for what one view shows (a few dozen markers, the list, the counts) and
// never holds all the points itself, so neither 10,000 nor 100,000 of them block its thread.
// Nothing here touches the DOM or Leaflet: the unit tests run it in Node.

/**
 * The margin around the view whose markers are drawn too (a fifth of its size on each side), so
 * that a short pan shows markers at once.
 */
const MARGIN = 0.2;

type Bbox = MapBounds;
const crosses = (a: Bbox, b: Bbox) => a[0] <= b[2] && a[2] >= b[0] && a[1] <= b[3] && a[3] >= b[1];

function lineBbox(line: [number, number][]): Bbox {
  const box: Bbox = [180, 90, -180, -90];
  for (const [lat, lon] of line) {
    box[0] = Math.min(box[0], lon);
    box[1] = Math.min(box[1], lat);
    box[2] = Math.max(box[2], lon);
    box[3] = Math.max(box[3], lat);
  }
  return box;
}

function padded([w, s, e, n]: MapBounds, by: number): MapBounds {
  const dx = (e - w) * by;
  const dy = (n - s) * by;
  return [Math.max(-180, w - dx), Math.max(-85, s - dy), Math.min(180, e + dx), Math.min(85, n + dy)];
}

export class MapIndex {
  readonly size: number;
  readonly tiles: MapTilesT;
  /** The sections in the order of the answer (`points.section` indexes them). */
  private readonly sections: MapSection[];
  private readonly sectionOf: Uint8Array;
  private readonly ids: Int32Array;
  private readonly lats: Float64Array;
  private readonly lons: Float64Array;
  private readonly names: string[];
  /** Lower-cased names for the search box. */
  private readonly searchNames: string[];
  private readonly districts: Int32Array;
  private readonly tourism: number[][];
  private readonly typeNames: (string | null)[];
  private readonly dates: (string | null)[];
  private readonly byKey = new Map<string, number>();
  private readonly routes = new Map<number, MapRouteLine & { bbox: Bbox }>();
  /** The indices of the points the filter lets through, in the answer's order. */
  private shown = new Uint32Array(0);
  private shownRoutes: number[] = [];
  /** Counts the filters applied: a cluster's id means something under one filter only. */
  private generation = 0;
  private clusters = new Supercluster<{ i: number }, Record<string, never>>();
  private inView = new KDBush(0);

  constructor(body: MapPointsT) {
    const p = body.points;
    const n = p.id.length;
    this.size = n;
    this.tiles = body.tiles;
    this.sections = body.sections as MapSection[];
    this.sectionOf = new Uint8Array(n);
    this.ids = Int32Array.from(p.id);
    this.lats = Float64Array.from(p.lat);
    this.lons = Float64Array.from(p.lon);
    this.districts = Int32Array.from(p.district);
    this.names = p.name;
    this.searchNames = p.name.map((x) => x.toLocaleLowerCase());
    this.tourism = p.tourism;
    this.dates = p.dates;
    this.typeNames = new Array(n);
    for (let i = 0; i < n; i++) {
      const s = p.section[i] as number;
      const section = this.sections[s] as MapSection;
      this.sectionOf[i] = s;
      const type = p.type[i];
      this.typeNames[i] = type === null || type === undefined ? null : (body.types[section]?.[type] ?? null);
      this.byKey.set(itemKey(section, p.id[i] as number), i);
    }
    for (const r of body.routes) this.routes.set(r.id, { ...r, bbox: lineBbox(r.line) });
    this.setFilter({ layers: this.sections, districts: [], tourism: [], dateFrom: '', dateTo: '' });
  }

  private section(i: number): MapSection {
    return this.sections[this.sectionOf[i] as number] as MapSection;
  }

  item(i: number): MapItem {
    const section = this.section(i);
    const id = this.ids[i] as number;
    const dates = this.dates[i];
    return {
      key: itemKey(section, id),
      section,
      id,
      lat: this.lats[i] as number,
      lon: this.lons[i] as number,
      name: this.names[i] as string,
      district: this.districts[i] as number,
      type: this.typeNames[i] ?? null,
      dates: dates ? (dates.split('/') as [string, string]) : null,
    };
  }

  /** Applies layers and filters; answers the count of every layer under the filters. */
  setFilter(filter: MapFilter): MapCounts {
    const layers = new Set(filter.layers.map((s) => this.sections.indexOf(s)));
    const districts = filter.districts.length ? new Set(filter.districts) : null;
    const tourism = filter.tourism.length ? new Set(filter.tourism) : null;
    const dated = Boolean(filter.dateFrom || filter.dateTo);
    const only = filter.only ? new Set(filter.only) : null;
    const counts = Object.fromEntries(this.sections.map((s) => [s, 0])) as MapCounts;
    const shown: number[] = [];
    const routes = this.sections.indexOf('routes');
    this.shownRoutes = [];
    for (let i = 0; i < this.size; i++) {
      if (districts && !districts.has(this.districts[i] as number)) continue;
      if (tourism && !(this.tourism[i] as number[]).some((t) => tourism.has(t))) continue;
      const dates = dated ? this.dates[i] : null;
      if (dates && !eventInRange(dates.slice(0, 10), dates.slice(11), filter.dateFrom, filter.dateTo))
        continue;
      if (only && !only.has(itemKey(this.section(i), this.ids[i] as number))) continue;
      const s = this.sectionOf[i] as number;
      counts[this.sections[s] as MapSection] += 1;
      if (!layers.has(s)) continue;
      shown.push(i);
      if (s === routes) this.shownRoutes.push(this.ids[i] as number);
    }
    this.shown = Uint32Array.from(shown);
    this.generation += 1;
    // radius is in 512-px tile units (half of it on Leaflet's 256-px tiles): 100 keeps markers and
    // clusters about 50 px apart on screen, so none covers another's 24-px target (WCAG 2.5.8)
    this.clusters = new Supercluster<{ i: number }, Record<string, never>>({
      radius: 100,
      maxZoom: 16,
      minPoints: 2,
    });
    this.clusters.load(
      shown.map((i) => ({
        type: 'Feature' as const,
        properties: { i },
        geometry: { type: 'Point' as const, coordinates: [this.lons[i] as number, this.lats[i] as number] },
      })),
    );
    this.inView = new KDBush(shown.length);
    for (const i of shown) this.inView.add(this.lons[i] as number, this.lats[i] as number);
    this.inView.finish();
    return counts;
  }

  /** What one view of the map shows. */
  view({ bounds, zoom, me, limit }: MapViewRequest): MapViewAnswer {
    const wide = padded(bounds, MARGIN);
    const z = Math.round(zoom);
    const markers: MapMarker[] = [];
    for (const c of this.clusters.getClusters(wide, z)) {
      const [lon, lat] = c.geometry.coordinates as [number, number];
      const props = c.properties as Partial<ClusterProperties> & { i?: number };
      if (props.cluster) {
        const id = props.cluster_id as number;
        markers.push({
          kind: 'cluster',
          key: `c${this.generation}.${z}:${id}`,
          lat,
          lon,
          count: props.point_count ?? 0,
          zoom: Math.min(this.clusters.getClusterExpansionZoom(id), 18),
        });
      } else if (props.i !== undefined) {
        const item = this.item(props.i);
        markers.push({ kind: 'point', key: item.key, item });
      }
    }
    const lines: MapViewAnswer['lines'] = [];
    for (const id of this.shownRoutes) {
      const r = this.routes.get(id);
      if (r && r.line.length > 1 && crosses(r.bbox, wide))
        lines.push({ key: itemKey('routes', id), line: r.line });
    }
    // The view's own points, in the answer's order (the index gives them in its own).
    const found = Uint32Array.from(this.inView.range(...bounds), (k) => this.shown[k] as number).sort();
    let chosen: MapListItem[];
    if (me) {
      const distance = new Float64Array(found.length);
      found.forEach((i, k) => {
        distance[k] = distanceKm(me, [this.lats[i] as number, this.lons[i] as number]);
      });
      const order = Array.from(found.keys()).sort(
        (a, b) => (distance[a] as number) - (distance[b] as number),
      );
      chosen = order.slice(0, limit).map((k) => ({
        ...this.item(found[k] as number),
        distance: Math.round((distance[k] as number) * 10) / 10,
      }));
    } else {
      chosen = Array.from(found.subarray(0, limit), (i) => ({ ...this.item(i), distance: null }));
    }
    return { markers, lines, list: chosen, inView: found.length, near: me !== null };
  }

  /** Names matching a query (case-insensitive; words in any order), best first: prefix, then contains. */
  search(query: string, limit = 8): MapItem[] {
    const words = query.toLocaleLowerCase().trim().split(/\s+/).filter(Boolean);
    if (!words.length) return [];
    const first = words[0] as string;
    const prefix: number[] = [];
    const rest: number[] = [];
    for (let i = 0; i < this.size && prefix.length < limit; i++) {
      const name = this.searchNames[i] as string;
      if (!words.every((w) => name.includes(w))) continue;
      (name.startsWith(first) ? prefix : rest).push(i);
    }
    return [...prefix, ...rest].slice(0, limit).map((i) => this.item(i));
  }

  /** An item by its key with its route and the route's attractions; null when the map has no such item. */
  select(key: string): MapSelection | null {
    const i = this.byKey.get(key);
    if (i === undefined) return null;
    const item = this.item(i);
    const route = item.section === 'routes' ? (this.routes.get(item.id) ?? null) : null;
    const objects = (route?.objects ?? []).flatMap((id) => {
      const o = this.byKey.get(itemKey('attractions', id));
      return o === undefined ? [] : [this.item(o)];
    });
    return {
      item,
      route: route ? { id: route.id, length: route.length, line: route.line, objects: route.objects } : null,
      objects,
    };
  }
}
