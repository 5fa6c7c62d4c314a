import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type AppLoadContext, createRequestHandler, type ServerBuild } from 'react-router';
import type { Lang } from '../common/languages.js';
import { HttpError, retryAfterSeconds } from './lib/errors.js';
import { isServerPath, pageRoute } from './lib/request-url.js';
import { localesDir, projectRoot } from './paths.js';

export const webBuildDir = path.resolve(projectRoot, process.env.WEB_BUILD_DIR || 'dist/web');

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
type Translations = Record<string, Record<string, unknown>>;

/** What web/entry.server.tsx exports for the server besides rendering. */
interface WebEntry {
  createLoadContext(args: {
    url: URL;
    cookie: string | null;
    acceptLanguage: string | null;
    inject: (
      method: string,
      url: string,
      headers: Record<string, string>,
    ) => Promise<{ status: number; statusText: string; headers: Record<string, unknown>; body: string }>;
    translations: (lang: Lang) => Promise<Translations>;
    publicUrl: string;
    badgeScriptUrl: string;
  }): Promise<AppLoadContext>;
}

export async function registerWeb(app: FastifyInstance, build: ServerBuild): Promise<void> {
  const mode = app.config.env === 'production' ? 'production' : 'development';
  const handle = createRequestHandler(build, mode);
  const entry = build.entry.module as unknown as WebEntry;
  const translations = new Map<Lang, Translations>();
  const inject = async (method: string, url: string, headers: Record<string, string>) => {
    const res = await app.inject({ method: method as 'GET', url, headers });
    return { status: res.statusCode, statusText: res.statusMessage, headers: res.headers, body: res.body };
  };

  async function translationsOf(lang: Lang): Promise<Translations> {
    const cached = translations.get(lang);
    if (cached) return cached;
    const dir = path.join(localesDir, lang);
    const loaded: Translations = {};
    for (const file of (await fs.readdir(dir)).filter((f) => f.endsWith('.json')).sort()) {
      loaded[file.replace(/\.json$/, '')] = JSON.parse(await fs.readFile(path.join(dir, file), 'utf8'));
    }
    if (mode === 'production') translations.set(lang, loaded);
    return loaded;
  }

  await app.register(fastifyStatic, {
    root: path.join(webBuildDir, 'client'),
    prefix: '/',
    wildcard: false,
    decorateReply: false,
    setHeaders(reply, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      void reply.header(
        'cache-control',
        immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
    },
  });

  app.route({
    method: ['GET', 'HEAD'],
    url: pageRoute,
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
      const controller = new AbortController();
      reply.raw.on('close', () => controller.abort());
      const context = await entry.createLoadContext({
        url,
        cookie: request.headers.cookie ?? null,
        acceptLanguage: request.headers['accept-language'] ?? null,
        inject,
        translations: translationsOf,
        publicUrl: app.config.publicUrl,
        badgeScriptUrl: app.config.badgeScriptUrl,
      });
      const response = await handle(toFetchRequest(request, url, controller.signal), context);
      // The language comes from `lng`, the cookie, or else Accept-Language (common/languages.ts).
      void reply.header('vary', 'Accept-Language, Cookie, Accept-Encoding');
      if (response.status === 503) {
        // The database is down for a moment (web/lib/route-data.ts): ask to come back, keep nothing.
        void reply.header('retry-after', String(retryAfterSeconds)).header('cache-control', 'no-store');
      } else if (!response.headers.has('cache-control')) void reply.header('cache-control', 'no-cache');
      const cacheable =
        app.config.responseCacheSeconds > 0 &&
        request.method === 'GET' &&
        response.status === 200 &&
        (response.headers.get('content-type') ?? '').startsWith('text/html');
      if (!cacheable) return sendFetchResponse(reply, response);
      // A page is the same for every visitor of one language: render it whole, keep it a while.
      reply.cacheFor(app.config.responseCacheSeconds);
      return sendFetchResponse(reply, response, await response.text());
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
