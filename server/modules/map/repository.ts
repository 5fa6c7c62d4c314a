import { type Kysely, sql } from 'kysely';
import {
  type MapPointColumnsT,
  type MapPointsT,
  type MapRouteT,
  type MapSection,
  type MapTilesT,
  mapSections,
} from '../../../common/api.js';
import type { Lang } from '../../../common/languages.js';
import { isPlaceSection, type PracticalFilter, sectionOf } from '../../../common/sections.js';
import type { DB, PlaceSection, Translated } from '../../db/schema.js';
import type { Dictionary } from '../../lib/dictionary.js';
import type { LatLon } from '../../lib/geo.js';
import { applyPractical } from '../../lib/practical.js';
import { regionToday } from '../../lib/today.js';
import { tr } from '../../lib/translate.js';

export interface MapFilter {
  sections: MapSection[];
  districts: number[];
  tourismTypes: number[];
  /** The practical filters asked for: only places then (events and routes have no such facts). */
  practical: PracticalFilter[];
  /** The moment "open now" is asked at. */
  now: Date;
  /** `open_at`: the day or moment of the region's clock the places must be open at ('' for none). */
  openAt: string;
}

const placeLayers = new Set<string>(mapSections.filter(isPlaceSection));
const sectionIndex = new Map<string, number>(mapSections.map((s, i) => [s, i]));

/** Coordinates to 5 decimals (about 1 m): enough for a map, and short. */
const round = (x: number) => Math.round(x * 1e5) / 1e5;

/** Douglas-Peucker in degrees (lon scaled by cos(lat)): keeps the shape within `tolerance` degrees. */
export function simplifyLine(line: LatLon[], tolerance = 0.0003): LatLon[] {
  if (line.length <= 2) return line.map(([a, b]) => [round(a), round(b)]);
  const k = Math.cos(((line[0]?.[0] ?? 60) * Math.PI) / 180);
  const keep = new Uint8Array(line.length);
  keep[0] = 1;
  keep[line.length - 1] = 1;
  const stack: [number, number][] = [[0, line.length - 1]];
  while (stack.length) {
    const [first, last] = stack.pop() as [number, number];
    const a = line[first] as LatLon;
    const b = line[last] as LatLon;
    const dx = (b[1] - a[1]) * k;
    const dy = b[0] - a[0];
    const len2 = dx * dx + dy * dy;
    let worst = -1;
    let worstAt = -1;
    for (let i = first + 1; i < last; i++) {
      const p = line[i] as LatLon;
      const px = (p[1] - a[1]) * k;
      const py = p[0] - a[0];
      const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, (px * dx + py * dy) / len2));
      const d = Math.hypot(px - t * dx, py - t * dy);
      if (d > worst) {
        worst = d;
        worstAt = i;
      }
    }
    if (worst > tolerance && worstAt > 0) {
      keep[worstAt] = 1;
      stack.push([first, worstAt], [worstAt, last]);
    }
  }
  return line.filter((_, i) => keep[i]).map(([a, b]) => [round(a), round(b)]);
}

/** The district and tourism-type conditions of a map request, as SQL. */
function conditions(filter: MapFilter) {
  const parts = [];
  if (filter.districts.length)
    parts.push(sql<boolean>`district_id = any(${sql.val(filter.districts)}::int[])`);
  if (filter.tourismTypes.length) {
    parts.push(sql<boolean>`tourism_type_ids && ${sql.val(filter.tourismTypes)}::int[]`);
  }
  return parts.length ? sql<boolean>`${sql.join(parts, sql` and `)}` : sql<boolean>`true`;
}

