// What visitors and operators see when the database stops answering (frozen, or a network that
// swallows everything) or is stopped, and when it comes back. The shared PostgreSQL is never
// touched: the portal talks to it through a TCP proxy that the test freezes, stops and restores.

import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { type Database, openDatabase } from '../../server/db/database.js';
import { FailureLog, isDatabaseUnavailable } from '../../server/db/failures.js';
import type { DB } from '../../server/db/schema.js';
import { prepareDatabase } from '../../server/start.js';
import { createTestApp, databaseKinds } from '../helpers/app.js';
import { xsrfPair } from '../helpers/http.js';
import { checkAnswers } from '../helpers/openapi.js';
import { outageKinds, outageLogMessages, startPortalProcess } from '../helpers/portal-process.js';
import { makeStaff, StaffBrowser } from '../helpers/staff.js';
import { type DatabaseBehindProxy, seededDatabaseBehindProxy, type TcpProxy } from '../helpers/tcp-proxy.js';

interface Answer {
  status: number;
  ms: number;
  retryAfter: string | undefined;
  body: { statusCode?: number; error?: string; message?: string };
}

const feedback = { name: 'Анна', email: 'anna@example.org', message: 'Где взять карту?' };

interface Call {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  payload?: string;
}

/** The calls a visitor's browser makes: content, a detail, the health check and both forms. */
function calls(xsrf: Record<string, string>): Call[] {
  const json = { 'content-type': 'application/json', ...xsrf };
  return [
    { method: 'GET', url: '/api/news/?limit=3' },
    { method: 'GET', url: '/api/attractions/1/' },
    { method: 'GET', url: '/api/health' },
    { method: 'POST', url: '/api/auth/feedback/', headers: json, payload: JSON.stringify(feedback) },
    {
      method: 'POST',
      url: '/api/auth/subscribe/',
      headers: json,
      payload: JSON.stringify({ email: 'outage@example.org' }),
    },
  ];
}

async function ask(app: FastifyInstance, call: Call): Promise<Answer> {
  const started = performance.now();
  const res = await app.inject({ ...call, remoteAddress: '203.0.113.9' });
  return {
    status: res.statusCode,
    ms: performance.now() - started,
    retryAfter: res.headers['retry-after'] as string | undefined,
    body: String(res.headers['content-type'] ?? '').includes('json') ? res.json() : {},
  };
}

