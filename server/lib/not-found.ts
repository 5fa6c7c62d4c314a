import type { FastifyInstance } from 'fastify';
import { isAdminSlashPath, isServerPath } from './request-url.js';

const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/**
 * The methods some route serves at `url`. For the server's own paths (never pages), a route that
 * takes any path below its own (the pages' catch-all `/*`, the API docs' static files) does not
 * count: `/api/nope/` is not a page that could be asked for with GET. An address of the back
 * office's API ending with a slash is served by no method (`isAdminSlashPath`).
 */
export function allowedMethods(app: FastifyInstance, url: string): string[] {
  if (isAdminSlashPath(url)) return [];
  const path = url.split('?')[0] as string;
  const serverPath = isServerPath(path);
  return methods.filter((method) => {
    const route = app.findRoute({ method, url: path });
    if (!route) return false;
    return !(serverPath && '*' in (route.params as Record<string, string>));
  });
}

/**
 * What no route answers: a path that exists for other methods is a 405 with Allow (a PUT on a
 * content resource, a POST to a page); any other is a JSON 404.
 */
export function registerNotFound(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const allowed = allowedMethods(app, request.url);
    if (allowed.length) {
      void reply
        .status(405)
        .header('allow', allowed.join(', '))
        .send({
          statusCode: 405,
          error: 'Method Not Allowed',
          message: `${request.method} is not served at ${path}: use ${allowed.join(' or ')}`,
        });
      return;
    }
    void reply
      .status(404)
      .send({ statusCode: 404, error: 'Not Found', message: `No such resource: ${path}` });
  });
}
