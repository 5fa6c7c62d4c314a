import path from 'node:path';
import compress from '@fastify/compress';
import etag from '@fastify/etag';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { ServerBuild } from 'react-router';
import { defaultLang, type Lang, langFromAcceptLanguage } from '../common/languages.js';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import type { DB } from './db/schema.js';
import { createDictionary } from './lib/dictionary.js';
import { HttpError, registerErrorHandler } from './lib/errors.js';
import { registerMail } from './lib/mail.js';
import { maskUrl } from './lib/mask.js';
import { registerNotFound } from './lib/not-found.js';
import { openapiOptions } from './lib/openapi.js';
import { isValidHost } from './lib/request-url.js';
import { registerResponseCache } from './lib/response-cache.js';
import { validationOptions } from './lib/validation.js';
import { registerXsrf } from './lib/xsrf.js';
import { apiRoutes } from './modules/index.js';
import { localesRoutes } from './modules/locales/routes.js';
import { createMediaPipeline, type MediaPipeline } from './modules/media/pipeline.js';
import { mediaRoutes } from './modules/media/routes.js';
import { seoRoutes } from './modules/seo/routes.js';
import { unsubscribeLinkRoutes } from './modules/visitors/routes.js';
import {
  registerGracefulClose,
  registerRateLimit,
  registerSecurity,
  rejectNonFiniteNumbers,
} from './modules/visitors/security.js';
import { registerWeb } from './web.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** The primary: the visitor forms and the mail queue write here. */
    db: Kysely<DB>;
    /** Where the content is read from: the read replica when configured, else `db`. */
    readDb: Kysely<DB>;
    database: Database;
    dictionary: ReturnType<typeof createDictionary>;
    /** Pictures: renders them off the request path; `pictureAdded` when a picture is stored. */
    media: MediaPipeline;
  }
  interface FastifyRequest {
    lang: Lang;
  }
}

/** Log levels at which the access log writes nothing (but errors). */
const quietLevels = new Set(['warn', 'error', 'fatal', 'silent']);

/** One access-log line per answer, when it is complete, instead of Fastify's two (incoming, completed). */
class AccessLog extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    if (!error && quietLevels.has(request.log.level)) return;
    const line = {
      method: request.method,
      url: maskUrl(request.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      ip: request.ip,
    };
    if (error) request.log.error({ ...line, err: error }, 'request errored');
    else request.log.info(line, 'request');
  }
}

export interface AppOptions {
  config: Config;
  database: Database;
  /** The server build of the web app; without it the server answers the API only. */
  web?: ServerBuild | null;
}

/** Builds the whole server without listening: tests drive it with `app.inject`. */
export async function buildApp({ config, database, web }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Only these fields of a request are logged: never its headers (cookies, authorization).
      serializers: {
        req: (request: FastifyRequest) => ({
          method: request.method,
          url: maskUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
        }),
      },
    },
    ...validationOptions(),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    bodyLimit: 64 * 1024,
    logController: new AccessLog(),
    // A hop count is allowed at run time, though the types only name booleans and addresses.
    trustProxy: config.trustProxy as boolean | string,
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('readDb', database.readDb);
  app.decorate('dictionary', createDictionary(database.readDb));
  app.decorate(
    'media',
    createMediaPipeline(database.readDb, {
      cacheDir: path.join(config.dataDir, 'media-cache'),
      concurrency: config.mediaRenderConcurrency,
      log: app.log,
    }),
  );
  app.addHook('onClose', () => app.media.close());
  app.decorateRequest('lang', 'ru');
  database.failures.writeTo((line) => app.log.warn(line));
  // First of all: a Host that no URL can be built on (`x:abc`, `[::1`) is the client's mistake.
  app.addHook('onRequest', (request, _reply, done) => {
    if (isValidHost(request.host)) return done();
    done(new HttpError(400, 'the Host header is not a valid host name and port'));
  });
  // A callback hook: it runs for every request, an async one would cost a promise each time.
  const langOf = new LRUCache<string, Lang>({ max: 256 });
  app.addHook('onRequest', (request, _reply, done) => {
    const header = request.headers['accept-language'];
    let lang = header ? langOf.get(header) : defaultLang;
    if (lang === undefined) {
      lang = langFromAcceptLanguage(header);
      langOf.set(header as string, lang);
    }
    request.lang = lang;
    done();
  });
  // First after the language: a cached answer goes out before any other hook runs.
  registerResponseCache(app, {
    seconds: config.responseCacheSeconds,
    megabytes: config.responseCacheMegabytes,
  });

  registerErrorHandler(app);
  // Before compression: the CSP nonce is written into the HTML before it is compressed.
  await registerSecurity(app);
  await registerXsrf(app);
  await registerRateLimit(app);
  registerMail(app);
  registerGracefulClose(app);
  rejectNonFiniteNumbers(app);
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
  await app.register(etag);
  await app.register(swagger, openapiOptions(config.publicUrl));
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(apiRoutes, { prefix: '/api' });
  await app.register(localesRoutes);
  await app.register(mediaRoutes);
  await app.register(seoRoutes, { publicUrl: config.publicUrl });
  await app.register(unsubscribeLinkRoutes);
  if (web) await registerWeb(app, web);

  registerNotFound(app);
  return app;
}
