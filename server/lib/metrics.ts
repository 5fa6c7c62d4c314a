import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's metrics (docs/operations.md, "Watching the portal"). */
    metrics: PortalMetrics;
  }
}

/**
 * A metric read from the database at scrape time (the mail queue, a newsletter's progress) is the
 * same number in every worker: the cluster's sum would count it once per worker, so it takes the
 * largest.
 */
const sameInEveryWorker = 'max' as const;

/** The longest a scrape waits for a number read from the database; then that number is left out. */
const databaseReadMs = 1000;

/** What the portal counts, in one registry per app (a test builds several apps in one process). */
export function createMetrics() {
  const registry = new Registry();
  const registers = [registry];
  return {
    registry,
    httpRequests: new Counter({
      name: 'portal_http_requests_total',
      help: 'Answered requests, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'] as const,
      registers,
    }),
    httpDuration: new Histogram({
      name: 'portal_http_request_duration_seconds',
      help: 'Time from the request to its answer, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    responseCache: new Counter({
      name: 'portal_response_cache_lookups_total',
      help: 'Lookups of the in-process response cache: hit (fresh), stale (served while one request renders anew), miss',
      labelNames: ['result'] as const,
      registers,
    }),
    dbPoolWait: new Histogram({
      name: 'portal_db_pool_wait_seconds',
      help: 'Time to get a database connection from the pool (PostgreSQL), including opening one',
      labelNames: ['pool'] as const,
      buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    }),
    dbTimeouts: new Counter({
      name: 'portal_db_timeouts_total',
      help: 'Waits for the database given up: for a connection (connect) or for a query (query)',
      labelNames: ['pool', 'kind'] as const,
      registers,
    }),
    mailFailures: new Counter({
      name: 'portal_mail_send_failures_total',
      help: 'Mails that could not be sent: retry (queued again) or given_up (kept with failed_at)',
      labelNames: ['outcome'] as const,
      registers,
    }),
    mailSent: new Counter({
      name: 'portal_mail_sent_total',
      help: 'Mails handed to the mail server (or written to the outbox)',
      registers,
    }),
    signInFailures: new Counter({
      name: 'portal_sign_in_failures_total',
      help: 'Staff sign-ins refused for a wrong address or password',
      registers,
    }),
    signInThrottled: new Counter({
      name: 'portal_sign_in_throttled_total',
      help: 'Staff sign-ins refused with 429 because of earlier failures, by what waits (address or account)',
      labelNames: ['which'] as const,
      registers,
    }),
  };
}

export type PortalMetrics = ReturnType<typeof createMetrics>;

/** The number the route is known by: its pattern (`/api/news/:id`), never the URL asked for. */
function routeOf(pattern: string | undefined): string {
  return pattern ?? 'unmatched';
}

/**
 * Decorates the app with its metrics and counts every answer. Register before any other hook:
 * the response cache's hits end the request in an onRequest hook, and are counted too.
 */
export function registerMetrics(app: FastifyInstance): void {
  const metrics = createMetrics();
  app.decorate('metrics', metrics);
  for (const { name, events } of app.database.pools ?? []) {
    events.waited = (seconds) => metrics.dbPoolWait.observe({ pool: name }, seconds);
    events.timedOut = (kind) => metrics.dbTimeouts.inc({ pool: name, kind });
  }
  // A callback hook: it runs for every answer, an async one would cost a promise each time.
  app.addHook('onResponse', (request, reply, done) => {
    const labels = {
      method: request.method,
      route: routeOf(request.routeOptions.url),
      status: String(reply.statusCode),
    };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
    done();
  });
  gaugesOfTheProcess(app, metrics);
}

/** Gauges read when scraped: the pools, the picture renders, the mail queue, the newsletters. */
function gaugesOfTheProcess(app: FastifyInstance, metrics: PortalMetrics): void {
  const registers = [metrics.registry];
  new Gauge({
    name: 'portal_db_pool_connections',
    help: 'Connections of the database pool (PostgreSQL): total, idle, and requests waiting for one',
    labelNames: ['pool', 'state'] as const,
    registers,
    collect() {
      for (const { name, pool } of app.database.pools ?? []) {
        this.set({ pool: name, state: 'total' }, pool.totalCount);
        this.set({ pool: name, state: 'idle' }, pool.idleCount);
        this.set({ pool: name, state: 'waiting' }, pool.waitingCount);
      }
    },
  });
  new Gauge({
    name: 'portal_picture_renders',
    help: 'Picture renders: waiting (requests queued for a render) and running',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const { waiting, running } = app.media.stats;
      this.set({ state: 'waiting' }, waiting);
      this.set({ state: 'running' }, running);
    },
  });
  new Counter({
    name: 'portal_pictures_rendered_total',
    help: 'Pictures rendered (for requests and ahead of them)',
    registers,
    collect() {
      this.reset();
      this.inc(app.media.stats.rendered);
    },
  });
  new Gauge({
    name: 'portal_mail_queue',
    help: 'Mails in the queue (mail_queue): waiting to be sent, and failed (given up on)',
    labelNames: ['state'] as const,
    aggregator: sameInEveryWorker,
    registers,
    async collect() {
      const counts = await fromDatabase(
        sql<{ waiting: number; failed: number }>`
          select count(*) filter (where sent_at is null and failed_at is null)::int as waiting,
                 count(*) filter (where failed_at is not null)::int as failed
          from mail_queue`.execute(app.db),
      );
      const row = counts?.rows[0];
      if (!row) return;
      this.set({ state: 'waiting' }, row.waiting);
      this.set({ state: 'failed' }, row.failed);
    },
  });
  new Gauge({
    name: 'portal_newsletter_deliveries',
    help: 'Deliveries of the newsletter issues being sent: sent, failed and waiting, by issue',
    labelNames: ['issue', 'state'] as const,
    aggregator: sameInEveryWorker,
    registers,
    async collect() {
      const counts = await fromDatabase(
        sql<{ issue: number; sent: number; failed: number; waiting: number }>`
          select d.issue_id as issue,
                 count(m.sent_at)::int as sent,
                 count(m.failed_at)::int as failed,
                 count(*) filter (where m.sent_at is null and m.failed_at is null)::int as waiting
          from newsletter_deliveries d
          join newsletter_issues i on i.id = d.issue_id
          left join mail_queue m on m.id = d.mail_id
          where i.status = 'sending'
          group by d.issue_id`.execute(app.db),
      );
      this.reset();
      for (const row of counts?.rows ?? []) {
        for (const state of ['sent', 'failed', 'waiting'] as const) {
          this.set({ issue: String(row.issue), state }, row[state]);
        }
      }
    },
  });
}

/** A database read for a scrape, or undefined when the database does not answer within a second. */
async function fromDatabase<T>(read: Promise<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), databaseReadMs);
  });
  try {
    return await Promise.race([read.catch(() => undefined), late]);
  } finally {
    clearTimeout(timer);
  }
}
