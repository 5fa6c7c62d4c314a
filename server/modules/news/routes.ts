import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, ListOrPage, NewsCard, NewsDetail } from '../../../common/api.js';
import { firstImage, imageUrls } from '../../lib/cards.js';
import { notFound } from '../../lib/errors.js';
import { applySearch, IdParams, listQuerySchema, paginate } from '../../lib/list.js';
import { requestUrl } from '../../lib/request-url.js';
import { tr } from '../../lib/translate.js';

export const newsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['content'];
  app.get(
    '/news/',
    {
      schema: {
        tags,
        summary: 'News, newest first',
        querystring: listQuerySchema({}),
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
        requestUrl(app, request),
      );
    },
  );

  app.get(
    '/news/:id/',
    {
      schema: {
        tags,
        summary: 'One news item',
        params: IdParams,
        response: { 200: NewsDetail, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const { lang } = request;
      const row = await app.readDb
        .selectFrom('news')
        .selectAll()
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      if (!row) throw notFound(`news ${request.params.id}`);
      const dict = await app.dictionary.get();
      return {
        id: row.id,
        name: tr(row.name, lang),
        annotation: tr(row.annotation, lang),
        img: firstImage(row.images),
        date: row.date,
        description: tr(row.description, lang),
        images: imageUrls(row.images),
        district: dict.ref('district', row.district_id, lang),
      };
    },
  );
};
