import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, ListOrPage, RouteCard, RouteDetail } from '../../../common/api.js';
import { notFound } from '../../lib/errors.js';
import { applyFilters, applySearch, IdParams, listQuerySchema, paginate } from '../../lib/list.js';
import { requestUrl } from '../../lib/request-url.js';
import { findRoute, routeCardColumns, routeFilters, toRouteCards } from './repository.js';

export const routesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['content'];
  app.get(
    '/routes/',
    {
      schema: {
        tags,
        summary: 'Ready routes',
        querystring: listQuerySchema(routeFilters),
        response: { 200: ListOrPage(RouteCard), 400: ErrorBody },
      },
    },
    async (request) => {
      const dict = await app.dictionary.get();
      const base = applySearch(
        applyFilters(app.db.selectFrom('routes'), request.query, routeFilters),
        request.query.search,
        request.lang,
      );
      return paginate(
        base,
        (qb) => qb.select(routeCardColumns).orderBy('id'),
        (rows) => toRouteCards(app.db, rows, request.lang, dict),
        request.query,
        requestUrl(app, request),
      );
    },
  );

  app.get(
    '/routes/:id/',
    {
      schema: {
        tags,
        summary: 'One ready route with its line and objects along the way',
        params: IdParams,
        response: { 200: RouteDetail, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const route = await findRoute(app.db, request.params.id, request.lang, await app.dictionary.get());
      if (!route) throw notFound(`route ${request.params.id}`);
      return route;
    },
  );
};
