import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type AppLoadContext, createRequestHandler, type ServerBuild } from 'react-router';
import { type Lang, langOfRequest } from '../common/languages.js';
import type { PageRequest, RenderedPage } from '../common/web-entry.js';
import { HttpError, retryAfterSeconds } from './lib/errors.js';
import { createPageReads } from './lib/page-reads.js';
import { secondsToMinuteEnd } from './lib/practical.js';
import { isPreviewPath, isServerPath, pageRoute } from './lib/request-url.js';
import { admitStaff } from './modules/admin/auth/guard.js';
import { previewReader } from './modules/admin/content/preview.js';
import { projectRoot } from './paths.js';

export const webBuildDir = path.resolve(projectRoot, process.env.WEB_BUILD_DIR || 'dist/web');

/**
 * The site's icons keep their addresses when they change (browsers ask for `/favicon.ico` and
 * `/apple-touch-icon.png` by name), so they cannot be immutable; they change about never, and every
 * page view or bookmark would otherwise ask for them again each hour: a week, then a day more
 * while a fresh copy is fetched.
 */
const iconCache = 'public, max-age=604800, stale-while-revalidate=86400';
const iconFiles = new Set(['favicon.ico', 'favicon.svg', 'apple-touch-icon.png']);
const isIcon = (filePath: string) =>
  iconFiles.has(path.basename(filePath)) || filePath.includes(`${path.sep}app-icons${path.sep}`);

function toFetchRequest(request: FastifyRequest, url: URL, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else if (value !== undefined) headers.set(key, String(value));
  }
  return new Request(url, { method: request.method, headers, signal });
}

async function sendFetchResponse(
  reply: FastifyReply,
  response: Response,
  text?: string,
): Promise<FastifyReply> {
  void reply.status(response.status);
  for (const [key, value] of response.headers) {
    if (key !== 'set-cookie') void reply.header(key, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) void reply.header('set-cookie', cookies);
  if (text !== undefined) return reply.send(text);
  // biome-ignore lint/suspicious/noExplicitAny: web stream to node stream
  return reply.send(response.body ? Readable.fromWeb(response.body as any) : null);
}

/**
 * Serves the React Router app: hashed assets from the client build, and every page route rendered
 * on the server with its data already in it.
 */

/** What web/entry.server.tsx exports for the server besides rendering. */
interface WebEntry {
  createLoadContext(request: PageRequest): Promise<AppLoadContext>;
}

export async function registerWeb(app: FastifyInstance, build: ServerBuild): Promise<void> {
  const mode = app.config.env === 'production' ? 'production' : 'development';
  const handle = createRequestHandler(build, mode);
  const entry = build.entry.module as unknown as WebEntry;
  // The loaders read the API's data in-process (server/lib/page-reads.ts), not over HTTP.
  const read = createPageReads(app.routeReads);
  const preview = previewReader(app);

  await app.register(fastifyStatic, {
    root: path.join(webBuildDir, 'client'),
    prefix: '/',
    wildcard: false,
    decorateReply: false,
    setHeaders(reply, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      // The service worker is checked for a new version at every visit: a browser or a proxy
      // keeping it an hour would keep the old version that long (decision 028).
      const worker = path.basename(filePath) === 'sw.js';
      void reply.header(
        'cache-control',
        worker
          ? 'no-cache'
          : immutable
            ? 'public, max-age=31536000, immutable'
            : isIcon(filePath)
              ? iconCache
              : 'public, max-age=3600',
      );
    },
  });

  app.route({
    method: ['GET', 'HEAD'],
    url: pageRoute,
    // The pages are not part of the API: OpenAPI cannot describe a catch-all path (it would be
    // `/{*}`, with a parameter named `*` and no answer of its own), and the pages are HTML.
    schema: { hide: true },
    handler: async (request, reply) => {
      // A server path no route serves: a JSON 404, or 405 if other methods serve it.
      if (isServerPath(request.url)) return reply.callNotFound();
      // The Host was checked on arrival; a proxy's X-Forwarded-Proto is only trusted to say https.
      const origin = request.host
        ? `${request.protocol === 'https' ? 'https' : 'http'}://${request.host}`
        : app.config.publicUrl;
      let url: URL;
      try {
        url = new URL(request.url, origin);
      } catch {
        throw new HttpError(400, 'the request target is not a valid URL');
      }
      // A preview is one member of staff's: never kept by anyone (the response cache leaves its
      // paths alone), never indexed, and nothing of it for anyone else, whatever the address.
      const previewing = isPreviewPath(request.url);
      if (previewing) {
        void reply.header('cache-control', 'private, no-store').header('x-robots-tag', 'noindex');
        await admitStaff(app, request, 'editor');
      }
      const controller = new AbortController();
      reply.raw.on('close', () => controller.abort());
      const page: RenderedPage = {};
      const context = await entry.createLoadContext({
        url,
        cookie: request.headers.cookie ?? null,
        acceptLanguage: request.headers['accept-language'] ?? null,
        read,
        translations: (lang: Lang) => app.localeFiles.bundles(lang),
        stringVersions: await app.localeFiles.versions(),
        publicUrl: app.config.publicUrl,
        badgeScriptUrl: app.config.badgeScriptUrl,
        page,
        ...(previewing ? { preview } : {}),
      });
      const response = await handle(toFetchRequest(request, url, controller.signal), context);
      // The language comes from `lng`, the cookie, or else Accept-Language (common/languages.ts);
      // Content-Language names it (the service worker keeps the page under it).
      void reply
        .header('vary', 'Accept-Language, Cookie, Accept-Encoding')
        .header(
          'content-language',
          langOfRequest(url, request.headers.cookie ?? null, request.headers['accept-language'] ?? null),
        );
      if (previewing) void reply.header('cache-control', 'private, no-store');
      else if (response.status === 503) {
        // The database is down for a moment (web/lib/route-data.ts): ask to come back, keep nothing.
        void reply.header('retry-after', String(retryAfterSeconds)).header('cache-control', 'no-store');
      } else if (!response.headers.has('cache-control')) void reply.header('cache-control', 'no-cache');
      // A page comes whole from web/entry.server.tsx: its text in the load context, not a stream.
      if (!(response.headers.get('content-type') ?? '').startsWith('text/html'))
        return sendFetchResponse(reply, response);
      // A page is the same for every visitor of one language: keep it a while.
      if (
        !previewing &&
        app.config.responseCacheSeconds > 0 &&
        request.method === 'GET' &&
        response.status === 200
      )
        // Cards and detail pages say whether a place is open: never kept past the region's minute.
        reply.cacheFor(Math.min(app.config.responseCacheSeconds, secondsToMinuteEnd()));
      return sendFetchResponse(reply, response, page.html ?? (await response.text()));
    },
  });
}

/** The production build of the web app, if there is one. */
export async function loadWebBuild(): Promise<ServerBuild | null> {
  const entry = path.join(webBuildDir, 'server/index.js');
  try {
    await fs.access(entry);
  } catch {
    return null;
  }
  return (await import(entry)) as ServerBuild;
}
