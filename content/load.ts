import fs from 'node:fs/promises';
import path from 'node:path';
import type { TSchema } from 'typebox';
import Value from 'typebox/value';
import { type FactSourcesT, factsOf, factUnknown } from '../common/fact-sources.js';
import { distanceKm, saintPetersburg } from '../common/geo.js';
import type { PlaceSection } from '../common/sections.js';
import * as S from './schema.js';

/**
 * All demo content, validated: the files of content/data with every cross-reference checked. The
 * places of each section are under the property its module names (`content.key`).
 */
export type Content = ContentBase & { [M in S.PlaceModule as M['content']['key']]: PlaceItem[] };
type PlaceKey = S.PlaceModule['content']['key'];

interface ContentBase {
  districts: S.Districts;
  cities: S.Cities;
  directories: S.Directories;
  tourismTypes: S.TourismTypes;
  directions: S.Directions;
  routes: S.Routes;
  events: S.Events;
  news: S.News;
  partners: S.Partners;
  pages: S.Pages;
}

export class ContentError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `content is not valid:\n  ${problems.slice(0, 50).join('\n  ')}${problems.length > 50 ? `\n  ... and ${problems.length - 50} more` : ''}`,
    );
  }
}

async function readJson(dir: string, file: string, problems: string[]): Promise<unknown> {
  let text: string;
  try {
    text = await fs.readFile(path.join(dir, file), 'utf8');
  } catch {
    problems.push(`${file}: missing`);
    return undefined;
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    problems.push(`${file}: ${(e as Error).message}`);
    return undefined;
  }
}

/** Reads the files matching `base.json` or `base-N.json`, concatenated in name order. */
async function readSeries(dir: string, base: string, problems: string[]): Promise<unknown[]> {
  const names = (await fs.readdir(dir))
    .filter((f) => f === `${base}.json` || new RegExp(`^${base}-\\d+\\.json$`).test(f))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  const parts = await Promise.all(names.map((n) => readJson(dir, n, problems)));
  return parts.flatMap((p) => (Array.isArray(p) ? p : []));
}

function check<T extends TSchema>(schema: T, value: unknown, file: string, problems: string[]): void {
  if (Value.Check(schema, value)) return;
  for (const e of Value.Errors(schema, value).slice(0, 20)) {
    problems.push(`${file}${e.instancePath}: ${e.message}`);
  }
}

export async function loadContent(dir: string): Promise<Content> {
  const problems: string[] = [];
  const raw = {
    districts: await readJson(dir, 'districts.json', problems),
    cities: await readJson(dir, 'cities.json', problems),
    directories: await readJson(dir, 'directories.json', problems),
    tourismTypes: await readJson(dir, 'tourism-types.json', problems),
    directions: await readJson(dir, 'directions.json', problems),
    ...Object.fromEntries(
      await Promise.all(
        S.placeModules.map(async (m) => [m.content.key, await readSeries(dir, m.content.file, problems)]),
      ),
    ),
    routes: await readSeries(dir, 'routes', problems),
    events: await readSeries(dir, 'events', problems),
    news: await readSeries(dir, 'news', problems),
    partners: await readJson(dir, 'partners.json', problems),
    pages: await readJson(dir, 'pages.json', problems),
  };
  const schemas: Record<keyof Content, TSchema> = {
    districts: S.DistrictsFile,
    cities: S.CitiesFile,
    directories: S.DirectoriesFile,
    tourismTypes: S.TourismTypesFile,
    directions: S.DirectionsFile,
    ...(Object.fromEntries(
      S.placeModules.map((m) => [m.content.key, S.placeFileSchema(m)]),
    ) as unknown as Record<PlaceKey, TSchema>),
    routes: S.RoutesFile,
    events: S.EventsFile,
    news: S.NewsFile,
    partners: S.PartnersFile,
    pages: S.PagesFile,
  };
  for (const [name, schema] of Object.entries(schemas)) {
    const value = (raw as Record<string, unknown>)[name];
    if (value !== undefined) check(schema, value, name, problems);
  }
  if (problems.length) throw new ContentError(problems);
  const content = raw as unknown as Content;
  checkReferences(content, problems);
  if (problems.length) throw new ContentError(problems);
  return content;
}

