import zlib from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineScriptHashes, pickEncoding, sharedMaxAge } from '../../server/lib/response-cache.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

// The in-process response cache (server/lib/response-cache.ts). Pages are checked end to end in
// tests/e2e/ssr.test.ts (the production server keeps them); here the content API on PGlite.

const detail = '/api/attractions/1/';

describe('the response cache', () => {
  let t: TestApp;
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
  const rename = (ru: string) =>
    sql`update places set name = jsonb_set(name::jsonb, '{ru}', to_jsonb(${ru}::text)) where section = 'attractions' and id = 1`.execute(
      t.database.db,
    );

  beforeAll(async () => {
    t = await createTestApp('pglite', { RESPONSE_CACHE_SECONDS: '1' });
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
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await get(detail)).json().name).toBe('Переименовано в базе');
    await rename(name);
  });

  it('past its time, one request renders the answer anew while the others get the stale one at once', async () => {
    const url = '/api/attractions/1/?fields=stale';
    const name = (await get(url)).json().name as string;
    await rename('Уже обновлено');
    await new Promise((resolve) => setTimeout(resolve, 1100));
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
    await new Promise((resolve) => setTimeout(resolve, 1100));
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
