import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { FooterContent } from '../../../common/api.js';
import { readRoute } from '../../lib/readers.js';
import { footerContent } from './repository.js';

export const footerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.routeReads.footerContent = readRoute(
    app,
    '/footer-content/',
    {
      schema: {
        tags: ['content'],
        summary: 'Latest news, upcoming events and partners for the footer block',
        response: { 200: FooterContent },
      },
    },
    (request) => footerContent(app.readDb, request.lang),
  );
};