async function until(ok: () => Promise<boolean>, ms: number): Promise<number> {
  const started = Date.now();
  while (!(await ok())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return Date.now() - started;
}

const newsList: Call = { method: 'GET', url: '/api/news/' };

describe.skipIf(!process.env.TEST_DATABASE_URL)('a PostgreSQL that stops answering, then returns', () => {
  let behind: DatabaseBehindProxy;
  let proxy: TcpProxy;
  let dataDir: string;

  beforeAll(async () => {
    behind = await seededDatabaseBehindProxy();
    ({ proxy, dataDir } = behind);
  });
  afterAll(() => behind?.close());

  describe('the API', () => {
    let database: Database;
    let app: FastifyInstance;

    beforeAll(async () => {
      const config = loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        DATABASE_URL: proxy.url,
        DATABASE_CONNECT_TIMEOUT_MS: '800',
        DATABASE_QUERY_TIMEOUT_MS: '1000',
        FEEDBACK_RATE_LIMIT: '1000',
        SUBSCRIBE_RATE_LIMIT: '1000',
      });
      database = await prepareDatabase(config);
      app = await buildApp({ config, database });
      await app.ready();
      checkAnswers(app);
    });
    afterAll(async () => {
      await proxy?.set('forward');
      await app?.close();
      await database?.close();
    });

    it.each([
      ['frozen (connections accepted, nothing answered)', 'blackhole'],
      ['stopped (connections cut and refused)', 'down'],
    ] as const)(
      'while it is %s, the API, the forms and /api/health answer 503 with Retry-After within 2 s; then they recover',
      async (_, mode) => {
        const xsrf = await xsrfPair(app);
        for (const call of calls(xsrf)) {
          const ok = await ask(app, call);
          expect(ok.status, `${call.url} before`).toBeLessThan(300);
        }

        await proxy.set(mode);
        for (const call of calls(xsrf)) {
          const answer = await ask(app, call);
          expect(answer.status, `${call.url}: ${JSON.stringify(answer.body)}`).toBe(503);
          expect(answer.retryAfter, call.url).toMatch(/^\d+$/);
          expect(answer.body).toMatchObject({ statusCode: 503, error: 'Service Unavailable' });
          expect(answer.body.message).toEqual(expect.any(String));
          expect(answer.ms, call.url).toBeLessThan(2000);
        }

        await proxy.set('forward');
        // The pool opens new connections by itself: no restart.
        const back = await until(async () => (await ask(app, newsList)).status === 200, 5000);
        for (const call of calls(xsrf)) {
          const answer = await ask(app, call);
          expect(answer.status, `${call.url} after ${back} ms: ${JSON.stringify(answer.body)}`).toBeLessThan(
            300,
          );
        }
      },
    );

    it('many requests at once while it is frozen all get their 503 in time (the pool does not jam)', async () => {
      await proxy.set('blackhole');
      try {
        const started = performance.now();
        const answers = await Promise.all(
          Array.from({ length: 30 }, (_, i) =>
            ask(app, { method: 'GET', url: `/api/news/?limit=${(i % 5) + 1}` }),
          ),
        );
        expect(answers.map((a) => a.status)).toEqual(answers.map(() => 503));
        // a pool of 10, each request waiting at most its connect (0.8 s) or query (1 s) timeout
        expect(performance.now() - started).toBeLessThan(4000);
      } finally {
        await proxy.set('forward');
      }
      await until(async () => (await ask(app, newsList)).status === 200, 5000);
    });
  });

  describe('with the default timeouts', () => {
    let database: Database;
    let app: FastifyInstance;
    let editor: StaffBrowser;
    /** A second way in, beside the proxy, to hold locks while the portal asks. */
    let direct: Kysely<DB>;
    let closeDirect: () => Promise<void>;

    beforeAll(async () => {
      // No DATABASE_*_TIMEOUT_MS: what an operator gets who sets none.
      const config = loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        DATABASE_URL: proxy.url,
        FEEDBACK_RATE_LIMIT: '1000',
      });
      database = await prepareDatabase(config);
      app = await buildApp({ config, database });
      await app.ready();
      await makeStaff(database.db, 'outage.editor@example.org', 'editor');
      editor = new StaffBrowser(app);
      expect((await editor.signIn('outage.editor@example.org')).status).toBe(200);
      const url = new URL(proxy.url);
      url.port = new URL(process.env.TEST_DATABASE_URL as string).port || '5432';
      const other = await openDatabase({ url: url.toString(), poolSize: 1 });
      direct = other.db;
      closeDirect = () => other.close();
    });
    afterAll(async () => {
      await proxy?.set('forward');
      await closeDirect?.();
      await app?.close();
      await database?.close();
    });

    it('a request gives up within 2 s while the database is frozen, alone or among many; then it recovers by itself', async () => {
      expect((await ask(app, newsList)).status).toBe(200);
      let alone: Answer;
      let many: Answer[];
      let health: Answer;
      await proxy.set('blackhole');
      try {
        // The pool's connections are open: the request waits for an answer to its query.
        alone = await ask(app, { method: 'GET', url: '/api/news/?limit=2' });
        expect(alone.status).toBe(503);
        expect(alone.ms).toBeLessThan(2200);
        // More requests than the pool has connections: some wait for a connection, some open one.
        many = await Promise.all(
          Array.from({ length: 25 }, (_, i) =>
            ask(app, { method: 'GET', url: `/api/attractions/?limit=${(i % 5) + 1}&offset=${i}` }),
          ),
        );
        expect(many.map((a) => a.status)).toEqual(many.map(() => 503));
        expect(Math.max(...many.map((a) => a.ms))).toBeLessThan(2200);
        health = await ask(app, { method: 'GET', url: '/api/health' });
        expect(health.status).toBe(503);
        expect(health.ms).toBeLessThan(2200);
      } finally {
        await proxy.set('forward');
      }
      const back = await until(async () => (await ask(app, newsList)).status === 200, 5000);
      console.log(
        `frozen database, default timeouts: one request 503 after ${Math.round(alone.ms)} ms, ` +
          `25 at once ${Math.round(Math.min(...many.map((a) => a.ms)))}-${Math.round(Math.max(...many.map((a) => a.ms)))} ms, ` +
          `health ${Math.round(health.ms)} ms; 200 again ${back} ms after it answered`,
      );
    });

    it('the background jobs and the exports keep their longer limits', async () => {
      await until(async () => (await ask(app, newsList)).status === 200, 5000);
      // A job (no request waiting): a statement of 2.5 s is let finish.
      const slow = await sql<{ ok: number }>`select 1 as ok from pg_sleep(2.5)`.execute(database.db);
      expect(slow.rows).toEqual([{ ok: 1 }]);

      // The same wait inside requests: a table locked for 2.5 s by another session.
      const locked = async (table: 'news' | 'subscribers', call: () => Promise<Answer>) => {
        const asked = await direct.transaction().execute(async (trx) => {
          await sql.raw(`lock table ${table} in access exclusive mode`).execute(trx);
          const answer = call();
          await new Promise((r) => setTimeout(r, 2500));
          return { answer };
        });
        return asked.answer;
      };
      const news = await locked('news', () => ask(app, { method: 'GET', url: '/api/news/?limit=4' }));
      expect(news.status).toBe(503);
      expect(news.ms).toBeLessThan(2200);
      const started = performance.now();
      const csv = await locked('subscribers', async () => {
        const answer = await editor.request('GET', '/api/admin/subscribers.csv');
        return { status: answer.status, ms: performance.now() - started, retryAfter: undefined, body: {} };
      });
      expect(csv.status).toBe(200);
      expect(csv.ms).toBeGreaterThan(2400);
    });
  });

  describe('the portal process', () => {
    it('refuses to start when it is frozen: one line naming the setting, exit 1, in seconds (it used to hang)', async () => {
      await proxy.set('blackhole');
      const started = Date.now();
      try {
        const error = await startPortalProcess({
          DATABASE_URL: proxy.url,
          DATABASE_CONNECT_TIMEOUT_MS: '1000',
          DATA_DIR: dataDir,
        }).catch((err: Error) => err);
        expect(error).toBeInstanceOf(Error);
        const output = (error as Error).message;
        expect(output).toMatch(
          /The portal could not start: DATABASE_URL: the database did not answer within 1000 ms \(DATABASE_CONNECT_TIMEOUT_MS\)\n$/,
        );
        expect(output).not.toMatch(/\n\s+at /);
        expect(Date.now() - started).toBeLessThan(20_000);
      } finally {
        await proxy.set('forward');
      }
    });

    it('the start names DATABASE_URL when the database is stopped', async () => {
      await proxy.set('down');
      try {
        const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: proxy.url });
        await expect(prepareDatabase(config)).rejects.toThrow(
          /^DATABASE_URL: the database does not answer: connect ECONNREFUSED/,
        );
      } finally {
        await proxy.set('forward');
      }
    });

    it('logs one line per kind of failure, without stack traces, however many requests fail', async () => {
      const portal = await startPortalProcess({
        DATABASE_URL: proxy.url,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
      });
      try {
        const before = portal.output().length;
        await proxy.set('down');
        const statuses = await Promise.all(
          Array.from({ length: 20 }, async (_, i) => {
            const res = await fetch(`${portal.base}/api/news/?limit=${i + 1}`);
            await res.arrayBuffer();
            return res.status;
          }),
        );
        for (let i = 0; i < 5; i++) await (await fetch(`${portal.base}/api/health`)).arrayBuffer();
        expect(statuses).toEqual(statuses.map(() => 503));
        await new Promise((r) => setTimeout(r, 300));
        const logged = portal.output().slice(before);
        const messages = outageLogMessages(logged);
        expect(messages.length, logged).toBeGreaterThan(0);
        expect(messages.length, logged).toBeLessThanOrEqual(outageKinds);
        expect(new Set(messages).size, logged).toBe(messages.length);
        expect(logged).toMatch(/database unavailable: connect ECONNREFUSED/);
        expect(logged).not.toMatch(/\\n\s+at |\n\s+at /);

        await proxy.set('forward');
        await until(async () => (await fetch(`${portal.base}/api/health`)).status === 200, 5000);
      } finally {
        await proxy.set('forward');
        portal.child.kill('SIGTERM');
        await portal.exited;
      }
    });
  });
});

