import path from 'node:path';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Static } from 'typebox';
import { partnerLogo } from '../../content/images/illustrate.js';
import { type Content, loadContent } from '../../content/load.js';
import type { T as TSchema } from '../../content/schema.js';
import { type LatLon, projectOnLine } from '../lib/geo.js';
import { contentDir } from '../paths.js';
import type { DB, PlaceSection } from './schema.js';

type Tr = Static<typeof TSchema>;

/** Attractions within this distance of a route's line are its objects along the way. */
const ALONG_THE_WAY_KM = 1.5;

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

export async function isEmpty(db: Kysely<DB>): Promise<boolean> {
  const row = await db
    .selectFrom('districts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n) === 0;
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

async function insertContent(trx: Transaction<DB>, c: Content): Promise<void> {
  const districts = index(c.districts);
  const cities = index(c.cities);
  const tourism = index(c.tourismTypes);
  const dirs = Object.fromEntries(Object.entries(c.directories).map(([kind, items]) => [kind, index(items)]));
  const dir = (kind: string, key: string) => must(dirs[kind] as Map<string, number>, key, kind);
  const tourismIds = (keys: string[] | undefined) =>
    (keys ?? []).map((k) => must(tourism, k, 'tourism type'));
  const cityId = (key: string | undefined) => (key === undefined ? null : must(cities, key, 'city'));

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
        district_id: must(districts, x.district, 'district'),
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
        district_id: must(districts, d.district, 'district'),
        name: json(d.name),
        annotation: json(d.annotation),
        description: json(d.description),
        admin_center_id: cityId(d.admin_center),
        area_km2: d.area_km2,
        population: d.population,
        images: pictures('direction', d.district, d.pictures),
      })),
    )
    .execute();

  const placeSections: [
    PlaceSection,
    Content['attractions' | 'residence' | 'caterings' | 'entertainment' | 'informationCenters'],
  ][] = [
    ['attractions', c.attractions],
    ['residence', c.residence],
    ['caterings', c.caterings],
    ['entertainment', c.entertainment],
    ['tourist-information-centers', c.informationCenters],
  ];
  for (const [section, items] of placeSections) {
    if (items.length === 0) continue;
    await trx
      .insertInto('places')
      .values(
        items.map((p, i) => {
          const x = p as Partial<Content['attractions'][number]> &
            Partial<Content['caterings'][number]> &
            Partial<Content['residence'][number]> &
            Content['informationCenters'][number];
          const typeKind =
            section === 'attractions'
              ? 'object-type'
              : section === 'residence'
                ? 'residence-type'
                : section === 'entertainment'
                  ? 'entertainment-type'
                  : section === 'caterings'
                    ? 'institution-type'
                    : null;
          const typeKey = section === 'caterings' ? x.institution_type : x.type;
          return {
            section,
            id: i + 1,
            key: x.key,
            name: json(x.name),
            annotation: json(x.annotation),
            description: json(x.description),
            district_id: must(districts, x.district, 'district'),
            city_id: cityId(x.city),
            lat: x.lat,
            lon: x.lon,
            address: json(x.address),
            images: pictures(section, x.key, x.pictures),
            type_id: typeKind && typeKey ? dir(typeKind, typeKey) : null,
            tourism_type_ids: tourismIds(x.tourism_types),
            kitchen_type_ids: (x.kitchen_types ?? []).map((k) => dir('kitchen-type', k)),
            distance_from_spb: x.distance_from_spb ?? null,
            popular: x.popular ?? false,
            rating: x.rating ?? null,
            stars: x.stars ?? null,
            rooms: x.rooms ?? null,
            avg_bill: x.avg_bill ?? null,
            hours: opt(x.hours),
            price: opt(x.price),
            phone: x.phone ?? null,
            site: x.site ?? null,
          };
        }),
      )
      .execute();
  }

  const attractionPoints = c.attractions.map((a, i) => ({ id: i + 1, point: [a.lat, a.lon] as LatLon }));
  await trx
    .insertInto('routes')
    .values(
      c.routes.map((r, i) => {
        const path = r.path as LatLon[];
        const along = attractionPoints
          .map((a) => ({ id: a.id, ...projectOnLine(a.point, path) }))
          .filter((a) => a.distanceKm <= ALONG_THE_WAY_KM)
          .sort((a, b) => a.alongKm - b.alongKm);
        const start = path[0] as LatLon;
        return {
          id: i + 1,
          key: r.key,
          name: json(r.name),
          annotation: json(r.annotation),
          description: json(r.description),
          district_id: must(districts, r.district, 'district'),
          city_id: cityId(r.city),
          type_id: dir('route-type', r.type),
          way_ids: r.ways.map((w) => dir('vehicle', w)),
          tourism_type_ids: tourismIds(r.tourism_types),
          length_km: r.length_km,
          duration: opt(r.duration),
          season: opt(r.season),
          path: json(path),
          lat: start[0],
          lon: start[1],
          object_ids: along.map((a) => a.id),
          images: pictures('route', r.key, r.pictures),
        };
      }),
    )
    .execute();

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
        district_id: must(districts, e.district, 'district'),
        city_id: cityId(e.city),
        lat: e.lat,
        lon: e.lon,
        tourism_type_ids: tourismIds(e.tourism_types),
        price: opt(e.price),
        site: e.site ?? null,
        images: pictures('event', e.key, e.pictures),
      })),
    )
    .execute();

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
        district_id: n.district === undefined ? null : must(districts, n.district, 'district'),
        images: pictures('news', n.key, n.pictures),
      })),
    )
    .execute();

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
