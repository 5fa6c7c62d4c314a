import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, ListOrPage, NewsCard, NewsDetail } from '../../../common/api.js';
import { notFoundOrGone } from '../../lib/gone.js';
import { applySearch, IdParams, listQuerySchema, paginate } from '../../lib/list.js';
import { readRoute } from '../../lib/readers.js';
import { allNews, findNews, newsCardColumns, toNewsCard } from './repository.js';

export const newsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['content'];
  app.routeReads.list.news = readRoute(
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
    async (request) =>
      paginate(
        applySearch(allNews(app.readDb), request.query.search),
        (qb) => qb.select(newsCardColumns).orderBy('date', 'desc').orderBy('id', 'desc'),
        (rows) => rows.map((r) => toNewsCard(r, request.lang)),
        request.query,
        request.url,
      ),
  );

  app.routeReads.detail.news = readRoute(
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
