import path from 'node:path';
import compress from '@fastify/compress';
import etag from '@fastify/etag';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { ServerBuild } from 'react-router';
import type { Lang } from '../common/languages.js';
import { registerAdminWeb } from './admin-web.js';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { RequestWait, runWithin } from './db/request-wait.js';
import type { DB } from './db/schema.js';
import { AccessLog } from './lib/access-log.js';
import { registerContentChanges } from './lib/content-changes.js';
import { createDictionary } from './lib/dictionary.js';
import { HttpError, registerErrorHandler } from './lib/errors.js';
import { type LocaleFiles, localeFiles } from './lib/locale-files.js';
import { logDestination } from './lib/log-destination.js';
import { registerMail } from './lib/mail.js';
import { maskUrl } from './lib/mask.js';
import { registerMetrics } from './lib/metrics.js';
import { registerNotFound } from './lib/not-found.js';
import { openapiOptions } from './lib/openapi.js';
import { emptyRouteReads } from './lib/page-reads.js';
import { registerRedis } from './lib/redis.js';
import { requestIdHeader, requestIdOf } from './lib/request-id.js';
import { langOfAcceptLanguage } from './lib/request-lang.js';
import { isValidHost } from './lib/request-url.js';
import { registerResponseCache } from './lib/response-cache.js';
import { type KeyRing, loadKeyRing } from './lib/secret-box.js';
import { trustOf } from './lib/trust-proxy.js';
import { sharedSchemas, validationOptions } from './lib/validation.js';
import { registerXsrf } from './lib/xsrf.js';
import { resealTotpSecrets } from './modules/admin/auth/totp.js';
import { adminRoutes } from './modules/admin/index.js';
import { registerLifecycle } from './modules/health/readiness.js';
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
    /** The UI strings: the locales route serves them, the pages render with them. */
    localeFiles: LocaleFiles;
    /** Pictures: renders them off the request path; `pictureAdded` when a picture is stored. */
    media: MediaPipeline;
    /** SECRET_KEY's key ring: seals what the database must not hold in the clear. */
    secrets: KeyRing;
  }
  interface FastifyRequest {
    lang: Lang;
    /** The request's wait for the database (none for a route that waits as long as the jobs). */
    databaseWait: RequestWait | null;
  }
  interface FastifyContextConfig {
    /**
     * 'job': the route waits for the database as long as the background jobs do, not a visitor's
     * request's time (an export of many rows, which staff start and wait for).
     */
    databaseWait?: 'job';
  }
}

export interface AppOptions {
  config: Config;
  database: Database;
  /** The server build of the web app; without it the server answers the API only. */
  web?: ServerBuild | null;
  /** The folder of the back office's browser build (server/admin-web.ts); without it /admin is a 404. */
  admin?: string | null;
  /** Where the log lines go instead of standard output (a test reads them). */
  logStream?: { write(line: string): void };
}

