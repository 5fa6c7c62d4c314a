import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { Contacts, ErrorBody, InfoPage, InfoPageCard, MainPage } from '../../../common/api.js';
import { mediaUrl } from '../../../common/media.js';
import type { PageBlock } from '../../db/schema.js';
import { firstImage } from '../../lib/cards.js';
import { notFound } from '../../lib/errors.js';
import { secondsToMinuteEnd } from '../../lib/practical.js';
import { readRoute } from '../../lib/readers.js';
import { tr, trOrNull } from '../../lib/translate.js';
import { cardColumns, toPlaceCard } from '../places/repository.js';
import { routeCardColumns, toRouteCards } from '../routes/repository.js';

const PREVIEW = 6;

export const pagesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['content'];
  readRoute(
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
      const { lang } = request;
      const page = await app.readDb
        .selectFrom('main_page')
        .selectAll()
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      if (!page) throw notFound(`main page ${request.params.id}`);
      const dict = await app.dictionary.get();
      const [popular, routes] = await Promise.all([
        app.readDb
          .selectFrom('places')
          .select(cardColumns)
          .where('section', '=', 'attractions')
          .where('popular', '=', true)
          .orderBy('rating', 'desc')
          .orderBy('id')
          .limit(PREVIEW)
          .execute(),
        app.readDb.selectFrom('routes').select(routeCardColumns).orderBy('id').limit(PREVIEW).execute(),
      ]);
      return {
        id: page.id,
        title: tr(page.title, lang),
        description: tr(page.description, lang),
        button_label: tr(page.button_label, lang),
        buttom_link: page.button_link,
        img: firstImage(page.images),
        popular_objects: popular.map((r) => toPlaceCard(r, 'attractions', lang, dict)),
        routes: await toRouteCards(app.readDb, routes, lang, dict),
        address: tr(page.address, lang),
        email: page.email,
        site: page.site,
        phone: page.phone,
        group_vk: page.group_vk,
      };
    },
  );

  readRoute(
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
      const page = await app.readDb
        .selectFrom('main_page')
        .select(['address', 'email', 'site', 'phone', 'group_vk'])
        .where('id', '=', 1)
        .executeTakeFirst();
      if (!page) throw notFound('main page 1');
      return {
        address: tr(page.address, request.lang),
        email: page.email,
        site: page.site,
        phone: page.phone,
        group_vk: page.group_vk,
      };
    },
  );

  readRoute(
    app,
    '/pages/',
    {
      kept: true,
      schema: { tags, summary: 'The information pages', response: { 200: Type.Array(InfoPageCard) } },
    },
    async (request) => {
      const rows = await app.readDb
        .selectFrom('pages')
        .select(['slug', 'title', 'annotation', 'images'])
        .orderBy('id')
        .execute();
      return rows.map((p) => ({
        slug: p.slug,
        title: tr(p.title, request.lang),
        annotation: tr(p.annotation, request.lang),
        img: firstImage(p.images),
      }));
    },
  );

  readRoute(
    app,
    '/pages/:slug/',
    {
      schema: {
        tags,
        summary:
          'One information page as blocks (headings, paragraphs with [text](/path) links, pictures, lists)',
        params: Type.Object({ slug: Type.String({ pattern: '^[a-z0-9-]{1,64}$' }) }),
        response: { 200: InfoPage, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const { lang } = request;
      const page = await app.readDb
        .selectFrom('pages')
        .selectAll()
        .where('slug', '=', request.params.slug)
        .executeTakeFirst();
      if (!page) throw notFound(`page ${request.params.slug}`);
      const block = (b: PageBlock) => {
        if ('h' in b) return { type: 'h' as const, text: tr(b.h, lang) };
        if ('p' in b) return { type: 'p' as const, text: tr(b.p, lang) };
        if ('img' in b)
          return { type: 'img' as const, src: mediaUrl(b.img, 960), caption: trOrNull(b.caption, lang) };
        return { type: 'list' as const, items: b.list.map((i) => tr(i, lang)) };
      };
      return {
        slug: page.slug,
        title: tr(page.title, lang),
        annotation: tr(page.annotation, lang),
        img: firstImage(page.images),
        blocks: page.blocks.map(block),
      };
    },
  );
};
