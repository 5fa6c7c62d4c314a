import type { Kysely } from 'kysely';
import type { ContactsT, InfoPageCardT, InfoPageT, MainPageT } from '../../../common/api.js';
import type { Lang } from '../../../common/languages.js';
import type { DB } from '../../db/schema.js';
import { firstImage } from '../../lib/cards.js';
import type { Dictionary } from '../../lib/dictionary.js';
import { seoOf } from '../../lib/search-fields.js';
import { tr, trPlain, trRich } from '../../lib/translate.js';
import { cardColumns, toPlaceCard } from '../places/repository.js';
import { routeCardColumns, toRouteCards } from '../routes/repository.js';

/** How many popular places and routes the home page shows. */
const PREVIEW = 6;

/** The home page (id 1) with its previews and the contacts, or null. */
export async function findMainPage(
  db: Kysely<DB>,
  id: number,
  lang: Lang,
  dict: Dictionary,
): Promise<MainPageT | null> {
  const page = await db.selectFrom('main_page').selectAll().where('id', '=', id).executeTakeFirst();
  if (!page) return null;
  const [popular, routes] = await Promise.all([
    db
      .selectFrom('places')
      .select(cardColumns)
      .where('section', '=', 'attractions')
      .where('popular', '=', true)
      .orderBy('rating', 'desc')
      .orderBy('id')
      .limit(PREVIEW)
      .execute(),
    db.selectFrom('routes').select(routeCardColumns).orderBy('id').limit(PREVIEW).execute(),
  ]);
  return {
    id: page.id,
    title: tr(page.title, lang),
    description: trPlain(page.description, lang),
    button_label: tr(page.button_label, lang),
    buttom_link: page.button_link,
    img: firstImage(page.images),
    popular_objects: popular.map((r) => toPlaceCard(r, 'attractions', lang, dict)),
    routes: await toRouteCards(db, routes, lang, dict),
    address: tr(page.address, lang),
    email: page.email,
    site: page.site,
    phone: page.phone,
    group_vk: page.group_vk,
  };
}

/** The region's contact details, the home page's; null without a home page. */
export async function findContacts(db: Kysely<DB>, lang: Lang): Promise<ContactsT | null> {
  const page = await db
    .selectFrom('main_page')
    .select(['address', 'email', 'site', 'phone', 'group_vk'])
    .where('id', '=', 1)
    .executeTakeFirst();
  if (!page) return null;
  return {
    address: tr(page.address, lang),
    email: page.email,
    site: page.site,
    phone: page.phone,
    group_vk: page.group_vk,
  };
}

/** The information pages' cards, in their order. */
export async function infoPageCards(db: Kysely<DB>, lang: Lang): Promise<InfoPageCardT[]> {
  const rows = await db
    .selectFrom('pages')
    .select(['slug', 'title', 'annotation', 'images'])
    .orderBy('id')
    .execute();
  return rows.map((p) => ({
    slug: p.slug,
    title: tr(p.title, lang),
    annotation: tr(p.annotation, lang),
    img: firstImage(p.images),
  }));
}

/** One information page with its body (a rich text, decision 052) in the language, or null. */
export async function findInfoPage(db: Kysely<DB>, slug: string, lang: Lang): Promise<InfoPageT | null> {
  const page = await db.selectFrom('pages').selectAll().where('slug', '=', slug).executeTakeFirst();
  if (!page) return null;
  // blocks not saved since the body became a rich text read as the page showed them
  const body = trRich(page.blocks, lang);
  return {
    slug: page.slug,
    title: tr(page.title, lang),
    annotation: tr(page.annotation, lang),
    img: firstImage(page.images),
    body: body.text,
    body_doc: body.doc,
    seo: seoOf(page, lang),
  };
}