/** Every point the map shows, in one compact answer (see MapPoints in common/api.ts). */
export async function mapPoints(
  db: Kysely<DB>,
  lang: Lang,
  dict: Dictionary,
  filter: MapFilter,
  tiles: MapTilesT,
): Promise<MapPointsT> {
  const wanted = new Set<string>(filter.practical.length || filter.openAt ? [] : filter.sections);
  const places = filter.sections.filter((s) => placeLayers.has(s)) as PlaceSection[];
  const [placeRows, eventRows, routeRows] = await Promise.all([
    places.length
      ? db
          .selectFrom('places')
          .select(['section', 'id', 'lat', 'lon', 'name', 'district_id', 'tourism_type_ids', 'type_id'])
          .where('section', 'in', places)
          .where(conditions(filter))
          .$call((qb) =>
            applyPractical(
              qb,
              { ...Object.fromEntries(filter.practical.map((f) => [f, true])), open_at: filter.openAt },
              filter.openAt ? [...new Set([...filter.practical, 'open_now' as const])] : filter.practical,
              filter.now,
            ),
          )
          .orderBy('section')
          .orderBy('id')
          .execute()
      : Promise.resolve([]),
    wanted.has('events')
      ? db
          .selectFrom('events')
          .select(['id', 'lat', 'lon', 'name', 'district_id', 'tourism_type_ids', 'start_date', 'end_date'])
          .where('end_date', '>=', regionToday())
          .where(conditions(filter))
          .orderBy('start_date')
          .orderBy('id')
          .execute()
      : Promise.resolve([]),
    wanted.has('routes')
      ? db
          .selectFrom('routes')
          .select([
            'id',
            'lat',
            'lon',
            'name',
            'district_id',
            'tourism_type_ids',
            'type_id',
            'length_km',
            'path',
            'object_ids',
          ])
          .where(conditions(filter))
          .orderBy('id')
          .execute()
      : Promise.resolve([]),
  ]);

  const points: MapPointColumnsT = {
    section: [],
    id: [],
    lat: [],
    lon: [],
    name: [],
    district: [],
    tourism: [],
    type: [],
    dates: [],
  };
  const push = (
    section: number,
    row: { id: number; name: Translated; district_id: number; tourism_type_ids: number[] },
    lat: number,
    lon: number,
    type: number | null,
    dates: string | null,
  ) => {
    points.section.push(section);
    points.id.push(row.id);
    points.lat.push(round(lat));
    points.lon.push(round(lon));
    points.name.push(tr(row.name, lang));
    points.district.push(row.district_id);
    points.tourism.push(row.tourism_type_ids);
    points.type.push(type);
    points.dates.push(dates);
  };
  for (const r of placeRows) push(sectionIndex.get(r.section) ?? 0, r, r.lat, r.lon, r.type_id, null);
  const events = sectionIndex.get('events') ?? 5;
  for (const e of eventRows) {
    push(events, e, e.lat, e.lon, null, `${dateOf(e.start_date)}/${dateOf(e.end_date)}`);
  }
  const routes: MapRouteT[] = [];
  const routeIndex = sectionIndex.get('routes') ?? 6;
  for (const r of routeRows) {
    const line = simplifyLine(r.path as LatLon[]);
    const start = line[0] ?? [r.lat, r.lon];
    push(routeIndex, r, start[0], start[1], r.type_id, null);
    routes.push({ id: r.id, length: Number(r.length_km), line, objects: r.object_ids });
  }

  const types: Record<string, Record<string, string>> = {};
  for (const section of mapSections) {
    const kind = sectionOf(section).typeKind;
    if (!kind || !wanted.has(section)) continue;
    const names: Record<string, string> = {};
    for (const item of dict.list(kind)) names[item.id] = tr(item.name, lang);
    types[section] = names;
  }
  return { sections: [...mapSections], tiles, types, points, routes };
}

/** A date column as YYYY-MM-DD, whether the driver gives a string or a Date. */
function dateOf(value: string | Date): string {
  if (value instanceof Date) {
    const y = value.getFullYear();
    const m = String(value.getMonth() + 1).padStart(2, '0');
    const d = String(value.getDate()).padStart(2, '0');
    return `${y}-${m}-${d}`;
  }
  return String(value).slice(0, 10);
}
