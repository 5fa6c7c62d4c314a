import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { CityItem, DirectoryItem, DistrictItem } from '../../../common/api.js';
import { directoryKinds } from '../../../common/editorial.js';
import { readRoute } from '../../lib/readers.js';
import { tr } from '../../lib/translate.js';

/** Filter option lists: /api/directory/<kind>/ answers [{id, name, label}] in the request's language. */
export const directoryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['directories'];
  app.routeReads.directory.district = readRoute(
    app,
    '/directory/district/',
    { schema: { tags, summary: 'Districts (filter district)', response: { 200: Type.Array(DistrictItem) } } },
    async (request) => {
      const dict = await app.dictionary.get();
      return dict.list('district').map((d) => {
        const name = tr(d.name, request.lang);
        return { id: d.id, name, label: name, lat: d.lat ?? 0, lon: d.lon ?? 0 };
      });
    },
  );
  app.routeReads.directory.city = readRoute(
    app,
    '/directory/city/',
    { schema: { tags, summary: 'Towns (filter city)', response: { 200: Type.Array(CityItem) } } },
    async (request) => {
      const dict = await app.dictionary.get();
      return dict.list('city').map((c) => {
        const name = tr(c.name, request.lang);
        return { id: c.id, name, label: name, district: c.district ?? 0, lat: c.lat ?? 0, lon: c.lon ?? 0 };
      });
    },
  );
  for (const kind of directoryKinds) {
    app.routeReads.directory[kind] = readRoute(
      app,
      `/directory/${kind}/`,
      { schema: { tags, summary: `Directory ${kind}`, response: { 200: Type.Array(DirectoryItem) } } },
      async (request) => {
        const dict = await app.dictionary.get();
        return dict.list(kind).map((d) => {
          const name = tr(d.name, request.lang);
          return { id: d.id, name, label: name };
        });
      },
    );
  }
};
