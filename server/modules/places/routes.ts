import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBody,
  ListOrPage,
  type PageT,
  PlaceCard,
  type PlaceCardT,
  PlaceDetail,
  type PlaceDetailT,
} from '../../../common/api.js';
import type { PlaceSection, Section } from '../../../common/sections.js';
import { notFoundOrGone } from '../../lib/gone.js';
import { applyFilters, applySearch, IdParams, listQuerySchema, paginate } from '../../lib/list.js';
import { applyPractical, practicalParams, secondsToMinuteEnd } from '../../lib/practical.js';
import { type Read, readRoute } from '../../lib/readers.js';
import { cardColumns, findPlace, placesOf, toPlaceCard } from './repository.js';

/**
 * The endpoints of a section of places: its list, /api/<section>/ (popular places:
 * /api/attractions/popular/, the best rated first), and its detail, /api/<section>/<id>/.
 */
export function placeSectionRoutes(section: Section): FastifyPluginAsyncTypebox {
  return async (app) => {
    const place = section.scope?.section as PlaceSection;
    const popular = section.scope?.popular === true;
    const { filters, practical } = section;
    const tags = ['content'];
    // Cards and details say whether the place is open now: kept by caches until the minute ends.
    const maxAge = secondsToMinuteEnd;
    // The page loaders' reads of the section (server/lib/page-reads.ts), by its slug.
    const placeLists = app.routeReads.list as Record<string, Read<PlaceCardT[] | PageT<PlaceCardT>>>;
    const placeDetails = app.routeReads.detail as Record<string, Read<PlaceDetailT>>;

    placeLists[section.slug] = readRoute(
      app,
      `/${section.api ?? section.slug}/`,
      {
        photos: true,
        maxAge,
        schema: {
          tags,
          summary: popular ? 'Popular places, each with its rating category' : `List of ${section.slug}`,
          querystring: listQuerySchema(filters, practicalParams(practical)),
          response: { 200: ListOrPage(PlaceCard), 400: ErrorBody },
        },
      },
      async (request) => {
        const dict = await app.dictionary.get();
        const scoped = popular
          ? placesOf(app.readDb, place).where('popular', '=', true)
          : placesOf(app.readDb, place);
        const now = new Date();
        const filtered = applyPractical(
          applyFilters(scoped, request.query, filters),
          request.query,
          practical,
          now,
        );
        const base = applySearch(filtered, request.query.search as string | undefined);
        return paginate(
          base,
          (qb) =>
            popular
              ? qb.select(cardColumns).orderBy('rating', 'desc').orderBy('id')
              : qb.select(cardColumns).orderBy('id'),
          (rows) => rows.map((r) => toPlaceCard(r, place, request.lang, dict, now)),
          request.query,
          request.url,
        );
      },
    );

    if (!section.detail) return;
    placeDetails[section.slug] = readRoute(
      app,
      `/${section.slug}/:id/`,
      {
        photos: true,
        maxAge,
        schema: {
          tags,
          summary: `One of ${section.slug}, with everything its page shows`,
          params: IdParams,
          response: { 200: PlaceDetail, 400: ErrorBody, 404: ErrorBody, 410: ErrorBody },
        },
      },
      async (request) => {
        const item = await findPlace(
          app.readDb,
          place,
          request.params.id,
          request.lang,
          await app.dictionary.get(),
        );
        if (!item)
          throw await notFoundOrGone(app.readDb, place, request.params.id, `${place} ${request.params.id}`);
        return item;
      },
    );
  };
}
