import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { ErrorBody } from '../../../common/api.js';
import { normalizeLang } from '../../../common/languages.js';
import { notFound } from '../../lib/errors.js';
import { localesDir } from '../../paths.js';

/** UI strings: /locales/<lng>/<namespace>.json, one catalogue per language and namespace. */
export const localesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const cache = new Map<string, string>();
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
        response: {
          200: Type.Record(Type.String(), Type.Unknown(), {
            description: 'the strings of the namespace by key',
          }),
          404: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const lang = normalizeLang(request.params.lng);
      if (!lang) throw notFound(`language ${request.params.lng}`);
      const key = `${lang}/${request.params.ns}`;
      let body = cache.get(key);
      if (body === undefined) {
        try {
          body = await fs.readFile(path.join(localesDir, lang, `${request.params.ns}.json`), 'utf8');
        } catch {
          throw notFound(`translations ${key}`);
        }
        if (app.config.env === 'production') cache.set(key, body);
      }
      void reply.header('cache-control', 'public, max-age=300').type('application/json; charset=utf-8');
      // Already JSON: Fastify sends a string with a JSON content type as it is.
      return reply.send(body as unknown as Record<string, unknown>);
    },
  );
};