describe.each(databaseKinds)('database errors on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    // The news table is read through a view whose function fails the way the test says.
    await sql`alter table news rename to news_stored`.execute(t.database.db);
    await sql`create function portal_test_failure() returns boolean language plpgsql as $$
      begin raise exception 'the database system is starting up' using errcode = '57P03'; end $$`.execute(
      t.database.db,
    );
    await sql`create view news as select * from news_stored where portal_test_failure()`.execute(
      t.database.db,
    );
  });
  afterAll(() => t?.close());

  it('an error of the "not now" kind (starting up, shutting down, no connection) is a 503 with Retry-After', async () => {
    const unavailable = await t.app.inject({ url: '/api/news/' });
    expect(unavailable.statusCode).toBe(503);
    expect(unavailable.headers['retry-after']).toMatch(/^\d+$/);
    expect(unavailable.json()).toMatchObject({ statusCode: 503, error: 'Service Unavailable' });
    const raised = await sql`select * from news`.execute(t.database.db).catch((err: unknown) => err);
    expect(isDatabaseUnavailable(raised)).toBe(true);
  });

  it('a bug in a query is not one: it stays a 500 (logged with its details)', async () => {
    await sql`create or replace function portal_test_failure() returns boolean language plpgsql as $$
      begin raise exception 'division by zero' using errcode = '22012'; end $$`.execute(t.database.db);
    const raised = await sql`select * from news`.execute(t.database.db).catch((err: unknown) => err);
    expect(raised).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(raised)).toBe(false);
    const bug = await t.app.inject({ url: '/api/news/' });
    expect(bug.statusCode).toBe(500);
    expect(bug.headers['retry-after']).toBeUndefined();
    expect(bug.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'Internal Server Error',
    });
  });
});

describe('the failure log', () => {
  it('writes the first failure of a kind at once, then one line per kind and minute with a count', () => {
    vi.useFakeTimers({ now: 0 });
    try {
      const lines: string[] = [];
      const log = new FailureLog((line) => lines.push(line), 60_000);
      const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
        code: 'ECONNREFUSED',
      });
      const timeout = new Error('timeout exceeded when trying to connect');
      for (let i = 0; i < 50; i++) log.note(refused);
      log.note(timeout);
      log.note(timeout);
      expect(lines).toEqual([
        'database unavailable: connect ECONNREFUSED 127.0.0.1:5432',
        'database unavailable: timeout exceeded when trying to connect',
      ]);
      vi.setSystemTime(61_000);
      log.note(refused);
      expect(lines[2]).toBe(
        'database unavailable: connect ECONNREFUSED 127.0.0.1:5432 (50 times in the last 61 s)',
      );
      log.note(refused);
      expect(lines).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
