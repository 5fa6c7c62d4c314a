import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';

/** The absolute URL of a request on the public site (for next/previous links). */
export function requestUrl(app: FastifyInstance, request: FastifyRequest): URL {
  return new URL(request.url, `${app.config.publicUrl}/`);
}

/** The Strict-Transport-Security of an answer to a request that came over HTTPS. */
export const hsts = 'max-age=31536000; includeSubDomains';

/**
 * The Strict-Transport-Security value for a request that came over HTTPS through a trusted proxy:
 * the security headers send it on every answer, the response cache on the answers it replays.
 */
export function hstsOf(app: FastifyInstance, request: FastifyRequest): string | undefined {
  return app.config.trustProxy && request.protocol === 'https' ? hsts : undefined;
}

/** The route of every page (server/web.ts): React Router matches the path itself. */
export const pageRoute = '/*';

/** Paths that belong to the server, never to a page: an unknown one is a JSON 404, not the 404 page. */
const serverPaths = /^\/(api|media|locales|icons|assets|admin)(\/|$|\?)/;
export const isServerPath = (url: string) => serverPaths.test(url);

/**
 * An address of the back office's API that ends with a slash (`/api/admin/news/`). Its paths end
 * without one, and an item's is its list's followed by the id: this is an item's address with the
 * id left out. The router ignores a trailing slash (for the public API, whose paths end with one),
 * so it would answer the list, or 405 to a PUT: it is a 404, as an unknown id is.
 */
const adminSlashPath = /^\/api\/admin\/[^?]*\/(\?|$)/;
export const isAdminSlashPath = (url: string) => adminSlashPath.test(url);

/**
 * The back office's paths (its page and its API) and the staff's previews of the public pages
 * (`/preview/…`): answers for one signed-in member of staff, which the response cache never looks
 * up, waits for or keeps.
 */
const staffPaths = /^\/((api\/)?admin|preview)(\/|$|\?)/;
export const isStaffPath = (url: string) => staffPaths.test(url);

/** The staff's preview of an item's public page (and its data requests): staff only. */
const previewPaths = /^\/preview(\/|$|\?)/;
export const isPreviewPath = (url: string) => previewPaths.test(url);

/** Nothing but a host name or address and a port: no user, path, query or spaces. */
const hostShape = /^[^\s/?#@\\]+$/;
const validHosts = new LRUCache<string, boolean>({ max: 256 });

/**
 * Whether a Host header (or a trusted X-Forwarded-Host) names a host a URL can be built on:
 * `x:abc` or `[::1` cannot, and must not reach the code that builds one.
 */
export function isValidHost(host: string): boolean {
  let valid = validHosts.get(host);
  if (valid === undefined) {
    valid = hostShape.test(host) && URL.canParse(`http://${host}/`);
    validHosts.set(host, valid);
  }
  return valid;
}
