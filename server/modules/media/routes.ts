import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { ErrorBody } from '../../../common/api.js';
import { type ImageFormat, imageFormats, imageWidths, mediaIdPattern } from '../../../common/media.js';
import { notFound } from '../../lib/errors.js';
import { fileResponse } from '../../lib/openapi.js';
import { iconsDir } from '../../paths.js';
import { contentTypes } from './pipeline.js';

const YEAR = 365 * 24 * 3600;

export const mediaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const widths = new Set<number>(imageWidths);

  app.get(
    '/media/:id/:width.:format',
    {
      schema: {
        tags: ['service'],
        summary: `A picture in one of the widths ${imageWidths.join(', ')} as ${imageFormats.join(', ')}`,
        description:
          'A rendition not rendered yet is rendered in turn, and waited for up to 10 s. When its turn is ' +
          'further off, the answer is another rendition of the same picture already rendered (in a format ' +
          'the asker takes: AVIF, WebP, JPEG for .avif; WebP, JPEG for .webp; JPEG for .jpg) with ' +
          '`Cache-Control: no-store`, or, when there is none, 503 with `Retry-After`.',
        params: Type.Object({
          id: Type.String({ maxLength: 160 }),
          width: Type.Integer(),
          format: Type.String(),
        }),
        response: {
          200: fileResponse('the picture', Object.values(contentTypes), { binary: true }),
          404: ErrorBody,
          503: ErrorBody,
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
      const picture = await app.media.get(id, width, format as ImageFormat);
      switch (picture.kind) {
        case 'missing':
          throw notFound(`picture ${id}`);
        case 'rendition':
          return reply
            .header('cache-control', `public, max-age=${YEAR}, immutable`)
            .header('etag', `"${id}-${width}-${format}"`)
            .type(contentTypes[format as ImageFormat])
            .send(picture.body);
        // Not what was asked for: shown now, asked for again next time.
        case 'stand-in':
          return reply
            .header('cache-control', 'no-store')
            .type(contentTypes[picture.format])
            .send(picture.body);
        case 'later':
          return reply
            .status(503)
            .header('retry-after', String(picture.retryAfterSeconds))
            .header('cache-control', 'no-store')
            .send({
              statusCode: 503,
              error: 'Service Unavailable',
              message: `picture ${id} is being rendered: ask again in ${picture.retryAfterSeconds} s`,
            });
      }
    },
  );

  await app.register(fastifyStatic, {
    root: iconsDir,
    prefix: '/icons/',
    decorateReply: false,
    maxAge: '1d',
  });
};
