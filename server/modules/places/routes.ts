import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, ListOrPage, PlaceCard, PlaceDetail } from '../../../common/api.js';
import type { PlaceSection } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { applyFilters, applySearch, IdParams, listQuerySchema, paginate } from '../../lib/list.js';
import { requestUrl } from '../../lib/request-url.js';
import { cardColumns, findPlace, placeFilters, placesOf, toPlaceCard } from './repository.js';

/** The list and detail endpoints of one place section: /api/<section>/ and /api/<section>/<id>/. */
export function placeSectionRoutes(section: PlaceSection): FastifyPluginAsyncTypebox {
  return async (app) => {
    const filters = placeFilters[section];
    const querystring = listQuerySchema(filters);
    const tags = ['content'];

    if (section === 'attractions') {
      app.get(
        '/attractions/popular/',
        {
          schema: {
            tags,
            summary: 'Popular places, each with its rating category',
            querystring,
            response: { 200: ListOrPage(PlaceCard), 400: ErrorBody },
          },
        },
        async (request) => {
          const dict = await app.dictionary.get();
          const base = applySearch(
            applyFilters(placesOf(app.readDb, section).where('popular', '=', true), request.query, filters),
            request.query.search,
          );
          return paginate(
            base,
            (qb) => qb.select(cardColumns).orderBy('rating', 'desc').orderBy('id'),
            (rows) => rows.map((r) => toPlaceCard(r, section, request.lang, dict)),
            request.query,
            requestUrl(app, request),
          );
        },
      );
    }

    app.get(
      `/${section}/`,
      {
        schema: {
          tags,
          summary: `List of ${section}`,
          querystring,
          response: { 200: ListOrPage(PlaceCard), 400: ErrorBody },
        },
      },
      async (request) => {
        const dict = await app.dictionary.get();
        const base = applySearch(
          applyFilters(placesOf(app.readDb, section), request.query, filters),
          request.query.search,
        );
        return paginate(
          base,
          (qb) => qb.select(cardColumns).orderBy('id'),
          (rows) => rows.map((r) => toPlaceCard(r, section, request.lang, dict)),
          request.query,
          requestUrl(app, request),
        );
      },
    );

    app.get(
      `/${section}/:id/`,
      {
        schema: {
          tags,
          summary: `One of ${section}, with everything its page shows`,
          params: IdParams,
          response: { 200: PlaceDetail, 400: ErrorBody, 404: ErrorBody },
        },
      },
      async (request) => {
        const place = await findPlace(
          app.readDb,
          section,
          request.params.id,
          request.lang,
          await app.dictionary.get(),
        );
        if (!place) throw notFound(`${section} ${request.params.id}`);
        return place;
      },
    );
  };
}
