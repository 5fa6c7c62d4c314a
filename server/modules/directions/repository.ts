import type { Kysely, Selectable } from 'kysely';
import type { DirectionT } from '../../../common/api.js';
import type { Lang } from '../../../common/languages.js';
import type { DB, DirectionsTable } from '../../db/schema.js';
import { firstImage, imageUrls } from '../../lib/cards.js';
import type { Dictionary } from '../../lib/dictionary.js';
import { seoOf } from '../../lib/search-fields.js';
import { tr, trRich } from '../../lib/translate.js';

function toDirection(row: Selectable<DirectionsTable>, lang: Lang, dict: Dictionary): DirectionT {
  const district = dict.list('district').find((d) => d.id === row.district_id);
  return {
    id: row.id,
    name: tr(row.name, lang),
    district: district ? tr(district.name, lang) : '',
    districtid: row.district_id,
    annotation: tr(row.annotation, lang),
    description: trRich(row.description, lang).text,
    description_doc: trRich(row.description, lang).doc,
    img: firstImage(row.images),
    images: imageUrls(row.images),
    admin_center: dict.ref('city', row.admin_center_id, lang),
    area_km2: row.area_km2,
    population: row.population,
    lat: district?.lat ?? 0,
    lon: district?.lon ?? 0,
    seo: seoOf(row, lang),
  };
}

/** Every direction (district), in order. */
export async function allDirections(db: Kysely<DB>, lang: Lang, dict: Dictionary): Promise<DirectionT[]> {
  const rows = await db.selectFrom('directions').selectAll().orderBy('id').execute();
  return rows.map((r) => toDirection(r, lang, dict));
}

/** The directions' names for the menu, in order. */
export async function directionNames(db: Kysely<DB>, lang: Lang): Promise<{ id: number; name: string }[]> {
  const rows = await db.selectFrom('directions').select(['id', 'name']).orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, name: tr(r.name, lang) }));
}

export async function findDirection(
  db: Kysely<DB>,
  id: number,
  lang: Lang,
  dict: Dictionary,
): Promise<DirectionT | null> {
  const row = await db.selectFrom('directions').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toDirection(row, lang, dict) : null;
}