function checkReferences(c: Content, problems: string[]): void {
  const keys = (items: { key: string }[]) => new Set(items.map((i) => i.key));
  const districts = keys(c.districts);
  const cities = new Map(c.cities.map((x) => [x.key, x.district]));
  const tourism = keys(c.tourismTypes);
  const dir = Object.fromEntries(Object.entries(c.directories).map(([k, v]) => [k, keys(v)])) as Record<
    S.DirectoryKind,
    Set<string>
  >;

  const unique = (file: string, items: readonly { key: string }[]) => {
    const seen = new Set<string>();
    for (const i of items) {
      if (seen.has(i.key)) problems.push(`${file}: duplicate key "${i.key}"`);
      seen.add(i.key);
    }
  };
  const ref = (file: string, key: string, what: string, value: string | undefined, set: Set<string>) => {
    if (value !== undefined && !set.has(value)) problems.push(`${file} ${key}: unknown ${what} "${value}"`);
  };
  const place = (
    file: string,
    item: { key: string; district: string; city?: string | undefined; tourism_types?: string[] | undefined },
  ) => {
    ref(file, item.key, 'district', item.district, districts);
    if (item.city !== undefined) {
      const cityDistrict = cities.get(item.city);
      if (cityDistrict === undefined) problems.push(`${file} ${item.key}: unknown city "${item.city}"`);
      else if (cityDistrict !== item.district) {
        problems.push(`${file} ${item.key}: city "${item.city}" is in ${cityDistrict}, not ${item.district}`);
      }
    }
    for (const t of item.tourism_types ?? []) ref(file, item.key, 'tourism type', t, tourism);
  };

  unique('districts', c.districts);
  unique('cities', c.cities);
  for (const city of c.cities) ref('cities', city.key, 'district', city.district, districts);
  for (const [kind, items] of Object.entries(c.directories)) unique(`directories ${kind}`, items);
  unique('tourism-types', c.tourismTypes);
  const directionDistricts = c.directions.map((d) => d.district);
  c.districts.forEach((d, i) => {
    if (directionDistricts[i] !== d.key) problems.push(`directions[${i}]: expected district "${d.key}"`);
  });
  for (const d of c.directions) {
    if (cities.get(d.admin_center) === undefined) {
      problems.push(`directions ${d.district}: unknown admin_center "${d.admin_center}"`);
    }
  }
  const series: [string, readonly (PlaceItem | S.Routes[number] | S.Events[number])[]][] = [
    ...S.placeModules.map((m): [string, readonly PlaceItem[]] => [m.content.file, c[m.content.key]]),
    ['routes', c.routes],
    ['events', c.events],
  ];
  for (const [file, items] of series) {
    unique(file, items);
    for (const item of items) place(file, item as Parameters<typeof place>[1]);
    problems.push(...roadDistanceProblems(file, items as Parameters<typeof roadDistanceProblems>[1]));
  }
  // A place's own references (its module's fields) name keys of the directories.
  for (const m of S.placeModules) {
    for (const field of S.ownPlaceFields(m.edit.fields)) {
      if (field.kind !== 'reference' || !Object.hasOwn(dir, field.source)) continue;
      const set = dir[field.source as S.DirectoryKind];
      const property = S.contentKey(field);
      for (const item of c[m.content.key]) {
        const value = item[property] as string | string[] | undefined;
        for (const k of Array.isArray(value) ? value : [value])
          ref(m.content.file, item.key, field.source, k, set);
      }
    }
  }
  for (const m of S.placeModules)
    problems.push(...unsourcedFactProblems(m.content.file, m.edit.fields, c[m.content.key]));
  for (const r of c.routes) {
    ref('routes', r.key, 'route-type', r.type, dir['route-type']);
    for (const w of r.ways) ref('routes', r.key, 'vehicle', w, dir.vehicle);
  }
  for (const e of c.events) {
    if (e.end_date < e.start_date) problems.push(`events ${e.key}: end_date is before start_date`);
  }
  unique('news', c.news);
  for (const n of c.news) ref('news', n.key, 'district', n.district, districts);
  unique('partners', c.partners);
  const slugs = new Set<string>(c.pages.pages.map((p) => p.slug));
  for (const slug of S.infoPageSlugs) if (!slugs.has(slug)) problems.push(`pages: missing page "${slug}"`);
}

/**
 * A fact the content's authors did not write into these files on one known day (`factsWritten`: a
 * catering's average bill, which is only a figure the place publishes) is there only with its own
 * `fact_sources`, saying where and when.
 */
export function unsourcedFactProblems(
  file: string,
  fields: readonly { name: string }[],
  items: readonly (Record<string, unknown> & { key: string; fact_sources?: FactSourcesT | undefined })[],
): string[] {
  const problems: string[] = [];
  for (const fact of factsOf(fields)) {
    if (S.factsWritten[fact]) continue;
    for (const item of items) {
      if (!factUnknown(item[fact]) && !item.fact_sources?.[fact])
        problems.push(
          `${file} ${item.key}: ${fact} without fact_sources.${fact} (where and when it was published)`,
        );
    }
  }
  return problems;
}

/**
 * `distance_from_spb` is the road distance from the centre of Saint Petersburg (the site says
 * "by road"): never shorter than the straight line from Palace Square, but for a few km of
 * tolerance (the centre a road distance is counted from is not always that square). A highway's
 * kilometre post ("54th km of the Priozersk highway", counted from the ring road) is not one.
 */
export function roadDistanceProblems(
  file: string,
  items: readonly { key: string; lat?: number; lon?: number; distance_from_spb?: number | undefined }[],
): string[] {
  const problems: string[] = [];
  for (const item of items) {
    if (item.distance_from_spb === undefined || item.lat === undefined || item.lon === undefined) continue;
    const straight = distanceKm(saintPetersburg, [item.lat, item.lon]);
    if (item.distance_from_spb < straight - ROAD_DISTANCE_TOLERANCE_KM)
      problems.push(
        `${file} ${item.key}: distance_from_spb ${item.distance_from_spb} km is shorter than the straight line from the centre (${Math.round(straight)} km); it is the distance by road`,
      );
  }
  return problems;
}
const ROAD_DISTANCE_TOLERANCE_KM = 3;

/** Each section of places with its items. */
export function placeSeries(c: Content): Record<PlaceSection, readonly PlaceItem[]> {
  return Object.fromEntries(S.placeModules.map((m) => [m.slug, c[m.content.key]])) as unknown as Record<
    PlaceSection,
    readonly PlaceItem[]
  >;
}

export type PlaceItem = S.PlaceItem;
