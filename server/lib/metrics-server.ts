import cluster from 'node:cluster';
import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { AggregatorRegistry, collectDefaultMetrics, type Registry } from 'prom-client';
import type { Config } from '../config.js';

// The metrics are served on a port of their own (METRICS_PORT), never on the site's: the proxy in
// front passes only the site's port, so no visitor can read them whatever its rules, and a scrape
// is not one of the visitors' requests (not in their metrics, logs or rate limits). With
// METRICS_TOKEN a scrape must also send it as a bearer token (required off loopback: config.ts).

export interface Scrape {
  contentType: string;
  body(): Promise<string>;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** Whether the Authorization header carries the token (compared in constant time). */
function authorized(header: string | undefined, token: string | undefined): boolean {
  if (!token) return true;
  const given = /^Bearer (\S+)$/i.exec(header ?? '')?.[1];
  return given !== undefined && timingSafeEqual(sha256(given), sha256(token));
}

function answer(
  res: http.ServerResponse,
  status: number,
  body: object,
  headers: http.OutgoingHttpHeaders = {},
) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}

/** Serves GET /metrics on METRICS_HOST:METRICS_PORT; resolves once it listens, to its close. */
export async function serveMetrics(config: Config, scrape: Scrape): Promise<() => Promise<void>> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics') {
      return answer(res, 404, {
        statusCode: 404,
        error: 'Not Found',
        code: 'not_found',
        message: 'GET /metrics',
      });
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return answer(
        res,
        405,
        { statusCode: 405, error: 'Method Not Allowed', code: 'method_not_allowed', message: 'GET /metrics' },
        { allow: 'GET, HEAD' },
      );
    }
    if (!authorized(req.headers.authorization, config.metricsToken)) {
      return answer(
        res,
        401,
        {
          statusCode: 401,
          error: 'Unauthorized',
          code: 'metrics_token',
          message: 'send METRICS_TOKEN as Authorization: Bearer <token>',
        },
        { 'www-authenticate': 'Bearer' },
      );
    }
    scrape.body().then(
      (body) => {
        res.writeHead(200, { 'content-type': scrape.contentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : body);
      },
      (err: Error) =>
        answer(res, 503, {
          statusCode: 503,
          error: 'Service Unavailable',
          code: 'metrics_unavailable',
          message: `the metrics could not be gathered: ${err.message}`,
        }),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.metricsPort, config.metricsHost, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
}

/**
 * A cluster's worker answers the primary's scrapes from now on (with nothing until its app is
 * built): a worker that does not answer would make every scrape wait for prom-client's 5 s and fail.
 */
export function answerPrimaryScrapes(): void {
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([]);
}

/**
 * Exposes one server process's metrics when METRICS_PORT is set: a process alone serves them
 * itself; a cluster's worker hands them to the primary, which serves the sum of all workers'.
 * Resolves to what closes them.
 */
export async function exposeMetrics(app: FastifyInstance, config: Config): Promise<() => Promise<void>> {
  if (!config.metricsPort) return async () => {};
  const registry: Registry = app.metrics.registry;
  // the process's own: CPU, memory, event loop delay, garbage collection, open handles
  collectDefaultMetrics({ register: registry, prefix: 'portal_' });
  if (cluster.isWorker) {
    answerPrimaryScrapes();
    AggregatorRegistry.setRegistries([registry]);
    return async () => {};
  }
  return serveMetrics(config, { contentType: registry.contentType, body: () => registry.metrics() });
}

/** In a cluster's primary: serves the sum of every worker's metrics (prom-client's aggregation). */
export function serveClusterMetrics(config: Config): Promise<() => Promise<void>> {
  const aggregator = new AggregatorRegistry();
  return serveMetrics(config, {
    contentType: aggregator.contentType,
    body: () => aggregator.clusterMetrics(),
  });
}
