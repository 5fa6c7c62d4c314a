import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { FooterContent } from '../../../common/api.js';
import { mediaUrl } from '../../../common/media.js';
import { startEndDate } from '../../lib/cards.js';
import { readRoute } from '../../lib/readers.js';
import { regionToday } from '../../lib/today.js';
import { tr } from '../../lib/translate.js';

const LATEST = 3;

export const footerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  readRoute(
    app,
    '/footer-content/',
    {
      schema: {
        tags: ['content'],
        summary: 'Latest news, upcoming events and partners for the footer block',
        response: { 200: FooterContent },
      },
    },
    async (request) => {
      const { lang } = request;
      const [news, events, partners] = await Promise.all([
        app.readDb
          .selectFrom('news')
          .select(['id', 'name', 'date'])
          .orderBy('date', 'desc')
          .orderBy('id', 'desc')
          .limit(LATEST)
          .execute(),
        app.readDb
          .selectFrom('events')
          .select(['id', 'name', 'start_date', 'end_date'])
          .where('end_date', '>=', regionToday())
          .orderBy('start_date')
          .orderBy('id')
          .limit(LATEST)
          .execute(),
        app.readDb.selectFrom('partners').select(['id', 'name', 'logo', 'link']).orderBy('id').execute(),
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
    },
  );
};
