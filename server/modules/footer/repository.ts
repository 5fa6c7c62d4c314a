import type { Kysely } from 'kysely';
import type { FooterContentT } from '../../../common/api.js';
import type { Lang } from '../../../common/languages.js';
import { mediaUrl } from '../../../common/media.js';
import type { DB } from '../../db/schema.js';
import { startEndDate } from '../../lib/cards.js';
import { regionToday } from '../../lib/today.js';
import { tr } from '../../lib/translate.js';

/** How many news items and events the footer shows. */
const LATEST = 3;

/** The footer's latest news, the events to come soonest, and the partners. */
export async function footerContent(db: Kysely<DB>, lang: Lang): Promise<FooterContentT> {
  const [news, events, partners] = await Promise.all([
    db
      .selectFrom('news')
      .select(['id', 'name', 'date'])
      .orderBy('date', 'desc')
      .orderBy('id', 'desc')
      .limit(LATEST)
      .execute(),
    db
      .selectFrom('events')
      .select(['id', 'name', 'start_date', 'end_date'])
      .where('end_date', '>=', regionToday())
      .orderBy('start_date')
      .orderBy('id')
      .limit(LATEST)
      .execute(),
    db.selectFrom('partners').select(['id', 'name', 'logo', 'link']).orderBy('id').execute(),
  ]);
  return {
    news: news.map((n) => ({ id: n.id, name: tr(n.name, lang), date: n.date })),
    events: events.map((e) => ({
      id: e.id,
      name: tr(e.name, lang),
      start_end_date: startEndDate(e.start_date, e.end_date),
    })),
    partners: partners.map((p) => ({
      id: p.id,
      name: tr(p.name, lang),
      logo: mediaUrl(p.logo, 320, 'webp'),
      link: p.link,
    })),
  };
}
