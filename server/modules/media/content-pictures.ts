import type { Kysely } from 'kysely';
import { docPictures, richTranslatedOf } from '../../../common/rich-text.js';
import type { DB } from '../../db/schema.js';

/**
 * Every picture the content shows, in the order to render them ahead: the home page's and the
 * sections' first screens before the long lists, popular places before the others, and the
 * originals stored in the media table (logos, photos) last.
 */
export async function contentPictures(db: Kysely<DB>): Promise<string[]> {
  const ids = new Set<string>();
  const add = (rows: { images: string[] }[]) => {
    for (const row of rows) for (const id of row.images) ids.add(id);
  };
  add(await db.selectFrom('main_page').select('images').execute());
  add(await db.selectFrom('directions').select('images').orderBy('id').execute());
  add(await db.selectFrom('tourism_types').select('images').orderBy('id').execute());
  add(
    await db
      .selectFrom('places')
      .select('images')
      .orderBy('popular', 'desc')
      .orderBy('section')
      .orderBy('id')
      .execute(),
  );
  add(await db.selectFrom('events').select('images').orderBy('start_date', 'desc').execute());
  add(await db.selectFrom('news').select('images').orderBy('date', 'desc').execute());
  add(await db.selectFrom('routes').select('images').orderBy('id').execute());
  for (const page of await db.selectFrom('pages').select(['images', 'blocks']).orderBy('id').execute()) {
    add([page]);
    // the body's pictures: of its documents, or of its blocks not saved since (decision 052)
    const body = richTranslatedOf(page.blocks);
    for (const doc of Object.values(body ?? {})) for (const id of docPictures(doc)) ids.add(id);
  }
  for (const p of await db.selectFrom('partners').select('logo').orderBy('id').execute()) ids.add(p.logo);
  for (const m of await db.selectFrom('media').select('id').orderBy('created_at').execute()) ids.add(m.id);
  return [...ids];
}
