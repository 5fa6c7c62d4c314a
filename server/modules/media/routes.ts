import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { ErrorBody } from '../../../common/api.js';
import { type ImageFormat, imageFormats, imageWidths, mediaIdPattern } from '../../../common/media.js';
import { notFound } from '../../lib/errors.js';
import { fileResponse } from '../../lib/openapi.js';
import { contentDir } from '../../paths.js';
import { contentTypes, createMediaPipeline } from './pipeline.js';

const YEAR = 365 * 24 * 3600;

export const mediaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const pipeline = createMediaPipeline(app.readDb, path.join(app.config.dataDir, 'media-cache'));
  const widths = new Set<number>(imageWidths);

  app.get(
    '/media/:id/:width.:format',
    {
      schema: {
        tags: ['service'],
        summary: `A picture in one of the widths ${imageWidths.join(', ')} as ${imageFormats.join(', ')}`,
        params: Type.Object({
          id: Type.String({ maxLength: 160 }),
          width: Type.Integer(),
          format: Type.String(),
        }),
        response: {
          200: fileResponse('the picture', Object.values(contentTypes), { binary: true }),
          404: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const { id, width, format } = request.params;
      if (
        !mediaIdPattern.test(id) ||
        !widths.has(width) ||
        !(imageFormats as readonly string[]).includes(format)
      ) {
        throw notFound(`picture ${request.url}`);
      }
      const body = await pipeline.get(id, width, format as ImageFormat);
      if (!body) throw notFound(`picture ${id}`);
      return reply
        .header('cache-control', `public, max-age=${YEAR}, immutable`)
        .header('etag', `"${id}-${width}-${format}"`)
        .type(contentTypes[format as ImageFormat])
        .send(body);
    },
  );

  await app.register(fastifyStatic, {
    root: path.join(contentDir, 'icons'),
    prefix: '/icons/',
    decorateReply: false,
    maxAge: '1d',
  });
};
