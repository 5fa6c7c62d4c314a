import type { Kysely, Selectable } from 'kysely';
import type { RefT, RouteCardT, RouteDetailT } from '../../../common/api.js';
import type { Lang } from '../../../common/languages.js';
import { sectionOf } from '../../../common/sections.js';
import { contentColumns, type DB, type RoutesTable, type Translated } from '../../db/schema.js';
import { firstImage, imageUrls } from '../../lib/cards.js';
import type { Dictionary } from '../../lib/dictionary.js';
import { nearbyPlaces } from '../../lib/nearby.js';
import { searchColumns, seoOf } from '../../lib/search-fields.js';
import { tr, trOrNull, trRich } from '../../lib/translate.js';

/** The filter groups of the list (common/sections.ts). */
export const routeFilters = sectionOf('routes').filters;

/** Every route, for a list to filter and page. */
export function allRoutes(db: Kysely<DB>) {
  return db.selectFrom('routes');
}

export const routeCardColumns = [
  'id',
  'name',
  'annotation',
  'images',
  'district_id',
  'city_id',
  'type_id',
  'way_ids',
  'tourism_type_ids',
  'length_km',
  'object_ids',
  'lat',
  'lon',
] as const;
type CardRow = Pick<Selectable<RoutesTable>, (typeof routeCardColumns)[number]>;

type Attraction = {
  id: number;
  name: Translated;
  images: string[];
  type_id: number | null;
  lat: number;
  lon: number;
};

async function attractionsById(db: Kysely<DB>, ids: number[]): Promise<Map<number, Attraction>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('places')
    .select(['id', 'name', 'images', 'type_id', 'lat', 'lon'])
    .where('section', '=', 'attractions')
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

function card(row: CardRow, lang: Lang, dict: Dictionary, objects: Map<number, Attraction>): RouteCardT {
  return {
    id: row.id,
    name: tr(row.name, lang),
    annotation: tr(row.annotation, lang),
    img: firstImage(row.images),
    district: dict.ref('district', row.district_id, lang) ?? { id: row.district_id, name: '' },
    city: dict.ref('city', row.city_id, lang),
    type: dict.ref('route-type', row.type_id, lang) ?? { id: row.type_id, name: '' },
    way_to_travel: dict.refs('vehicle', row.way_ids, lang),
    tourism_type: dict.refs('tourism-type', row.tourism_type_ids, lang),
    length: Number(row.length_km),
    objects_along_the_way: row.object_ids
      .map((id) => objects.get(id))
      .filter((a): a is Attraction => a !== undefined)
      .map((a): RefT => ({ id: a.id, name: tr(a.name, lang) })),
    lat: row.lat,
    lon: row.lon,
  };
}

export async function toRouteCards(db: Kysely<DB>, rows: CardRow[], lang: Lang, dict: Dictionary) {
  const objects = await attractionsById(
    db,
    rows.flatMap((r) => r.object_ids),
  );
  return rows.map((r) => card(r, lang, dict, objects));
}

const routeColumns = contentColumns<RoutesTable>()([
  'id',
  'key',
  'name',
  'annotation',
  'description',
  'district_id',
  'city_id',
  'type_id',
  'way_ids',
  'tourism_type_ids',
  'length_km',
  'duration',
  'season',
  'path',
  'lat',
  'lon',
  'object_ids',
  'images',
  'updated_at',
  ...searchColumns,
]);

export async function findRoute(
  db: Kysely<DB>,
  id: number,
  lang: Lang,
  dict: Dictionary,
): Promise<RouteDetailT | null> {
  const row = await db.selectFrom('routes').select(routeColumns).where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const [objects, nearby] = await Promise.all([
    attractionsById(db, row.object_ids),
    nearbyPlaces(db, row, lang),
  ]);
  return {
    ...card(row, lang, dict, objects),
    description: trRich(row.description, lang).text,
    description_doc: trRich(row.description, lang).doc,
    images: imageUrls(row.images),
    duration: trOrNull(row.duration, lang),
    season: trOrNull(row.season, lang),
    path: row.path,
    objects_along_the_way: row.object_ids
      .map((oid) => objects.get(oid))
      .filter((a): a is Attraction => a !== undefined)
      .map((a) => ({
        id: a.id,
        name: tr(a.name, lang),
        img: firstImage(a.images),
        type: dict.ref('object-type', a.type_id, lang),
        lat: a.lat,
        lon: a.lon,
      })),
    nearby,
    seo: seoOf(row, lang),
  };
}

/** When a route last changed (its GPX file says so). */
export async function routeUpdatedAt(db: Kysely<DB>, id: number) {
  const { updated_at } = await db
    .selectFrom('routes')
    .select('updated_at')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return updated_at;
}
