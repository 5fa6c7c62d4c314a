import { type Kysely, type Selectable, sql } from 'kysely';
import type { PlaceCardT, PlaceDetailT } from '../../../common/api.js';
import type { Lang } from '../../../common/languages.js';
import type { DB, PlaceSection, PlacesTable } from '../../db/schema.js';
import { firstImage, imageUrls } from '../../lib/cards.js';
import { type Dictionary, typeKindOfSection } from '../../lib/dictionary.js';
import type { Filters } from '../../lib/list.js';
import { nearbyPlaces } from '../../lib/nearby.js';
import { tr, trOrNull } from '../../lib/translate.js';

const common: Filters = { district: { column: 'district_id' }, city: { column: 'city_id' } };

/**
 * The filters of each place section's list: its own type directory (caterings: the kind of
 * establishment and the kitchens), the types of tourism for attractions, and district and city for
 * all. The list pages offer the same groups (web/features/section-list/section-config.ts).
 */
export const placeFilters: Record<PlaceSection, Filters> = {
  attractions: {
    type: { column: 'type_id' },
    tourism_type: { column: 'tourism_type_ids', array: true },
    ...common,
  },
  residence: { type: { column: 'type_id' }, ...common },
  entertainment: { type: { column: 'type_id' }, ...common },
  caterings: {
    institution_type: { column: 'type_id' },
    kitchen_type: { column: 'kitchen_type_ids', array: true },
    ...common,
  },
  'tourist-information-centers': common,
};

export const cardColumns = [
  'id',
  'name',
  'annotation',
  'images',
  'district_id',
  'city_id',
  'type_id',
  'tourism_type_ids',
  'kitchen_type_ids',
  'address',
  'lat',
  'lon',
  'distance_from_spb',
  'rating',
  'stars',
  'avg_bill',
  'hours',
] as const;
type CardRow = Pick<Selectable<PlacesTable>, (typeof cardColumns)[number]>;

export function placesOf(db: Kysely<DB>, section: PlaceSection) {
  return db.selectFrom('places').where('section', '=', section);
}

export function toPlaceCard(row: CardRow, section: PlaceSection, lang: Lang, dict: Dictionary): PlaceCardT {
  const typeKind = typeKindOfSection[section];
  const type = typeKind ? dict.ref(typeKind, row.type_id, lang) : null;
  const card: PlaceCardT = {
    id: row.id,
    name: tr(row.name, lang),
    annotation: tr(row.annotation, lang),
    img: firstImage(row.images),
    district: dict.ref('district', row.district_id, lang) ?? { id: row.district_id, name: '' },
    city: dict.ref('city', row.city_id, lang),
    type,
    tourism_type: dict.refs('tourism-type', row.tourism_type_ids, lang),
    address: trOrNull(row.address, lang),
    lat: row.lat,
    lon: row.lon,
  };
  switch (section) {
    case 'attractions':
      card.distance_from_spb = row.distance_from_spb;
      card.rating_category = row.rating === null ? null : Number(row.rating).toFixed(1);
      break;
    case 'residence':
      card.stars = row.stars;
      break;
    case 'caterings':
      card.institution_type = type;
      card.kitchen_type = dict.refs('kitchen-type', row.kitchen_type_ids, lang);
      card.avg_bill = row.avg_bill;
      break;
    case 'tourist-information-centers':
      card.hours = trOrNull(row.hours, lang);
      break;
  }
  return card;
}

export async function findPlace(
  db: Kysely<DB>,
  section: PlaceSection,
  id: number,
  lang: Lang,
  dict: Dictionary,
): Promise<PlaceDetailT | null> {
  const row = await placesOf(db, section).selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const [routes, nearby] = await Promise.all([
    section === 'attractions'
      ? db
          .selectFrom('routes')
          .select(['id', 'name'])
          .where(sql<boolean>`object_ids @> ${sql.val([id])}::int[]`)
          .orderBy('id')
          .execute()
      : Promise.resolve([]),
    nearbyPlaces(db, row, lang, { section, id }),
  ]);
  return {
    ...toPlaceCard(row, section, lang, dict),
    description: tr(row.description, lang),
    images: imageUrls(row.images),
    hours: trOrNull(row.hours, lang),
    price: trOrNull(row.price, lang),
    phone: row.phone,
    site: row.site,
    ...(section === 'residence' ? { rooms: row.rooms } : {}),
    routes: routes.map((r) => ({ id: r.id, name: tr(r.name, lang) })),
    nearby,
  };
}
