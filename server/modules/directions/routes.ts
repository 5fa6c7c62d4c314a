import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Selectable } from 'kysely';
import Type from 'typebox';
import { Direction, ErrorBody, NavItem } from '../../../common/api.js';
import type { Lang } from '../../../common/languages.js';
import type { DirectionsTable } from '../../db/schema.js';
import { firstImage, imageUrls } from '../../lib/cards.js';
import type { Dictionary } from '../../lib/dictionary.js';
import { notFound } from '../../lib/errors.js';
import { IdParams } from '../../lib/list.js';
import { readRoute } from '../../lib/readers.js';
import { tr } from '../../lib/translate.js';

function toDirection(row: Selectable<DirectionsTable>, lang: Lang, dict: Dictionary) {
  const district = dict.list('district').find((d) => d.id === row.district_id);
  return {
    id: row.id,
    name: tr(row.name, lang),
    district: district ? tr(district.name, lang) : '',
    districtid: row.district_id,
    annotation: tr(row.annotation, lang),
    description: tr(row.description, lang),
    img: firstImage(row.images),
    images: imageUrls(row.images),
    admin_center: dict.ref('city', row.admin_center_id, lang),
    area_km2: row.area_km2,
    population: row.population,
    lat: district?.lat ?? 0,
    lon: district?.lon ?? 0,
  };
}

export const directionsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['content'];
  readRoute(
    app,
    '/directions/',
    {
      schema: {
        tags,
        summary: 'All directions (districts); the first is selected',
        response: { 200: Type.Array(Direction) },
      },
    },
    async (request) => {
      const dict = await app.dictionary.get();
      const rows = await app.readDb.selectFrom('directions').selectAll().orderBy('id').execute();
      return rows.map((r) => toDirection(r, request.lang, dict));
    },
  );

  readRoute(
    app,
    '/directions/nav-list/',
    {
      kept: true,
      schema: { tags, summary: 'Directions for the menu', response: { 200: Type.Array(NavItem) } },
    },
    async (request) => {
      const rows = await app.readDb.selectFrom('directions').select(['id', 'name']).orderBy('id').execute();
      return rows.map((r) => ({ id: r.id, name: tr(r.name, request.lang) }));
    },
  );

  readRoute(
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
      const row = await app.readDb
        .selectFrom('directions')
        .selectAll()
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      if (!row) throw notFound(`direction ${request.params.id}`);
      return toDirection(row, request.lang, await app.dictionary.get());
    },
  );
};
