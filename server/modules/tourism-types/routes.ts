import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { ErrorBody, ListOrPage, TourismTypeCard, TourismTypeDetail } from '../../../common/api.js';
import type { Lang } from '../../../common/languages.js';
import type { Translated } from '../../db/schema.js';
import { firstImage, imageUrls } from '../../lib/cards.js';
import { notFound } from '../../lib/errors.js';
import { applySearch, IdParams, listQuerySchema, paginate } from '../../lib/list.js';
import { readRoute } from '../../lib/readers.js';
import { tr } from '../../lib/translate.js';

type Row = { id: number; name: Translated; annotation: Translated; images: string[]; icon: string };
const card = (r: Row, lang: Lang) => ({
  id: r.id,
  name: tr(r.name, lang),
  annotation: tr(r.annotation, lang),
  img: firstImage(r.images),
  icon: `/icons/tourism/${r.icon}.svg`,
});

export const tourismTypesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['content'];
  readRoute(
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
        applySearch(app.readDb.selectFrom('tourism_types'), request.query.search),
        (qb) => qb.select(['id', 'name', 'annotation', 'images', 'icon']).orderBy('id'),
        (rows) => rows.map((r) => card(r, request.lang)),
        request.query,
        request.url,
      ),
  );

  readRoute(
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
      const { id } = request.params;
      const row = await app.readDb
        .selectFrom('tourism_types')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) throw notFound(`tourism type ${id}`);
      const has = sql<boolean>`tourism_type_ids @> ${sql.val([id])}::int[]`;
      const count = (table: 'places' | 'routes' | 'events') =>
        app.readDb
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where(has)
          .$if(table === 'places', (qb) => qb.where(sql<boolean>`section = 'attractions'`))
          .executeTakeFirstOrThrow()
          .then((r) => Number(r.n));
      const [attractions, routes, events] = await Promise.all([
        count('places'),
        count('routes'),
        count('events'),
      ]);
      return {
        ...card(row, request.lang),
        description: tr(row.description, request.lang),
        images: imageUrls(row.images),
        counts: { attractions, routes, events },
      };
    },
  );
};
