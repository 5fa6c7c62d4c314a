// Liveness and readiness (server/modules/health): /api/health/live answers at once whatever the
// dependencies do; /api/health/ready says 503 and which dependency failed while the database (or
// Redis) does not answer, while the process starts or drains, and 200 again by itself.

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { openDatabase } from '../../server/db/database.js';
import { markDraining } from '../../server/modules/health/readiness.js';
import { createTestApp, seededDatabase, type TestApp } from '../helpers/app.js';
import { checkAnswers } from '../helpers/openapi.js';
import {
  type DatabaseBehindProxy,
  seededDatabaseBehindProxy,
  startTcpProxy,
  type TcpProxy,
} from '../helpers/tcp-proxy.js';

async function ask(app: FastifyInstance, url: string) {
  const started = performance.now();
  const r = await app.inject(url);
  return { status: r.statusCode, body: r.json(), ms: performance.now() - started };
}

/** Asks until the answer has `status` (a dependency that came back is noticed on the next asks). */
async function until(app: FastifyInstance, url: string, status: number, ms = 15_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const r = await ask(app, url);
    if (r.status === status || Date.now() > deadline) return r;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('liveness and readiness on the embedded database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t?.close());

  it('is alive and ready, then not ready while it drains (still alive)', async () => {
    expect(await ask(t.app, '/api/health/live')).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(await ask(t.app, '/api/health/ready')).toMatchObject({
      status: 200,
      body: { status: 'ready', state: 'serving', database: 'ok', redis: 'not configured', failed: [] },
    });
    // the former check keeps its answer
    expect(await ask(t.app, '/api/health')).toMatchObject({
      status: 200,
      body: { status: 'ok', database: 'pglite' },
    });
    markDraining(t.app);
    expect(await ask(t.app, '/api/health/ready')).toMatchObject({
      status: 503,
      body: { code: 'not_ready', status: 'not ready', state: 'draining', failed: ['draining'] },
    });
    expect((await ask(t.app, '/api/health/live')).status).toBe(200);
  });

  it('is starting until the app is ready', async () => {
    const { database, drop } = await seededDatabase('pglite');
    const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), database });
    try {
      expect(app.lifecycle.state).toBe('starting');
      await app.ready();
      expect(app.lifecycle.state).toBe('serving');
    } finally {
      await app.close();
      await drop();
    }
  });
});

const describePostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;
const redisUrl = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');

describePostgres('readiness while PostgreSQL or Redis fails', () => {
  let behind: DatabaseBehindProxy;
  let redisProxy: TcpProxy;
  let app: FastifyInstance;
  let closeDatabase = async () => {};
  beforeAll(async () => {
    behind = await seededDatabaseBehindProxy();
    // The proxy passes any TCP stream: here, Redis's.
    redisProxy = await startTcpProxy(`postgres://${redisUrl.hostname}:${redisUrl.port || 6379}/`);
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: behind.dataDir,
      DATABASE_URL: behind.proxy.url,
      DATABASE_CONNECT_TIMEOUT_MS: '3000',
      DATABASE_QUERY_TIMEOUT_MS: '3000',
      REDIS_URL: `redis://127.0.0.1:${redisProxy.port}`,
    });
    const database = await openDatabase({
      url: config.databaseUrl,
      poolSize: 4,
      connectTimeoutMs: config.databaseConnectTimeoutMs,
      queryTimeoutMs: config.databaseQueryTimeoutMs,
      requestTimeoutMs: config.databaseRequestTimeoutMs,
    });
    closeDatabase = () => database.close();
    app = await buildApp({ config, database });
    await app.ready();
    checkAnswers(app);
  });
  afterAll(async () => {
    await app?.close();
    await closeDatabase();
    await redisProxy?.close();
    await behind?.close();
  });

  it('names the database while it hangs, answers within 2 s, and is ready again once it answers', async () => {
    expect((await until(app, '/api/health/ready', 200)).body).toMatchObject({ database: 'ok', redis: 'ok' });
    await behind.proxy.set('blackhole');
    const hung = await ask(app, '/api/health/ready');
    expect(hung).toMatchObject({
      status: 503,
      body: { code: 'not_ready', database: 'failed', failed: ['database'] },
    });
    expect(hung.ms).toBeLessThan(2000);
    const live = await ask(app, '/api/health/live');
    expect(live.status).toBe(200);
    expect(live.ms).toBeLessThan(200);
    // the waits given up are counted, by pool and kind
    const timeouts = async () => {
      const text = await app.metrics.registry.metrics();
      return [
        ...text.matchAll(/^portal_db_timeouts_total\{pool="primary",kind="(connect|query)"\} (\d+)$/gm),
      ];
    };
    const deadline = Date.now() + 10_000;
    while (!(await timeouts()).length && Date.now() < deadline) await ask(app, '/api/health/ready');
    expect((await timeouts()).length).toBeGreaterThan(0);
    expect(await app.metrics.registry.metrics()).toMatch(
      /^portal_db_pool_connections\{pool="primary",state="total"\} \d+$/m,
    );
    await behind.proxy.set('forward');
    expect((await until(app, '/api/health/ready', 200)).body).toMatchObject({ status: 'ready', failed: [] });
  });

  it('names Redis while it is down, and is ready again once it is back', async () => {
    await redisProxy.set('down');
    const down = await until(app, '/api/health/ready', 503);
    expect(down).toMatchObject({ status: 503, body: { redis: 'failed', database: 'ok', failed: ['redis'] } });
    expect(down.ms).toBeLessThan(2000);
    await redisProxy.set('forward');
    expect((await until(app, '/api/health/ready', 200)).body).toMatchObject({ redis: 'ok', failed: [] });
  });
});
