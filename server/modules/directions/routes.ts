import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { Direction, ErrorBody, NavItem } from '../../../common/api.js';
import { notFound } from '../../lib/errors.js';
import { IdParams } from '../../lib/list.js';
import { readRoute } from '../../lib/readers.js';
import { allDirections, directionNames, findDirection } from './repository.js';

export const directionsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['content'];
  app.routeReads.directions = readRoute(
    app,
    '/directions/',
    {
      schema: {
        tags,
        summary: 'All directions (districts); the first is selected',
        response: { 200: Type.Array(Direction) },
      },
    },
    async (request) => allDirections(app.readDb, request.lang, await app.dictionary.get()),
  );

  app.routeReads.navList = readRoute(
    app,
    '/directions/nav-list/',
    {
      kept: true,
      schema: { tags, summary: 'Directions for the menu', response: { 200: Type.Array(NavItem) } },
    },
    (request) => directionNames(app.readDb, request.lang),
  );

  app.routeReads.direction = readRoute(
    app,
    '/directions/:id/',
    {
      schema: {
        tags,
        summary: 'One direction; districtid filters the section lists (district__in)',
        params: IdParams,
        response: { 200: Direction, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const direction = await findDirection(
        app.readDb,
        request.params.id,
        request.lang,
        await app.dictionary.get(),
      );
      if (!direction) throw notFound(`direction ${request.params.id}`);
      return direction;
    },
  );
};
