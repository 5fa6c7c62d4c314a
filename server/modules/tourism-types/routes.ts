import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, ListOrPage, TourismTypeCard, TourismTypeDetail } from '../../../common/api.js';
import { notFound } from '../../lib/errors.js';
import { applySearch, IdParams, listQuerySchema, paginate } from '../../lib/list.js';
import { readRoute } from '../../lib/readers.js';
import { allTourismTypes, findTourismType, toTourismTypeCard, tourismTypeCardColumns } from './repository.js';

export const tourismTypesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['content'];
  app.routeReads.list['tourism-type'] = readRoute(
    app,
    '/tourism-type/',
    {
      schema: {
        tags,
        summary: 'Types of tourism',
        querystring: listQuerySchema([]),
        response: { 200: ListOrPage(TourismTypeCard), 400: ErrorBody },
      },
    },
    async (request) =>
      paginate(
        applySearch(allTourismTypes(app.readDb), request.query.search),
        (qb) => qb.select(tourismTypeCardColumns).orderBy('id'),
        (rows) => rows.map((r) => toTourismTypeCard(r, request.lang)),
        request.query,
        request.url,
      ),
  );

  app.routeReads.detail['tourism-type'] = readRoute(
    app,
    '/tourism-type/:id/',
    {
      schema: {
        tags,
        summary: 'One type of tourism, with how many places, routes and events it has',
        params: IdParams,
        response: { 200: TourismTypeDetail, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const type = await findTourismType(app.readDb, request.params.id, request.lang);
      if (!type) throw notFound(`tourism type ${request.params.id}`);
      return type;
    },
  );
};
