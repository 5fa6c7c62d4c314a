import { type Kysely, type Selectable, sql } from 'kysely';
import type { TourismTypeCardT, TourismTypeDetailT } from '../../../common/api.js';
import type { Lang } from '../../../common/languages.js';
import type { DB, TourismTypesTable } from '../../db/schema.js';
import { firstImage, imageUrls } from '../../lib/cards.js';
import { seoOf } from '../../lib/search-fields.js';
import { tr, trRich } from '../../lib/translate.js';

/** Every type of tourism, for a list to filter and page. */
export function allTourismTypes(db: Kysely<DB>) {
  return db.selectFrom('tourism_types');
}

export const tourismTypeCardColumns = ['id', 'name', 'annotation', 'images', 'icon'] as const;
type CardRow = Pick<Selectable<TourismTypesTable>, (typeof tourismTypeCardColumns)[number]>;

export const toTourismTypeCard = (r: CardRow, lang: Lang): TourismTypeCardT => ({
  id: r.id,
  name: tr(r.name, lang),
  annotation: tr(r.annotation, lang),
  img: firstImage(r.images),
  icon: `/icons/tourism/${r.icon}.svg`,
});

/** One type of tourism with how many attractions, routes and events it has, or null. */
export async function findTourismType(
  db: Kysely<DB>,
  id: number,
  lang: Lang,
): Promise<TourismTypeDetailT | null> {
  const row = await db.selectFrom('tourism_types').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const has = sql<boolean>`tourism_type_ids @> ${sql.val([id])}::int[]`;
  const count = (table: 'places' | 'routes' | 'events') =>
    db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where(has)
      .$if(table === 'places', (qb) => qb.where(sql<boolean>`section = 'attractions'`))
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  const [attractions, routes, events] = await Promise.all([
    count('places'),
    count('routes'),
    count('events'),
  ]);
  return {
    ...toTourismTypeCard(row, lang),
    description: trRich(row.description, lang).text,
    description_doc: trRich(row.description, lang).doc,
    images: imageUrls(row.images),
    counts: { attractions, routes, events },
    seo: seoOf(row, lang),
  };
}
