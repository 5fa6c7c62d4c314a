// The metrics (server/lib/metrics.ts, server/lib/metrics-server.ts): what the portal counts moves
// with the requests, labelled by route pattern (never the URL asked for) and status; the scrape
// port refuses a scrape without METRICS_TOKEN; and with WORKERS=2 one scrape sums both workers.

import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecondApp, createTestApp, freshDatabase, type TestApp } from '../helpers/app.js';
import { freePort, startPortalProcess } from '../helpers/portal-process.js';
import { StaffBrowser } from '../helpers/staff.js';

/** The value of one sample of a Prometheus text exposition, or undefined when it is not there. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const found = Object.fromEntries(
      [...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(m[3]);
  }
  return undefined;
}

const token = 'scrape-token-0123456789abcdef';

describe('metrics in one process', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { RESPONSE_CACHE_SECONDS: '30' });
  });
  afterAll(() => t?.close());

  it('counts requests by route pattern and status, with their latency, and the cache', async () => {
    const before = await t.app.metrics.registry.metrics();
    const news = (await t.app.inject('/api/news/?limit=2')).json() as { results: { id: number | string }[] };
    const slug = String(news.results[0]?.id ?? '');
    expect(slug).toBeTruthy();
    for (let i = 0; i < 3; i++) expect((await t.app.inject(`/api/news/${slug}/`)).statusCode).toBe(200);
    expect((await t.app.inject('/api/news/987654321/')).statusCode).toBe(404);
    expect((await t.app.inject('/api/no/such/route?secret=1')).statusCode).toBe(404);
    const after = await t.app.metrics.registry.metrics();

    const detail = { method: 'GET', route: '/api/news/:id/', status: '200' };
    const moved = (name: string, labels: Record<string, string>) =>
      (sample(after, name, labels) ?? 0) - (sample(before, name, labels) ?? 0);
    expect(moved('portal_http_requests_total', detail)).toBe(3);
    expect(moved('portal_http_requests_total', { ...detail, status: '404' })).toBe(1);
    expect(moved('portal_http_request_duration_seconds_count', detail)).toBe(3);
    expect(moved('portal_http_request_duration_seconds_bucket', { ...detail, le: '+Inf' })).toBe(3);
    expect(moved('portal_http_requests_total', { route: 'unmatched', status: '404' })).toBe(1);
    // the URLs asked for are in no label
    expect(after).not.toContain(`/api/news/${slug}`);
    expect(after).not.toContain('987654321');
    expect(after).not.toContain('secret');
    // the first detail was rendered (a miss), the next two came from the cache
    expect(moved('portal_response_cache_lookups_total', { result: 'miss' })).toBeGreaterThanOrEqual(2);
    expect(moved('portal_response_cache_lookups_total', { result: 'hit' })).toBeGreaterThanOrEqual(2);
  });

  it('counts failed staff sign-ins, reads the mail queue and the picture renders', async () => {
    const browser = new StaffBrowser(t.app);
    const before = await t.app.metrics.registry.metrics();
    for (let i = 0; i < 2; i++) {
      expect((await browser.signIn('nobody@example.org', `wrong ${i}`)).status).toBe(401);
    }
    const after = await t.app.metrics.registry.metrics();
    expect(
      (sample(after, 'portal_sign_in_failures_total') ?? 0) -
        (sample(before, 'portal_sign_in_failures_total') ?? 0),
    ).toBe(2);
    expect(sample(after, 'portal_picture_renders', { state: 'waiting' })).toBe(0);
  });

  it('counts the mails sent and the failed attempts, and reads the queue', async () => {
    const mail = { to: 'reader@example.org', subject: 'Проверка', text: 'Текст' };
    // a second process of the portal on the same database whose mail server refuses connections
    const refusing = await createSecondApp(t, { SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      const before = await t.app.metrics.registry.metrics();
      await t.app.mail.processDue();
      await refusing.mail.enqueue(t.app.db, 'test', mail);
      await refusing.mail.processDue();
      const queued = await t.app.metrics.registry.metrics();
      expect(sample(queued, 'portal_mail_queue', { state: 'waiting' })).toBe(
        (sample(before, 'portal_mail_queue', { state: 'waiting' }) ?? 0) + 1,
      );
      expect(
        sample(await refusing.metrics.registry.metrics(), 'portal_mail_send_failures_total', {
          outcome: 'retry',
        }),
      ).toBe(1);
      // the retry is due at once for this test; the working process sends it
      await t.app.db
        .updateTable('mail_queue')
        .set({ next_attempt_at: new Date(0) })
        .where('sent_at', 'is', null)
        .execute();
      await t.app.mail.processDue();
      const after = await t.app.metrics.registry.metrics();
      expect(
        (sample(after, 'portal_mail_sent_total') ?? 0) - (sample(before, 'portal_mail_sent_total') ?? 0),
      ).toBe(1);
      expect(sample(after, 'portal_mail_queue', { state: 'waiting' })).toBe(0);
    } finally {
      await refusing.close();
    }
  });
});

const describePostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

/** A GET on a new connection (a new visitor's: cluster's workers take turns per connection). */
function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    http
      .get(url, { agent: false, headers }, (r) => {
        let body = '';
        r.setEncoding('utf8');
        r.on('data', (c: string) => {
          body += c;
        });
        r.on('end', () => resolve({ status: r.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

describe('the metrics port', () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c().catch(() => {});
  });

  it('serves the metrics of a portal process only with the token', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-metrics-'));
    cleanup.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    const metricsPort = await freePort();
    const portal = await startPortalProcess({
      DATA_DIR: dataDir,
      SEED_ON_START: 'false',
      METRICS_PORT: String(metricsPort),
      METRICS_TOKEN: token,
    });
    cleanup.push(async () => portal.child.kill('SIGKILL'));
    const scrape = `http://127.0.0.1:${metricsPort}/metrics`;

    for (let i = 0; i < 5; i++) expect((await get(`${portal.base}/api/health/live`)).status).toBe(200);
    const refused = await get(scrape);
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.body)).toMatchObject({ code: 'metrics_token' });
    expect((await get(scrape, { authorization: 'Bearer not-the-token-at-all' })).status).toBe(401);
    // not on the site's port
    expect((await get(`${portal.base}/metrics`, { authorization: `Bearer ${token}` })).status).toBe(404);

    const text = (await get(scrape, { authorization: `Bearer ${token}` })).body;
    const live = { method: 'GET', route: '/api/health/live', status: '200' };
    expect(sample(text, 'portal_http_requests_total', live)).toBe(5);
    expect(sample(text, 'portal_http_request_duration_seconds_count', live)).toBe(5);
    // the process's own, from prom-client
    expect(sample(text, 'portal_process_resident_memory_bytes')).toBeGreaterThan(0);
    portal.child.kill('SIGTERM');
    expect(await portal.closed).toBe(0);
  }, 120_000);

  describePostgres('WORKERS=2', () => {
    it('sums the requests of both workers in one scrape', async () => {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-metrics-'));
      cleanup.push(() => fs.rm(dataDir, { recursive: true, force: true }));
      const fresh = await freshDatabase('postgres');
      cleanup.push(() => fresh.drop());
      const metricsPort = await freePort();
      const portal = await startPortalProcess({
        DATA_DIR: dataDir,
        DATABASE_URL: fresh.url as string,
        WORKERS: '2',
        METRICS_PORT: String(metricsPort),
        METRICS_TOKEN: token,
      });
      cleanup.push(async () => portal.child.kill('SIGKILL'));
      const deadline = Date.now() + 60_000;
      while ((portal.output().match(/portal ready on [^"]*worker \d+/g) ?? []).length < 2) {
        if (Date.now() > deadline) throw new Error(`two workers did not start:\n${portal.output()}`);
        await new Promise((r) => setTimeout(r, 50));
      }

      // Both workers must answer some: the primary hands each new connection to a worker that is
      // free, so on a loaded machine one burst can all go to one. Bursts of 20 until each worker
      // logged one (each logs its own pid; a log line is written by the log's own thread, so it
      // may come a moment after the answer).
      const pids = () =>
        new Set(
          portal
            .output()
            .split('\n')
            .filter((l) => l.includes('"msg":"request"') && l.includes('/api/health/live'))
            .map((l) => /"pid":(\d+)/.exec(l)?.[1]),
        ).size;
      let requests = 0;
      const until = Date.now() + 30_000;
      while (pids() < 2 && Date.now() < until) {
        await Promise.all(
          Array.from({ length: 20 }, async () => {
            expect((await get(`${portal.base}/api/health/live`)).status).toBe(200);
          }),
        );
        requests += 20;
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(pids()).toBe(2);

      const scrape = `http://127.0.0.1:${metricsPort}/metrics`;
      expect((await get(scrape)).status).toBe(401);
      const text = (await get(scrape, { authorization: `Bearer ${token}` })).body;
      const live = { method: 'GET', route: '/api/health/live', status: '200' };
      expect(sample(text, 'portal_http_requests_total', live), text).toBe(requests);
      expect(sample(text, 'portal_http_request_duration_seconds_count', live)).toBe(requests);
      portal.child.kill('SIGTERM');
      expect(await portal.closed).toBe(0);
    }, 120_000);
  });
});
