// Generated content at N times the real portal's volume, on top of the demo content, through the
// same tables (and so the same generated search columns and indexes) as the demo seed.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { modules } from '../../common/section-modules.js';
import {
  type PlaceCardExtra,
  placeSections,
  type ScaleProfile,
  type Section,
  sectionOf,
} from '../../common/sections.js';
import { type Content, placeSeries } from '../../content/load.js';
import type { DB, PlaceSection } from '../../server/db/schema.js';
import { distanceKm, type LatLon, lineLengthKm } from '../../server/lib/geo.js';
import { contentDir } from '../../server/paths.js';
import { Random } from './random.js';
import { type DistrictShape, districtShapes, inDistrict } from './region.js';
import * as w from './words.js';

/** The real portal's volume: factor 1 adds this many; other sections follow the demo ratios. */
export const REAL_VOLUME = { attractions: 5200, routes: 500 } as const;

/** Dates are counted from this fixed day, so that a seed gives the same rows on any day. */
const ANCHOR = Date.UTC(2026, 10, 1);
const SPB: LatLon = [59.9386, 30.3141];
const ROWS_PER_INSERT = 1000;

export type ScaleSection = PlaceSection | 'routes' | 'events' | 'news';
export type ScaleCounts = Record<ScaleSection, number>;

/** How many rows of each section the factor adds. */
export function scaleCounts(content: Content, factor: number): ScaleCounts {
  const perAttraction = (n: number) =>
    Math.round((factor * REAL_VOLUME.attractions * n) / content.attractions.length);
  const places = Object.fromEntries(
    Object.entries(placeSeries(content)).map(([section, items]) => [section, perAttraction(items.length)]),
  ) as Record<PlaceSection, number>;
  return {
    ...places,
    attractions: Math.round(factor * REAL_VOLUME.attractions),
    routes: Math.round(factor * REAL_VOLUME.routes),
    events: perAttraction(content.events.length),
    news: perAttraction(content.news.length),
  };
}

export interface ScaleOptions {
  factor: number;
  seed: string;
  log?: (message: string) => void;
}

type Tr3 = { ru: string; en: string; zh: string };
const tr = (x: w.W): Tr3 => ({ ru: x[0], en: x[1], zh: x[2] });
const json = (v: unknown) => JSON.stringify(v);
const slug = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const day = (offset: number) => new Date(ANCHOR + offset * 86_400_000).toISOString().slice(0, 10);

interface District {
  id: number;
  key: string;
  name: Tr3;
  shape: DistrictShape | undefined;
  center: LatLon;
  cities: City[];
}
interface City {
  id: number;
  name: Tr3;
  point: LatLon;
}

/** What the generator needs from the seeded database: ids by key. */
async function readDirectory(db: Kysely<DB>) {
  const districts = await db
    .selectFrom('districts')
    .select(['id', 'key', 'name', 'lat', 'lon'])
    .orderBy('id')
    .execute();
  const cities = await db
    .selectFrom('cities')
    .select(['id', 'district_id', 'name', 'lat', 'lon'])
    .orderBy('id')
    .execute();
  const items = await db
    .selectFrom('directory_items')
    .select(['kind', 'id', 'key'])
    .orderBy('kind')
    .orderBy('id')
    .execute();
  const tourism = await db.selectFrom('tourism_types').select(['id', 'key']).orderBy('id').execute();
  const shapes = districtShapes(
    JSON.parse(await fs.readFile(path.join(contentDir, 'data', 'district-shapes.json'), 'utf8')),
  );
  const list: District[] = districts.map((d) => ({
    id: d.id,
    key: d.key,
    name: d.name as Tr3,
    shape: shapes.get(d.key),
    center: [d.lat, d.lon],
    cities: cities
      .filter((c) => c.district_id === d.id)
      .map((c) => ({ id: c.id, name: c.name as Tr3, point: [c.lat, c.lon] as LatLon })),
  }));
  const dir = (kind: string) => items.filter((x) => x.kind === kind).map((x) => ({ id: x.id, key: x.key }));
  const tourismId = new Map(tourism.map((t) => [t.key, t.id]));
  return { districts: list, dir, tourismId };
}

async function nextIds(db: Kysely<DB>) {
  const max = async (table: 'routes' | 'events' | 'news') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.max('id').as('m'))
          .executeTakeFirst()
      )?.m ?? 0,
    );
  const places = await db
    .selectFrom('places')
    .select(['section', (eb) => eb.fn.max('id').as('m')])
    .groupBy('section')
    .execute();
  const placeMax = new Map(places.map((p) => [p.section, Number(p.m)]));
  return {
    place: (s: PlaceSection) => (placeMax.get(s) ?? 0) + 1,
    routes: (await max('routes')) + 1,
    events: (await max('events')) + 1,
    news: (await max('news')) + 1,
  };
}

