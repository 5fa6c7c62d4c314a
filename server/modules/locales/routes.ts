import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { ErrorBody } from '../../../common/api.js';
import { normalizeLang } from '../../../common/languages.js';
import { notFound } from '../../lib/errors.js';

/**
 * UI strings: /locales/<lng>/<namespace>.json, one catalogue per language and namespace. Asked for
 * with the namespace's current version (`?v=`, server/lib/locale-files.ts) the answer never
 * changes, so browsers keep it for good; without it, for five minutes.
 */
export const localesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/locales/:lng/:ns.json',
    {
      schema: {
        tags: ['service'],
        summary: 'Translations of the interface (ru, en, zh; ch means zh)',
        params: Type.Object({
          lng: Type.String({ pattern: '^[A-Za-z]{2}([-_][A-Za-z]{2,4})?$' }),
          ns: Type.String({ pattern: '^[a-z0-9-]{1,40}$' }),
        }),
        querystring: Type.Object({
          v: Type.Optional(
            Type.String({
              pattern: '^[0-9a-f]{1,32}$',
              description: "the namespace's version, as pages name it: the answer may be kept for good",
            }),
          ),
        }),
        response: {
          200: Type.Record(Type.String(), Type.Unknown(), {
            description: 'the strings of the namespace by key',
          }),
          404: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const { lng, ns } = request.params;
      const lang = normalizeLang(lng);
      if (!lang) throw notFound(`language ${lng}`);
      const body = await app.localeFiles.file(lang, ns);
      if (body === undefined) throw notFound(`translations ${lang}/${ns}`);
      const current =
        request.query.v !== undefined && request.query.v === (await app.localeFiles.versions())[ns];
      void reply
        .header('cache-control', current ? 'public, max-age=31536000, immutable' : 'public, max-age=300')
        .type('application/json; charset=utf-8');
      // Already JSON: Fastify sends a string with a JSON content type as it is.
      return reply.send(body as unknown as Record<string, unknown>);
    },
  );
};
