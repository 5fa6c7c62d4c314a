import type { Kysely, Selectable } from 'kysely';
import type { NewsCardT, NewsDetailT } from '../../../common/api.js';
import type { Lang } from '../../../common/languages.js';
import type { DB, NewsTable } from '../../db/schema.js';
import { firstImage, imageUrls } from '../../lib/cards.js';
import type { Dictionary } from '../../lib/dictionary.js';
import { seoOf } from '../../lib/search-fields.js';
import { tr, trRich } from '../../lib/translate.js';

/** Every news item, for a list to filter and page. */
export function allNews(db: Kysely<DB>) {
  return db.selectFrom('news');
}

export const newsCardColumns = ['id', 'name', 'annotation', 'images', 'date'] as const;
type CardRow = Pick<Selectable<NewsTable>, (typeof newsCardColumns)[number]>;

export const toNewsCard = (r: CardRow, lang: Lang): NewsCardT => ({
  id: r.id,
  name: tr(r.name, lang),
  annotation: tr(r.annotation, lang),
  img: firstImage(r.images),
  date: r.date,
});

/** One news item as its page shows it, or null. */
export async function findNews(
  db: Kysely<DB>,
  id: number,
  lang: Lang,
  dict: Dictionary,
): Promise<NewsDetailT | null> {
  const row = await db.selectFrom('news').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    name: tr(row.name, lang),
    annotation: tr(row.annotation, lang),
    img: firstImage(row.images),
    date: row.date,
    updated_at: new Date(row.updated_at).toISOString(),
    description: trRich(row.description, lang).text,
    description_doc: trRich(row.description, lang).doc,
    images: imageUrls(row.images),
    district: dict.ref('district', row.district_id, lang),
    seo: seoOf(row, lang),
  };
}
