import fs from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { originOf } from './modules/visitors/security.js';
import { projectRoot } from './paths.js';

/** Where the back office's browser bundle is built (vite.admin.config.ts); ADMIN_BUILD_DIR overrides. */
export const adminBuildDir = path.resolve(projectRoot, process.env.ADMIN_BUILD_DIR || 'dist/admin');

/** The back office lives under this path: its page, its assets, its one-time links. */
export const adminPath = '/admin';

/**
 * The Content-Security-Policy of the back office's page, instead of the public pages' one: its own
 * scripts only (no inline script, so no nonce; no badge widget), its API on the same origin, the
 * styles MUI's styling engine writes as <style> elements at run time ('unsafe-inline'), and pictures
 * from the portal, data: URLs (the QR code of the second factor) and the map tiles' host (the forms'
 * maps).
 */
export const adminCspFor = (mapTileUrl: string) => {
  const tiles = originOf(mapTileUrl);
  return adminCsp.replace(
    "img-src 'self' data: blob:",
    `img-src 'self' data: blob:${tiles ? ` ${tiles}` : ''}`,
  );
};

export const adminCsp = [
  "default-src 'self'",
  "base-uri 'self'",
  "connect-src 'self'",
  "font-src 'self' data:",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "img-src 'self' data: blob:",
  "manifest-src 'self'",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
].join('; ');

/** The back office's build, if there is one: the folder holding its index.html; else null. */
export async function findAdminBuild(dir = adminBuildDir): Promise<string | null> {
  try {
    await fs.access(path.join(dir, 'index.html'));
    return dir;
  } catch {
    return null;
  }
}

/**
 * Serves the back office's single-page app: its hashed assets (immutable) under /admin/assets/, and
 * its index.html for /admin and every path below it (the app routes in the browser). The page is
 * never stored (no-store: it names the current assets, and a one-time link's token is in its URL),
 * sends no Referer (the token again) and asks search engines to keep out. Register it before the
 * public site's catch-all page route; `isServerPath` keeps /admin away from the public pages and
 * `isStaffPath` out of the response cache.
 */
export async function registerAdminWeb(app: FastifyInstance, dir: string): Promise<void> {
  const page = await fs.readFile(path.join(dir, 'index.html'));

  await app.register(fastifyStatic, {
    root: path.join(dir, 'assets'),
    prefix: `${adminPath}/assets/`,
    wildcard: false,
    decorateReply: false,
    index: false,
    setHeaders(reply) {
      void reply.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });

  const csp = adminCspFor(app.config.mapTileUrl);
  async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    // An asset that is not there (an old hash after a deploy) is a 404, not the page.
    if (request.url.startsWith(`${adminPath}/assets/`)) return reply.callNotFound();
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', csp)
      .header('referrer-policy', 'no-referrer')
      .header('x-robots-tag', 'noindex, nofollow')
      .send(page);
  }

  // A page, not part of the API: kept out of the OpenAPI document.
  for (const url of [adminPath, `${adminPath}/*`]) {
    app.route({ method: ['GET', 'HEAD'], url, schema: { hide: true }, handler: sendPage });
  }
}
