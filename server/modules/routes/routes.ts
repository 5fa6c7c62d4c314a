import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, ListOrPage, RouteCard, RouteDetail } from '../../../common/api.js';
import { localizedUrl } from '../../../common/urls.js';
import { sendAttachment } from '../../lib/download.js';
import { DownloadQuery, downloadLang, productName } from '../../lib/download-query.js';
import { notFound } from '../../lib/errors.js';
import { notFoundOrGone } from '../../lib/gone.js';
import { routeToGpx } from '../../lib/gpx.js';
import { applyFilters, applySearch, IdParams, listQuerySchema, paginate } from '../../lib/list.js';
import { fileResponse } from '../../lib/openapi.js';
import { readRoute } from '../../lib/readers.js';
import {
  allRoutes,
  findRoute,
  routeCardColumns,
  routeFilters,
  routeUpdatedAt,
  toRouteCards,
} from './repository.js';

export const routesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['content'];
  app.routeReads.list.routes = readRoute(
    app,
    '/routes/',
    {
      photos: true,
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
        applyFilters(allRoutes(app.readDb), request.query, routeFilters),
        request.query.search,
      );
      return paginate(
        base,
        (qb) => qb.select(routeCardColumns).orderBy('id'),
        (rows) => toRouteCards(app.readDb, rows, request.lang, dict),
        request.query,
        request.url,
      );
    },
  );

  app.routeReads.detail.routes = readRoute(
    app,
    '/routes/:id/',
    {
      photos: true,
      schema: {
        tags,
        summary: 'One ready route with its line and objects along the way',
        params: IdParams,
        response: { 200: RouteDetail, 400: ErrorBody, 404: ErrorBody, 410: ErrorBody },
      },
    },
    async (request) => {
      const route = await findRoute(app.readDb, request.params.id, request.lang, await app.dictionary.get());
      if (!route)
        throw await notFoundOrGone(app.readDb, 'routes', request.params.id, `route ${request.params.id}`);
      return route;
    },
  );

  app.get(
    '/routes/:id/gpx/',
    {
      schema: {
        tags,
        summary: 'The route as a GPX 1.1 file: the line as a track, the objects along the way as waypoints',
        params: IdParams,
        querystring: DownloadQuery,
        response: {
          200: fileResponse('the route as a GPX file', ['application/gpx+xml'], {
            attachment: 'route-{id}.gpx',
            example:
              '<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">…</gpx>',
          }),
          400: ErrorBody,
          404: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const lang = downloadLang(request.query, request.lang);
      const id = request.params.id;
      const route = await findRoute(app.readDb, id, lang, await app.dictionary.get());
      if (!route) throw notFound(`route ${id}`);
      const updated_at = await routeUpdatedAt(app.readDb, id);
      const publicUrl = app.config.publicUrl;
      const body = routeToGpx({
        name: route.name,
        description: route.annotation,
        url: localizedUrl(publicUrl, `/routes/detail/${id}`, lang),
        updated: new Date(updated_at),
        type: route.type.name,
        line: route.path as [number, number][],
        waypoints: route.objects_along_the_way.map((o, n) => ({
          lat: o.lat,
          lon: o.lon,
          name: `${n + 1}. ${o.name}`,
          type: o.type?.name ?? null,
          url: localizedUrl(publicUrl, `/attractions/detail/${o.id}`, lang),
        })),
        creator: productName,
      });
      return sendAttachment(reply, {
        body,
        type: 'application/gpx+xml; charset=utf-8',
        ext: 'gpx',
        asciiName: `route-${id}`,
        name: route.name,
        lang,
      });
    },
  );
};
