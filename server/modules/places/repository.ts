import { type Kysely, type Selectable, sql } from 'kysely';
import type { PlaceCardT, PlaceDetailT } from '../../../common/api.js';
import type { Lang } from '../../../common/languages.js';
import { openStatus } from '../../../common/opening-hours.js';
import { sectionModule, shownFields } from '../../../common/section-modules.js';
import { type EditorialField, type PlaceCardExtra, sectionOf } from '../../../common/sections.js';
import {
  contentColumns,
  type DB,
  type PlaceSection,
  type PlacesTable,
  type Translated,
} from '../../db/schema.js';
import { firstImage, imageUrls } from '../../lib/cards.js';
import type { Dictionary } from '../../lib/dictionary.js';
import { nearbyPlaces } from '../../lib/nearby.js';
import { searchColumns, seoOf } from '../../lib/search-fields.js';
import { tr, trOrNull, trRich } from '../../lib/translate.js';

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
  'opening_hours',
] as const;
type CardRow = Pick<Selectable<PlacesTable>, (typeof cardColumns)[number]>;

/**
 * A section's places. The section is written into the statement as a literal, not bound as a
 * parameter: its search indexes are partial (one per section, `where section = '…'`), and
 * PostgreSQL's generic plan of a prepared statement (chosen after five runs) cannot use a partial
 * index for `section = $1`. A list search at factor 1 then read every attraction: 73 ms instead of
 * 4 (decision 032). The section comes from the registry, never from a request.
 */
export function placesOf(db: Kysely<DB>, section: PlaceSection) {
  return db.selectFrom('places').where('section', '=', sql.lit(section));
}

/** How each of a place card's extra fields is computed (which a section has: common/sections.ts). */
const cardExtras: Record<
  PlaceCardExtra,
  (row: CardRow, lang: Lang, dict: Dictionary, type: PlaceCardT['type'], now: Date) => Partial<PlaceCardT>
> = {
  distance_from_spb: (row) => ({ distance_from_spb: row.distance_from_spb }),
  rating_category: (row) => ({ rating_category: row.rating === null ? null : Number(row.rating).toFixed(1) }),
  stars: (row) => ({ stars: row.stars }),
  institution_type: (_row, _lang, _dict, type) => ({ institution_type: type }),
  kitchen_type: (row, lang, dict) => ({
    kitchen_type: dict.refs('kitchen-type', row.kitchen_type_ids, lang),
  }),
  avg_bill: (row) => ({ avg_bill: row.avg_bill }),
  hours: (row, lang) => ({ hours: trOrNull(row.hours, lang) }),
  open_status: (row, _lang, _dict, _type, now) => ({ open_status: openStatus(row.opening_hours, now) }),
};

export function toPlaceCard(
  row: CardRow,
  section: PlaceSection,
  lang: Lang,
  dict: Dictionary,
  now = new Date(),
): PlaceCardT {
  const { typeKind, cardExtras: extras = [] } = sectionOf(section);
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
  for (const extra of extras) Object.assign(card, cardExtras[extra](row, lang, dict, type, now));
  return card;
}

const placeColumns = contentColumns<PlacesTable>()([
  'section',
  'id',
  'key',
  'name',
  'annotation',
  'description',
  'district_id',
  'city_id',
  'lat',
  'lon',
  'address',
  'images',
  'type_id',
  'tourism_type_ids',
  'kitchen_type_ids',
  'distance_from_spb',
  'popular',
  'rating',
  'stars',
  'rooms',
  'avg_bill',
  'hours',
  'price',
  'opening_hours',
  'admission',
  'accessibility',
  'phone',
  'site',
  'fact_sources',
  'updated_at',
  ...searchColumns,
]);

/** A place's shown texts (its section's module: `shownFields`) in the language asked, by field name. */
export function shownValues(
  shown: readonly EditorialField[],
  row: Record<string, unknown>,
  lang: Lang,
): Record<string, string | null> {
  return Object.fromEntries(shown.map((f) => [f.name, trOrNull(row[f.name] as Translated | null, lang)]));
}

export async function findPlace(
  db: Kysely<DB>,
  section: PlaceSection,
  id: number,
  lang: Lang,
  dict: Dictionary,
): Promise<PlaceDetailT | null> {
  const shown = shownFields(sectionModule(section));
  const row = await placesOf(db, section)
    .select(placeColumns)
    // The section's shown texts (its module's fields), each a column of its own name.
    .select(shown.map((f) => sql<Translated | null>`${sql.ref(f.name)}`.as(f.name)))
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const { detail } = sectionOf(section);
  const [routes, nearby] = await Promise.all([
    detail?.routesPassing
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
    description: trRich(row.description, lang).text,
    description_doc: trRich(row.description, lang).doc,
    images: imageUrls(row.images),
    hours: trOrNull(row.hours, lang),
    price: trOrNull(row.price, lang),
    opening_hours: row.opening_hours,
    open_status: openStatus(row.opening_hours),
    admission: row.admission,
    accessibility: row.accessibility,
    phone: row.phone,
    site: row.site,
    fact_sources: row.fact_sources,
    ...(detail?.rooms ? { rooms: row.rooms } : {}),
    routes: routes.map((r) => ({ id: r.id, name: tr(r.name, lang) })),
    nearby,
    ...shownValues(shown, row as Record<string, unknown>, lang),
    seo: seoOf(row, lang),
  };
}
