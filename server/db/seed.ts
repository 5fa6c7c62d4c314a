import path from 'node:path';
import { type Insertable, type Kysely, sql, type Transaction } from 'kysely';
import type { Static } from 'typebox';
import { sectionModule } from '../../common/section-modules.js';
import { ownPlaceFields } from '../../common/sections/base.js';
import type { EditorialField } from '../../common/sections.js';
import { type Content, loadContent, type PlaceItem, placeSeries } from '../../content/load.js';
import { contentFactSources, contentKey, type T as TSchema } from '../../content/schema.js';
import { alongTheWay, type LatLon } from '../lib/geo.js';
import { partnerLogo } from '../lib/illustrations/logo.js';
import { contentDir } from '../paths.js';
import { isEmpty } from './empty.js';
import type { DB, PlaceSection, PlacesTable } from './schema.js';

type Tr = Static<typeof TSchema>;

const json = (v: unknown) => JSON.stringify(v);
const opt = (v: Tr | undefined) => (v === undefined ? null : json(v));
/** A picture id: the category first, so that a picture without an original can be generated. */
const pictures = (section: string, key: string, categories: readonly string[]) =>
  categories.map((c, i) => `${c}.${section}-${key}-${i}`);

function index<K extends string>(items: { key: K }[]): Map<string, number> {
  return new Map(items.map((x, i) => [x.key, i + 1]));
}

function must(map: Map<string, number>, key: string, what: string): number {
  const id = map.get(key);
  if (id === undefined) throw new Error(`unknown ${what} "${key}"`);
  return id;
}

/** Loads the demo content into an empty database, in one transaction. Returns false if it held content. */
export async function seedIfEmpty(db: Kysely<DB>, content?: Content): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  const c = content ?? (await loadContent(path.join(contentDir, 'data')));
  await db.transaction().execute(async (trx) => {
    // Several portal processes may start at once on one PostgreSQL: one of them loads the content.
    await sql`select pg_advisory_xact_lock(4747)`.execute(trx);
    if (!(await isEmpty(trx))) return;
    await insertContent(trx, c);
  });
  return true;
}

/** Ids of the content's keys (ids are the items' 1-based positions), refusing an unknown key. */
function keysOf(c: Content) {
  const districts = index(c.districts);
  const cities = index(c.cities);
  const tourism = index(c.tourismTypes);
  const dirs = Object.fromEntries(Object.entries(c.directories).map(([kind, items]) => [kind, index(items)]));
  return {
    district: (key: string) => must(districts, key, 'district'),
    city: (key: string | undefined) => (key === undefined ? null : must(cities, key, 'city')),
    dir: (kind: string, key: string) => must(dirs[kind] as Map<string, number>, key, kind),
    tourismIds: (keys: string[] | undefined) => (keys ?? []).map((key) => must(tourism, key, 'tourism type')),
  };
}
type Keys = ReturnType<typeof keysOf>;

/** The content, table by table, in the order of their references. */
async function insertContent(trx: Transaction<DB>, c: Content): Promise<void> {
  const keys = keysOf(c);
  await insertGeography(trx, c, keys);
  await insertPlaces(trx, c, keys);
  await insertRoutes(trx, c, keys);
  await insertEvents(trx, c, keys);
  await insertNews(trx, c, keys);
  await insertPartners(trx, c);
  await insertPages(trx, c);
}

/** Districts, towns, the directories, the types of tourism and the directions. */
async function insertGeography(trx: Transaction<DB>, c: Content, k: Keys): Promise<void> {
  await trx
    .insertInto('districts')
    .values(
      c.districts.map((d, i) => ({
        id: i + 1,
        key: d.key,
        name: json(d.name),
        lat: d.center[0],
        lon: d.center[1],
      })),
    )
    .execute();
  await trx
    .insertInto('cities')
    .values(
      c.cities.map((x, i) => ({
        id: i + 1,
        key: x.key,
        district_id: k.district(x.district),
        name: json(x.name),
        lat: x.lat,
        lon: x.lon,
      })),
    )
    .execute();
  for (const [kind, items] of Object.entries(c.directories)) {
    await trx
      .insertInto('directory_items')
      .values(items.map((x, i) => ({ kind, id: i + 1, key: x.key, name: json(x.name) })))
      .execute();
  }
  await trx
    .insertInto('tourism_types')
    .values(
      c.tourismTypes.map((t, i) => ({
        id: i + 1,
        key: t.key,
        icon: t.icon,
        name: json(t.name),
        annotation: json(t.annotation),
        description: json(t.description),
        images: pictures('tourism-type', t.key, t.pictures),
      })),
    )
    .execute();
  await trx
    .insertInto('directions')
    .values(
      c.directions.map((d, i) => ({
        id: i + 1,
        district_id: k.district(d.district),
        name: json(d.name),
        annotation: json(d.annotation),
        description: json(d.description),
        admin_center_id: k.city(d.admin_center),
        area_km2: d.area_km2,
        population: d.population,
        images: pictures('direction', d.district, d.pictures),
      })),
    )
    .execute();
}

/** A place's own field (its section's module) as its column's value, from the content file's property. */
function ownValue(field: EditorialField, value: unknown, k: Keys): unknown {
  switch (field.kind) {
    case 'reference':
      if (field.many) {
        const keys = (value ?? []) as string[];
        return field.source === 'tourism-type'
          ? k.tourismIds(keys)
          : keys.map((key) => k.dir(field.source, key));
      }
      return value === undefined ? null : k.dir(field.source, value as string);
    case 'boolean':
      return value ?? false;
    case 'text':
    case 'long':
    case 'rich':
      return opt(value as Tr | undefined);
    default:
      return value ?? null;
  }
}