async function insertInBatches<T>(
  count: number,
  make: (i: number) => T,
  insert: (rows: T[]) => Promise<unknown>,
): Promise<void> {
  for (let start = 0; start < count; start += ROWS_PER_INSERT) {
    const rows: T[] = [];
    for (let i = start; i < Math.min(count, start + ROWS_PER_INSERT); i++) rows.push(make(i));
    await insert(rows);
  }
}

/**
 * What the generated items of each section are like (each module's `scale`): the types of tourism
 * they are tagged with, and which of rating, price and opening hours they state (the fields of
 * their cards and detail pages come from the modules too).
 */
const generated = Object.fromEntries(
  modules.flatMap((s) => ('scale' in s ? [[s.slug, s.scale]] : [])),
) as unknown as Record<ScaleSection, ScaleProfile>;

/**
 * Adds `factor` times the real portal's volume to a database that holds the demo content. The same
 * seed gives the same rows. Returns how many rows of each section were added.
 */
export async function generateScale(
  db: Kysely<DB>,
  content: Content,
  options: ScaleOptions,
): Promise<ScaleCounts> {
  const log = options.log ?? (() => {});
  const counts = scaleCounts(content, options.factor);
  const rng = new Random(`scale:${options.seed}`);
  const { districts, dir, tourismId } = await readDirectory(db);
  const ids = await nextIds(db);
  const tourismIds = (section: ScaleSection, n: number) =>
    rng
      .some(generated[section].tourism, n)
      .map((k) => tourismId.get(k))
      .filter((x): x is number => x !== undefined)
      .sort((a, b) => a - b);

  const placeName = (): Tr3 => {
    const r = rng.pick(w.roots);
    const e = rng.pick(w.endings);
    return { ru: r[0] + e[0], en: r[1] + e[1], zh: r[2] + e[2] };
  };
  /** A point in the district: near one of its towns mostly, anywhere inside it otherwise. */
  const pointIn = (d: District): LatLon => {
    for (let attempt = 0; attempt < 50; attempt++) {
      let p: LatLon;
      if (d.cities.length && rng.chance(0.6)) {
        const c = rng.pick(d.cities).point;
        p = [c[0] + rng.gauss() * 0.08, c[1] + rng.gauss() * 0.15];
      } else if (d.shape) {
        const [x0, y0, x1, y1] = d.shape.bbox;
        p = [y0 + rng.next() * (y1 - y0), x0 + rng.next() * (x1 - x0)];
      } else {
        p = [d.center[0] + rng.gauss() * 0.1, d.center[1] + rng.gauss() * 0.2];
      }
      if (!d.shape || inDistrict(d.shape, p)) return [Number(p[0].toFixed(5)), Number(p[1].toFixed(5))];
    }
    return d.center;
  };
  const nearestCity = (d: District, p: LatLon): City | undefined => {
    let best: City | undefined;
    let bestKm = Number.POSITIVE_INFINITY;
    for (const c of d.cities) {
      const km = distanceKm(p, c.point);
      if (km < bestKm) [best, bestKm] = [c, km];
    }
    return best;
  };
  const text = (name: Tr3, d: District, city: City | undefined) => {
    const cityName = city?.name ?? d.name;
    const fill = (s: string, lang: keyof Tr3) =>
      s
        .replaceAll('{name}', name[lang])
        .replaceAll('{district}', d.name[lang])
        .replaceAll('{city}', cityName[lang]);
    const a = rng.pick(w.annotations);
    const parts = rng.some(w.sentences, rng.int(4, 7));
    const out = (lang: keyof Tr3, i: 0 | 1 | 2) => ({
      annotation: fill(a[i], lang),
      description: parts.map((s) => fill(s[i], lang)).join(lang === 'zh' ? '' : ' '),
    });
    const ru = out('ru', 0);
    const en = out('en', 1);
    const zh = out('zh', 2);
    return {
      annotation: { ru: ru.annotation, en: en.annotation, zh: zh.annotation },
      description: { ru: ru.description, en: en.description, zh: zh.description },
    };
  };
  const address = (d: District, village: Tr3): Tr3 => {
    const s = rng.pick(w.streets);
    const n = rng.int(1, 60);
    return {
      ru: `${d.name.ru}, ${village.ru}, ${s[0]}, ${n}`,
      en: `${n} ${s[1]}, ${village.en}, ${d.name.en}`,
      zh: `${d.name.zh}${village.zh}${s[2]}${n}号`,
    };
  };
  const pictures = (section: string, key: string, categories: string[]) =>
    categories.map((c, i) => `${c}.${section}-${key}-${i}`);

  // Places, section by section; the attractions are kept (id, district, point) for the routes.
  const attractionsByDistrict = new Map<number, { id: number; point: LatLon }[]>();
  for (const section of placeSections) {
    const first = ids.place(section);
    const { typeKind: kind, cardExtras = [], detail } = sectionOf(section) as Section;
    const has = (extra: PlaceCardExtra) => (cardExtras as readonly string[]).includes(extra);
    const types = kind ? dir(kind) : [];
    const kitchens = dir('kitchen-type');
    await insertInBatches(
      counts[section],
      (i) => {
        const id = first + i;
        const d = rng.pick(districts);
        const point = pointIn(d);
        const city = nearestCity(d, point);
        const type = types.length ? rng.pick(types) : undefined;
        const typeKey = type?.key ?? 'info';
        const head = rng.pick(w.placeHeads[typeKey] ?? (w.placeHeads.info as w.W[]));
        const village = placeName();
        const business = section !== 'attractions';
        const name: Tr3 = business
          ? {
              ru: `${head[0]} «${village.ru}»`,
              en: `${village.en} ${head[1]}`,
              zh: `${village.zh}${head[2]}`,
            }
          : { ru: `${head[0]} ${village.ru}`, en: `${village.en} ${head[1]}`, zh: `${village.zh}${head[2]}` };
        const key = `${slug(name.en)}-${id}`;
        const { annotation, description } = text(name, d, city);
        const cats = w.pictureOf[typeKey] ?? ['village'];
        if (section === 'attractions') {
          const list = attractionsByDistrict.get(d.id) ?? [];
          list.push({ id, point });
          attractionsByDistrict.set(d.id, list);
        }
        return {
          section,
          id,
          key,
          name: json(name),
          annotation: json(annotation),
          description: json(description),
          district_id: d.id,
          city_id: city && distanceKm(point, city.point) < 25 ? city.id : null,
          lat: point[0],
          lon: point[1],
          address: json(address(d, village)),
          images: pictures(section, key, rng.some(cats, rng.int(1, Math.min(3, cats.length)))),
          type_id: type?.id ?? null,
          tourism_type_ids: tourismIds(section, rng.int(1, 2)),
          kitchen_type_ids: has('kitchen_type') ? rng.some(kitchens, rng.int(1, 2)).map((k) => k.id) : [],
          distance_from_spb: Math.round(distanceKm(SPB, point) * 1.3),
          popular: rng.chance(0.02),
          rating: generated[section].rating ? rng.int(35, 50) / 10 : null,
          stars: has('stars') && typeKey.includes('hotel') ? rng.int(1, 5) : null,
          rooms: detail?.rooms ? rng.int(3, 120) : null,
          avg_bill: has('avg_bill') ? rng.int(4, 40) * 100 : null,
          hours: generated[section].hours ? json(tr(rng.pick(w.hoursTexts))) : null,
          price: generated[section].price ? json(tr(rng.pick(w.priceTexts))) : null,
          phone: `+7 (813${rng.int(60, 79)}) ${rng.int(20, 79)}-${rng.int(100, 999)}`,
          site: rng.chance(0.3) ? `https://example.org/${section}/${id}` : null,
        };
      },
      (rows) => db.insertInto('places').values(rows).execute(),
    );
    log(`${section}: ${counts[section]}`);
  }

  // Routes: a chain of nearby generated attractions of one district, start to finish.
  const routeTypes = dir('route-type');
  const vehicles = dir('vehicle');
  const withObjects = districts.filter((d) => (attractionsByDistrict.get(d.id)?.length ?? 0) >= 2);
  await insertInBatches(
    withObjects.length ? counts.routes : 0,
    (i) => {
      const id = ids.routes + i;
      const d = rng.pick(withObjects);
      const pool = attractionsByDistrict.get(d.id) ?? [];
      const stops = [rng.pick(pool)];
      const n = Math.min(pool.length, rng.int(3, 8));
      const used = new Set(stops.map((s) => s.id));
      while (stops.length < n) {
        const last = (stops[stops.length - 1] as (typeof pool)[number]).point;
        let best: (typeof pool)[number] | undefined;
        let bestKm = Number.POSITIVE_INFINITY;
        for (const a of pool) {
          if (used.has(a.id)) continue;
          const km = distanceKm(last, a.point);
          if (km < bestKm) [best, bestKm] = [a, km];
        }
        if (!best) break;
        stops.push(best);
        used.add(best.id);
      }
      const line: LatLon[] = [];
      for (const [k, s] of stops.entries()) {
        if (k > 0) {
          const prev = (stops[k - 1] as (typeof pool)[number]).point;
          line.push([
            Number(((prev[0] + s.point[0]) / 2 + rng.gauss() * 0.005).toFixed(5)),
            Number(((prev[1] + s.point[1]) / 2 + rng.gauss() * 0.01).toFixed(5)),
          ]);
        }
        line.push(s.point);
      }
      const from = placeName();
      const to = placeName();
      const kindWord = rng.pick(w.routeKinds);
      const name: Tr3 = {
        ru: `${kindWord[0]} «${from.ru} — ${to.ru}»`,
        en: `${from.en} to ${to.en} ${kindWord[1]}`,
        zh: `${from.zh}—${to.zh}${kindWord[2]}`,
      };
      const start = line[0] as LatLon;
      const city = nearestCity(d, start);
      const ways = rng.some(vehicles, rng.int(1, 2)).sort((a, b) => a.id - b.id);
      const main = ways[0]?.key ?? 'foot';
      const picture =
        main === 'bicycle'
          ? 'route-bike'
          : main === 'car' || main === 'bus'
            ? 'route-car'
            : main === 'boat'
              ? 'route-water'
              : 'route-walk';
      const key = `${slug(name.en)}-${id}`;
      const { annotation, description } = text(name, d, city);
      return {
        id,
        key,
        name: json(name),
        annotation: json(annotation),
        description: json(description),
        district_id: d.id,
        city_id: city && distanceKm(start, city.point) < 25 ? city.id : null,
        type_id: rng.pick(routeTypes).id,
        way_ids: ways.map((x) => x.id),
        tourism_type_ids: tourismIds('routes', rng.int(1, 2)),
        length_km: Math.min(9999, Math.round(lineLengthKm(line) * 12) / 10 || 1),
        duration: json(tr(rng.pick(w.durations))),
        season: json(tr(rng.pick(w.seasons))),
        path: json(line),
        lat: start[0],
        lon: start[1],
        object_ids: stops.map((s) => s.id),
        images: pictures('route', key, [picture, 'forest']),
      };
    },
    (rows) => db.insertInto('routes').values(rows).execute(),
  );
  log(`routes: ${withObjects.length ? counts.routes : 0}`);

  const eventTourism = tourismId.get('event');
  await insertInBatches(
    counts.events,
    (i) => {
      const id = ids.events + i;
      const d = rng.pick(districts);
      const point = pointIn(d);
      const city = nearestCity(d, point) ?? { id: 0, name: d.name, point: d.center };
      const kind = rng.pick(w.eventKinds);
      const theme = rng.pick(w.eventThemes);
      const name: Tr3 = {
        ru: `${kind[0]} «${theme[0]}» — ${city.name.ru}`,
        en: `${theme[1]} ${kind[1]}, ${city.name.en}`,
        zh: `${city.name.zh}·${theme[2]}${kind[2]}`,
      };
      const start = rng.int(-200, 500);
      const long = kind[1] === 'Exhibition';
      const key = `${slug(name.en)}-${id}`;
      const { annotation, description } = text(name, d, city);
      const village = placeName();
      return {
        id,
        key,
        name: json(name),
        annotation: json(annotation),
        description: json(description),
        start_date: day(start),
        end_date: day(start + (long ? rng.int(14, 90) : rng.int(0, 3))),
        venue: json(village),
        address: json(address(d, village)),
        district_id: d.id,
        city_id: city.id || null,
        lat: point[0],
        lon: point[1],
        tourism_type_ids: [...(eventTourism ? [eventTourism] : []), ...tourismIds('events', 1)],
        price: json(tr(rng.pick(w.priceTexts))),
        site: null,
        images: pictures('event', key, w.eventPictures[kind[0]] ?? ['festival']),
      };
    },
    (rows) => db.insertInto('events').values(rows).execute(),
  );
  log(`events: ${counts.events}`);

  await insertInBatches(
    counts.news,
    (i) => {
      const id = ids.news + i;
      const d = rng.pick(districts);
      const city = d.cities.length ? rng.pick(d.cities) : { id: 0, name: d.name, point: d.center };
      const h = rng.pick(w.headlines);
      const name: Tr3 = {
        ru: `${city.name.ru}: ${h[0]}`,
        en: `${city.name.en}: ${h[1]}`,
        zh: `${city.name.zh}：${h[2]}`,
      };
      const key = `${slug(name.en)}-${id}`;
      const { annotation, description } = text(name, d, city);
      return {
        id,
        key,
        date: day(-rng.int(0, 900)),
        name: json(name),
        annotation: json(annotation),
        description: json(description),
        district_id: d.id,
        images: pictures('news', key, ['news', rng.pick(['town', 'village', 'park', 'river'])]),
      };
    },
    (rows) => db.insertInto('news').values(rows).execute(),
  );
  log(`news: ${counts.news}`);
  return counts;
}