/** Builds the whole server without listening: tests drive it with `app.inject`. */
export async function buildApp({
  config,
  database,
  web,
  admin,
  logStream,
}: AppOptions): Promise<FastifyInstance> {
  const trust = trustOf(config.trustProxy);
  const app = Fastify({
    logger: {
      level: config.logLevel,
      stream: logStream ?? logDestination(config.logLevel),
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
    ...validationOptions({ compileOnFirstUse: config.env === 'production' }),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    bodyLimit: 64 * 1024,
    logController: new AccessLog(),
    // A closing server (SIGTERM) answers a request that comes on a connection kept alive, and
    // closes that connection after it (registerGracefulClose), instead of Fastify's 503: a proxy
    // would pass that 503 on (a POST) or count it against a server that is only restarting.
    return503OnClosing: false,
    // Every log line of a request carries its id (`reqId`): the proxy's X-Request-Id when well
    // formed, else a new one (server/lib/request-id.ts); the answer carries it back.
    requestIdHeader: false,
    genReqId: requestIdOf,
    trustProxy: trust,
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('readDb', database.readDb);
  app.decorate('dictionary', createDictionary(database.readDb));
  app.decorate('routeReads', emptyRouteReads());
  app.decorate('localeFiles', localeFiles(config.env === 'production'));
  app.decorate(
    'media',
    createMediaPipeline(database.readDb, {
      cacheDir: path.join(config.dataDir, 'media-cache'),
      concurrency: config.mediaRenderConcurrency,
      avifEffort: config.mediaAvifEffort,
      log: app.log,
    }),
  );
  app.addHook('onClose', () => app.media.close());
  app.decorate('secrets', await loadKeyRing(config, (message) => app.log.warn(message)));
  // Every start seals what is still in the clear or under a previous key (a few rows; each
  // process may do it, a row is rewritten only if nobody did meanwhile).
  app.addHook('onReady', async () => {
    await resealTotpSecrets(database.db, app.secrets, app.log);
  });
  app.decorateRequest('lang', 'ru');
  database.failures.writeTo((line) => app.log.warn(line));
  // First of all, so that every answer has it, a 400 for its Host and a cached answer too (set on
  // the raw response: a cached answer is written there directly).
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.setHeader(requestIdHeader, request.id);
    done();
  });
  registerMetrics(app);
  // Then: a Host that no URL can be built on (`x:abc`, `[::1`) is the client's mistake.
  app.addHook('onRequest', (request, _reply, done) => {
    if (isValidHost(request.host)) return done();
    done(new HttpError(400, 'the Host header is not a valid host name and port'));
  });
  // A callback hook: it runs for every request, an async one would cost a promise each time.
  app.addHook('onRequest', (request, _reply, done) => {
    request.lang = langOfAcceptLanguage(request.headers['accept-language']);
    done();
  });
  registerContentChanges(app);
  app.contentChanges.onChange(() => app.dictionary.invalidate());
  // First after the language: a cached answer goes out before any other hook runs (a hit reads
  // no database, so it needs no deadline for it either).
  registerResponseCache(app, {
    seconds: config.responseCacheSeconds,
    megabytes: config.responseCacheMegabytes,
  });
  // Before any hook that reads the database (sessions, rate limits): the whole request, hooks
  // included, waits for it at most DATABASE_REQUEST_TIMEOUT_MS in all (PostgreSQL: PGlite runs in
  // the process and cannot hang).
  app.decorateRequest('databaseWait', null);
  const requestTimeoutMs = database.requestTimeoutMs;
  if (requestTimeoutMs) {
    app.addHook('onRequest', (request, _reply, done) => {
      if (request.routeOptions.config.databaseWait === 'job') return done();
      request.databaseWait = new RequestWait(requestTimeoutMs);
      runWithin(request.databaseWait, done);
    });
    app.addHook('onResponse', (request, _reply, done) => {
      if (request.databaseWait) request.databaseWait.answered = true;
      done();
    });
  }

  registerErrorHandler(app);
  // Before compression: the CSP nonce is written into the HTML before it is compressed.
  await registerSecurity(app);
  await registerXsrf(app);
  await registerRedis(app);
  await registerRateLimit(app);
  registerMail(app);
  registerGracefulClose(app);
  rejectNonFiniteNumbers(app);
  // gzip at level 4, not zlib's 6: a 7 KB list answer compressed 2.3 times faster (0.55 against
  // 1.29 ms on this 2-core machine under load) for 2% more bytes; brotli stays at @fastify/compress's 4.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip', 'deflate'],
    zlibOptions: { level: 4 },
  });
  await app.register(etag);
  // The schemas the routes' schemas refer to by `$id`: compiled once, described once.
  for (const schema of sharedSchemas) app.addSchema(schema);
  await app.register(swagger, openapiOptions(config.publicUrl));
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(apiRoutes, { prefix: '/api' });
  await app.register(adminRoutes, { prefix: '/api/admin' });
  await app.register(localesRoutes);
  await app.register(mediaRoutes);
  await app.register(seoRoutes, { publicUrl: config.publicUrl });
  await app.register(unsubscribeLinkRoutes);
  // The back office's page before the public pages: /admin is never one of theirs.
  if (admin) await registerAdminWeb(app, admin);
  if (web) await registerWeb(app, web);

  registerNotFound(app);
  registerLifecycle(app);
  return app;
}
