import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import type { NewsDetailT } from '../../../common/api.js';
import { ErrorBody, ListOrPage, NewsCard, NewsDetail } from '../../../common/api.js';
import type { Lang } from '../../../common/languages.js';
import type { DB } from '../../db/schema.js';
import { firstImage, imageUrls } from '../../lib/cards.js';
import type { Dictionary } from '../../lib/dictionary.js';
import { notFoundOrGone } from '../../lib/gone.js';
import { applySearch, IdParams, listQuerySchema, paginate } from '../../lib/list.js';
import { readRoute } from '../../lib/readers.js';
import { tr } from '../../lib/translate.js';

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
    description: tr(row.description, lang),
    images: imageUrls(row.images),
    district: dict.ref('district', row.district_id, lang),
  };
}

export const newsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['content'];
  readRoute(
    app,
    '/news/',
    {
      photos: true,
      schema: {
        tags,
        summary: 'News, newest first',
        querystring: listQuerySchema([]),
        response: { 200: ListOrPage(NewsCard), 400: ErrorBody },
      },
    },
    async (request) => {
      const { lang } = request;
      return paginate(
        applySearch(app.readDb.selectFrom('news'), request.query.search),
        (qb) =>
          qb
            .select(['id', 'name', 'annotation', 'images', 'date'])
            .orderBy('date', 'desc')
            .orderBy('id', 'desc'),
        (rows) =>
          rows.map((r) => ({
            id: r.id,
            name: tr(r.name, lang),
            annotation: tr(r.annotation, lang),
            img: firstImage(r.images),
            date: r.date,
          })),
        request.query,
        request.url,
      );
    },
  );

  readRoute(
    app,
    '/news/:id/',
    {
      photos: true,
      schema: {
        tags,
        summary: 'One news item',
        params: IdParams,
        response: { 200: NewsDetail, 400: ErrorBody, 404: ErrorBody, 410: ErrorBody },
      },
    },
    async (request) => {
      const news = await findNews(app.readDb, request.params.id, request.lang, await app.dictionary.get());
      if (!news)
        throw await notFoundOrGone(app.readDb, 'news', request.params.id, `news ${request.params.id}`);
      return news;
    },
  );
};
