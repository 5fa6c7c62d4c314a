import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The absolute URL of a request on the public site (for next/previous links). */
export function requestUrl(app: FastifyInstance, request: FastifyRequest): URL {
  return new URL(request.url, `${app.config.publicUrl}/`);
}
