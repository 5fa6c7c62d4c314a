import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineScriptHashes, pickEncoding, sharedMaxAge } from '../../server/lib/response-cache.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { startPortalProcess } from '../helpers/portal-process.js';

// The in-process response cache (server/lib/response-cache.ts). Pages are checked end to end in
// tests/e2e/ssr.test.ts (the production server keeps them); here the content API on PGlite.

const detail = '/api/attractions/1/';
// How long the cache keeps an answer here: long enough for a request, an UPDATE and a second request
// on a loaded machine (1 s was not, once); each wait for an answer to expire waits that and 100 ms.
const keepSeconds = 2;
const expire = () => new Promise((resolve) => setTimeout(resolve, keepSeconds * 1000 + 100));

describe('the response cache', () => {
  let t: TestApp;
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
  const rename = (ru: string) =>
    sql`update places set name = jsonb_set(name::jsonb, '{ru}', to_jsonb(${ru}::text)) where section = 'attractions' and id = 1`.execute(
      t.database.db,
    );

  beforeAll(async () => {
    t = await createTestApp('pglite', { RESPONSE_CACHE_SECONDS: String(keepSeconds) });
  });
  afterAll(() => t?.close());

  it('answers a content GET again from memory until its time is up, then from the database', async () => {
    const first = await get(detail);
    expect(first.statusCode).toBe(200);
    const name = first.json().name as string;
    await rename('Переименовано в базе');
    const second = await get(detail);
    expect(second.json().name).toBe(name);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['cache-control']).toBe(first.headers['cache-control']);
    await expire();
    expect((await get(detail)).json().name).toBe('Переименовано в базе');
    await rename(name);
  });

  it('past its time, one request renders the answer anew while the others get the stale one at once', async () => {
    const url = '/api/attractions/1/?fields=stale';
    const name = (await get(url)).json().name as string;
    await rename('Уже обновлено');
    await expire();
    const [renewing, meanwhile] = await Promise.all([get(url), get(url)]);
    expect(renewing.json().name).toBe('Уже обновлено');
    expect(meanwhile.json().name).toBe(name);
    expect((await get(url)).json().name).toBe('Уже обновлено');
    await rename(name);
  });

  it('a burst of requests for an answer not yet kept gets one answer, the same for all', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => get('/api/routes/?limit=3&burst=1')));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((a) => a.headers.etag)).size).toBe(1);
  });

  it('keeps each language apart and compresses as asked; the same bytes whatever the encoding', async () => {
    await expire();
    const url = '/api/attractions/?limit=9';
    const ru = await get(url, { 'accept-language': 'ru' });
    const en = await get(url, { 'accept-language': 'en' });
    const ruAgain = await get(url, { 'accept-language': 'ru', 'accept-encoding': 'gzip' });
    const enAgain = await get(url, { 'accept-language': 'en', 'accept-encoding': 'br, gzip' });
    expect(en.body).not.toBe(ru.body);
    expect(ruAgain.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(ruAgain.rawPayload).toString()).toBe(ru.body);
    expect(enAgain.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(enAgain.rawPayload).toString()).toBe(en.body);
    expect(Number(enAgain.headers['content-length'])).toBe(enAgain.rawPayload.length);
    expect(String(enAgain.headers.vary).toLowerCase()).toBe('accept-language, accept-encoding');
  });

  it('keeps an answer its route compressed itself (the map points) with the encodings the route made', async () => {
    await expire();
    const url = '/api/map/points/?section=attractions,events';
    const first = await get(url, { 'accept-encoding': 'br' });
    expect(first.headers['content-encoding']).toBe('br');
    const json = zlib.brotliDecompressSync(first.rawPayload).toString();
    const [br, gzip, plain] = [
      await get(url, { 'accept-encoding': 'br' }),
      await get(url, { 'accept-encoding': 'gzip' }),
      await get(url),
    ];
    // From memory: a hit runs no hook of the route's, so its CSP has no nonce (the route's answer has one).
    expect(String(first.headers['content-security-policy'])).toContain("'nonce-");
    for (const hit of [br, gzip, plain]) {
      expect(hit.statusCode).toBe(200);
      expect(String(hit.headers['content-security-policy'])).not.toContain("'nonce-");
      expect(hit.headers.etag).toBe(first.headers.etag);
      expect(Number(hit.headers['content-length'])).toBe(hit.rawPayload.length);
    }
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(json);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(json);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(json);
  });

  it('answers 304 to a matching If-None-Match and only headers to HEAD', async () => {
    const first = await get('/api/news/');
    const again = await get('/api/news/', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const head = await t.app.inject({ method: 'HEAD', url: '/api/news/' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(Number(head.headers['content-length'])).toBe(Buffer.byteLength(first.body));
  });

  it('a cached answer keeps the security headers but allows no inline script (no nonce reused)', async () => {
    const first = await get('/api/footer-content/');
    const again = await get('/api/footer-content/');
    expect(String(first.headers['content-security-policy'])).toMatch(/'nonce-/);
    const csp = String(again.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self';/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(again.headers['x-content-type-options']).toBe('nosniff');
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('never keeps what a shared cache must not: no-store, errors, answers with cookies, writes', async () => {
    await get('/api/health/');
    expect((await get('/api/health/')).headers['cache-control']).toBe('no-store');
    // an error is answered afresh each time, with its own message
    expect((await get('/api/attractions/999999/')).statusCode).toBe(404);
    expect((await get('/api/attractions/999999/')).statusCode).toBe(404);
    // the subscription state hands out a cookie: private
    const toggle1 = await get('/api/auth/subscribe/toggle/');
    const toggle2 = await get('/api/auth/subscribe/toggle/');
    expect(toggle2.headers['set-cookie']).toBeTruthy();
    expect(toggle2.headers['set-cookie']).not.toEqual(toggle1.headers['set-cookie']);
    // a request with credentials is never answered from the cache
    const name = (await get(detail)).json().name as string;
    await rename('С авторизацией');
    expect((await get(detail, { authorization: 'Bearer x' })).json().name).toBe('С авторизацией');
    await rename(name);
  });
});

/** A GET over a real socket (`app.inject` never reaches the HTTP server's listener), body undecoded. */
function rawGet(
  port: number,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

// the date, the connection's, and each request's own id (server/lib/request-id.ts)
const perConnection = ['date', 'connection', 'keep-alive', 'x-request-id'];
const withoutPerConnection = (headers: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !perConnection.includes(name)));

describe('hits over a real socket (a listening server)', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    // Only 127.0.0.1 is a trusted proxy: the test's own requests come from it.
    t = await createTestApp('pglite', { RESPONSE_CACHE_SECONDS: '30', TRUST_PROXY: '127.0.0.1' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t?.close());

  it('answers with the same status, headers and bytes as an injected request', async () => {
    const url = '/api/attractions/?limit=9&early=1';
    const asked = { 'accept-encoding': 'gzip', 'accept-language': 'en' };
    const first = await rawGet(port, url, asked);
    expect(first.status).toBe(200);
    const early = await rawGet(port, url, asked);
    const inside = await t.app.inject({ url, headers: asked });
    expect(early.status).toBe(200);
    expect(withoutPerConnection(early.headers)).toEqual(withoutPerConnection(inside.headers));
    expect(early.body.equals(inside.rawPayload)).toBe(true);
    expect(early.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(early.body).toString()).toBe(zlib.gunzipSync(first.body).toString());
    // the cached answer's CSP allows no inline script: the first visitor's nonce is not handed on
    expect(String(first.headers['content-security-policy'])).toMatch(/'nonce-/);
    expect(String(early.headers['content-security-policy'])).not.toMatch(/'nonce-/);
    expect(early.headers['x-content-type-options']).toBe('nosniff');
    expect(early.headers['set-cookie']).toBeUndefined();
  });

  it('answers 304 to a matching If-None-Match, headers only to HEAD, each language apart', async () => {
    const url = '/api/news/?early=2';
    const first = await rawGet(port, url);
    const again = await rawGet(port, url, { 'if-none-match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const head = await rawGet(port, url, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(Number(head.headers['content-length'])).toBe(first.body.length);
    await rawGet(port, url, { 'accept-language': 'zh' });
    const zh = await rawGet(port, url, { 'accept-language': 'zh' });
    expect(zh.body.equals(first.body)).toBe(false);
  });

  it('sends HSTS only over HTTPS through a trusted proxy, and leaves a bad Host to the 400', async () => {
    const url = '/api/footer-content/?early=3';
    await rawGet(port, url);
    const plain = await rawGet(port, url);
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const https = await rawGet(port, url, { 'x-forwarded-proto': 'https' });
    expect(https.status).toBe(200);
    expect(https.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect((await rawGet(port, url, { host: 'x:abc' })).status).toBe(400);
    expect((await rawGet(port, url, { 'x-forwarded-host': 'x:abc' })).status).toBe(400);
  });

  it('never answers a request with credentials from the cache', async () => {
    const url = '/api/attractions/1/?early=4';
    const name = JSON.parse((await rawGet(port, url)).body.toString()).name as string;
    await sql`update places set name = jsonb_set(name::jsonb, '{ru}', to_jsonb('С ключом'::text)) where section = 'attractions' and id = 1`.execute(
      t.database.db,
    );
    try {
      expect(JSON.parse((await rawGet(port, url)).body.toString()).name).toBe(name);
      const authorized = await rawGet(port, url, { authorization: 'Bearer x' });
      expect(JSON.parse(authorized.body.toString()).name).toBe('С ключом');
    } finally {
      await sql`update places set name = jsonb_set(name::jsonb, '{ru}', to_jsonb(${name}::text)) where section = 'attractions' and id = 1`.execute(
        t.database.db,
      );
    }
  });
});

describe('the access log of hits (the real portal, LOG_LEVEL=info)', () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c().catch(() => {});
  });

  it('a hit has the access-log line of any answer: its request id, status and the forwarded address', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-cache-log-'));
    cleanup.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    const portal = await startPortalProcess({
      DATA_DIR: dataDir,
      RESPONSE_CACHE_SECONDS: '30',
      TRUST_PROXY: '127.0.0.1',
    });
    cleanup.push(async () => portal.child.kill('SIGKILL'));
    const url = '/api/news/?log=1';
    const asked = { 'x-forwarded-for': '203.0.113.7' };
    const first = await fetch(`${portal.base}${url}`, { headers: asked });
    const hit = await fetch(`${portal.base}${url}`, {
      headers: { ...asked, 'if-none-match': String(first.headers.get('etag')) },
    });
    expect(hit.status).toBe(304);
    type Line = { msg?: string; url?: string; status?: number; ip?: string; reqId?: string };
    const lines = async () => {
      for (let i = 0; i < 100; i++) {
        const found = portal
          .output()
          .split('\n')
          .filter((l) => l.startsWith('{'))
          .map((l) => JSON.parse(l) as Line)
          .filter((l) => l.msg === 'request' && l.url === url);
        if (found.length >= 2) return found;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`no two access-log lines for ${url}:\n${portal.output().slice(-2000)}`);
    };
    const [miss, cached] = (await lines()) as [Line, Line];
    expect(miss).toMatchObject({ status: 200, ip: '203.0.113.7' });
    expect(cached).toMatchObject({ status: 304, ip: '203.0.113.7' });
    expect(cached.reqId).toEqual(expect.any(String));
    expect(cached.reqId).not.toBe(miss.reqId);
    // the portal starts from its sources and seeds the demo content: 9-16 s here, over 30 s when busier
  }, 120_000);
});

describe('response cache helpers', () => {
  it('reads what a shared cache may keep from Cache-Control', () => {
    expect(sharedMaxAge('public, max-age=60, stale-while-revalidate=600')).toBe(60);
    expect(sharedMaxAge('public, s-maxage=30')).toBe(30);
    expect(sharedMaxAge('private, max-age=60')).toBe(0);
    expect(sharedMaxAge('no-store')).toBe(0);
    expect(sharedMaxAge('public, no-cache')).toBe(0);
    expect(sharedMaxAge('max-age=60')).toBe(0);
  });

  it('picks br, then gzip, refusing q=0', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip;q=1, br;q=0')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
    expect(pickEncoding('*')).toBe('gzip');
  });

  it('hashes the inline scripts of a page, not the external ones', () => {
    const html =
      '<script>window.a=1</script><script type="module" src="/assets/x.js"></script><script nonce="n">b()</script>';
    const hashes = inlineScriptHashes(html);
    expect(hashes).toHaveLength(2);
    expect(hashes[0]).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/);
  });
});