async function insertPlaces(trx: Transaction<DB>, c: Content, k: Keys): Promise<void> {
  for (const [section, items] of Object.entries(placeSeries(c)) as [PlaceSection, readonly PlaceItem[]][]) {
    if (items.length === 0) continue;
    const own = ownPlaceFields(sectionModule(section).edit?.fields ?? []);
    await trx
      .insertInto('places')
      .values(
        items.map(
          (x, i) =>
            ({
              section,
              id: i + 1,
              key: x.key,
              name: json(x.name),
              annotation: json(x.annotation),
              description: json(x.description),
              district_id: k.district(x.district),
              city_id: k.city(x.city),
              lat: x.lat,
              lon: x.lon,
              address: json(x.address),
              images: pictures(section, x.key, x.pictures),
              tourism_type_ids: k.tourismIds(x.tourism_types),
              distance_from_spb: x.distance_from_spb ?? null,
              hours: opt(x.hours),
              price: opt(x.price),
              opening_hours: x.opening_hours ? json(x.opening_hours) : null,
              admission: x.admission ? json(x.admission) : null,
              accessibility: json(x.accessibility ?? {}),
              phone: x.phone ?? null,
              site: x.site ?? null,
              fact_sources: json(contentFactSources(x)),
              // The section's own columns (type, kitchens, stars...): the module's fields.
              ...Object.fromEntries(own.map((f) => [f.name, ownValue(f, x[contentKey(f)], k)])),
            }) as Insertable<PlacesTable>,
        ),
      )
      .execute();
  }
}

/** Routes, with the attractions along each line in the order of travel. */
async function insertRoutes(trx: Transaction<DB>, c: Content, k: Keys): Promise<void> {
  const attractionPoints = c.attractions.map((a, i) => ({ id: i + 1, point: [a.lat, a.lon] as LatLon }));
  await trx
    .insertInto('routes')
    .values(
      c.routes.map((r, i) => {
        const path = r.path as LatLon[];
        const along = alongTheWay(attractionPoints, path);
        const start = path[0] as LatLon;
        return {
          id: i + 1,
          key: r.key,
          name: json(r.name),
          annotation: json(r.annotation),
          description: json(r.description),
          district_id: k.district(r.district),
          city_id: k.city(r.city),
          type_id: k.dir('route-type', r.type),
          way_ids: r.ways.map((w) => k.dir('vehicle', w)),
          tourism_type_ids: k.tourismIds(r.tourism_types),
          length_km: r.length_km,
          duration: opt(r.duration),
          season: opt(r.season),
          path: json(path),
          lat: start[0],
          lon: start[1],
          object_ids: along,
          images: pictures('route', r.key, r.pictures),
        };
      }),
    )
    .execute();
}

async function insertEvents(trx: Transaction<DB>, c: Content, k: Keys): Promise<void> {
  await trx
    .insertInto('events')
    .values(
      c.events.map((e, i) => ({
        id: i + 1,
        key: e.key,
        name: json(e.name),
        annotation: json(e.annotation),
        description: json(e.description),
        start_date: e.start_date,
        end_date: e.end_date,
        venue: opt(e.venue),
        address: opt(e.address),
        district_id: k.district(e.district),
        city_id: k.city(e.city),
        lat: e.lat,
        lon: e.lon,
        tourism_type_ids: k.tourismIds(e.tourism_types),
        price: opt(e.price),
        site: e.site ?? null,
        organizer: opt(e.organizer),
        organizer_site: e.organizer_site ?? null,
        images: pictures('event', e.key, e.pictures),
      })),
    )
    .execute();
}

async function insertNews(trx: Transaction<DB>, c: Content, k: Keys): Promise<void> {
  await trx
    .insertInto('news')
    .values(
      c.news.map((n, i) => ({
        id: i + 1,
        key: n.key,
        date: n.date,
        name: json(n.name),
        annotation: json(n.annotation),
        description: json(n.description),
        district_id: n.district === undefined ? null : k.district(n.district),
        images: pictures('news', n.key, n.pictures),
      })),
    )
    .execute();
}

/** Partners, with their generated logos. */
async function insertPartners(trx: Transaction<DB>, c: Content): Promise<void> {
  await trx
    .insertInto('media')
    .values(
      c.partners.map((p) => ({
        id: `logo.partner-${p.key}`,
        content_type: 'image/svg+xml',
        data: Buffer.from(partnerLogo(p.name.ru, p.key)),
      })),
    )
    .execute();
  await trx
    .insertInto('partners')
    .values(
      c.partners.map((p, i) => ({
        id: i + 1,
        key: p.key,
        name: json(p.name),
        link: p.link,
        logo: `logo.partner-${p.key}`,
      })),
    )
    .execute();
}

/** The main page and the information pages. */
async function insertPages(trx: Transaction<DB>, c: Content): Promise<void> {
  const m = c.pages.main;
  await trx
    .insertInto('main_page')
    .values({
      id: 1,
      title: json(m.title),
      description: json(m.description),
      button_label: json(m.button_label),
      button_link: m.button_link,
      address: json(m.address),
      email: m.email,
      site: m.site,
      phone: m.phone,
      group_vk: m.group_vk,
      images: pictures('main', 'hero', m.pictures ?? ['fortress']),
    })
    .execute();
  await trx
    .insertInto('pages')
    .values(
      c.pages.pages.map((p, i) => ({
        id: i + 1,
        slug: p.slug,
        title: json(p.title),
        annotation: json(p.annotation),
        blocks: json(
          p.blocks.map((b, n) => ('img' in b ? { ...b, img: `${b.img}.page-${p.slug}-block-${n}` } : b)),
        ),
        images: pictures('page', p.slug, p.pictures),
      })),
    )
    .execute();
}
