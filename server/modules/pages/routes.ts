import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { Contacts, ErrorBody, InfoPage, InfoPageCard, MainPage } from '../../../common/api.js';
import { notFound } from '../../lib/errors.js';
import { secondsToMinuteEnd } from '../../lib/practical.js';
import { readRoute } from '../../lib/readers.js';
import { findContacts, findInfoPage, findMainPage, infoPageCards } from './repository.js';

export const pagesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['content'];
  app.routeReads.mainPage = readRoute(
    app,
    '/pages/main-page/:id/',
    {
      // its place cards say whether each place is open now
      maxAge: secondsToMinuteEnd,
      schema: {
        tags,
        summary: 'The home page (id 1): hero, previews and the contacts',
        params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) }),
        response: { 200: MainPage, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const page = await findMainPage(
        app.readDb,
        request.params.id,
        request.lang,
        await app.dictionary.get(),
      );
      if (!page) throw notFound(`main page ${request.params.id}`);
      return page;
    },
  );

  app.routeReads.contacts = readRoute(
    app,
    '/contacts/',
    {
      kept: true,
      schema: {
        tags,
        summary: "The region's contact details (the home page's), for the menu and the footer of every page",
        response: { 200: Contacts, 404: ErrorBody },
      },
    },
    async (request) => {
      const contacts = await findContacts(app.readDb, request.lang);
      if (!contacts) throw notFound('main page 1');
      return contacts;
    },
  );

  app.routeReads.infoPages = readRoute(
    app,
    '/pages/',
    {
      kept: true,
      schema: { tags, summary: 'The information pages', response: { 200: Type.Array(InfoPageCard) } },
    },
    (request) => infoPageCards(app.readDb, request.lang),
  );

  app.routeReads.infoPage = readRoute(
    app,
    '/pages/:slug/',
    {
      schema: {
        tags,
        summary:
          'One information page: its body as a rich text (headings, paragraphs with links, pictures with captions, lists)',
        params: Type.Object({ slug: Type.String({ pattern: '^[a-z0-9-]{1,64}$' }) }),
        response: { 200: InfoPage, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const page = await findInfoPage(app.readDb, request.params.slug, request.lang);
      if (!page) throw notFound(`page ${request.params.slug}`);
      return page;
    },
  );
};
