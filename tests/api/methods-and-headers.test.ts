import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { xsrfPair } from '../helpers/http.js';

// What the server answers to requests it has no route for, to a Host that names no host, and the
// headers that must (Permissions-Policy) or must not (an XSRF cookie on public answers) come with
// its answers. The same for pages: tests/e2e/http-edges.test.ts.

describe('methods, Host and headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(() => t?.close());

  it.each([
    ['PUT', '/api/news/1/', 'GET, HEAD'],
    ['DELETE', '/api/news/1/', 'GET, HEAD'],
    ['PATCH', '/api/attractions/1/', 'GET, HEAD'],
    ['TRACE', '/api/attractions/', 'GET, HEAD'],
    ['OPTIONS', '/api/health', 'GET, HEAD'],
    ['POST', '/api/directions/', 'GET, HEAD'],
    ['GET', '/api/auth/feedback/', 'POST'],
    ['DELETE', '/api/auth/subscribe/', 'POST'],
    ['PUT', '/robots.txt', 'GET, HEAD'],
  ])('%s %s is a 405 JSON error with Allow: %s', async (method, url, allow) => {
    const r = await t.app.inject({ method: method as 'GET', url });
    expect(r.statusCode).toBe(405);
    expect(r.headers.allow).toBe(allow);
    expect(r.json()).toEqual({
      statusCode: 405,
      error: 'Method Not Allowed',
      message: `${method} is not served at ${url}: use ${allow.replace(', ', ' or ')}`,
    });
  });

  it('a path that no method serves stays a 404, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'TRACE']) {
      for (const url of ['/api/nope/', '/api/news/1/extra/', '/nope']) {
        const r = await t.app.inject({ method: method as 'GET', url });
        expect(r.statusCode, `${method} ${url}`).toBe(404);
        expect(r.headers.allow).toBeUndefined();
        expect(r.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
      }
    }
  });

  it("the back office API's address of an item with its id left out is a 404, not the list nor a 405", async () => {
    // Its paths end without a slash: `/api/admin/content/news/` is `/api/admin/content/news/{id}`
    // with an empty id, whoever asks and whatever the method (a write with the XSRF pair).
    const pair = await xsrfPair(t.app);
    for (const method of ['GET', 'PUT', 'PATCH', 'DELETE', 'POST']) {
      for (const url of [
        '/api/admin/content/residence-type/',
        '/api/admin/accounts/?page=1',
        '/api/admin/',
      ]) {
        const r = await t.app.inject({ method: method as 'GET', url, headers: method === 'GET' ? {} : pair });
        expect(r.statusCode, `${method} ${url}`).toBe(404);
        expect(r.headers.allow).toBeUndefined();
        expect(r.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
      }
    }
    // The list itself is where it always was: a session is asked for.
    expect((await t.app.inject({ url: '/api/admin/content/residence-type' })).statusCode).toBe(401);
  });

  it.each([['x:abc'], ['[::1'], ['exa mple.org'], ['a/b'], ['user@host'], ['x:99999']])(
    'Host: %s is a 400 JSON error',
    async (host) => {
      for (const url of ['/api/news/', '/robots.txt']) {
        const r = await t.app.inject({ url, headers: { host } });
        expect(r.statusCode, url).toBe(400);
        expect(r.json()).toEqual({
          statusCode: 400,
          error: 'Bad Request',
          message: 'the Host header is not a valid host name and port',
        });
      }
    },
  );

  it('a good Host passes, and so does a bad X-Forwarded-Host only from an untrusted address', async () => {
    for (const host of [
      'portal.test',
      'portal.test:8080',
      '127.0.0.1:3000',
      '[::1]:3000',
      'xn--80aswg.xn--p1ai',
    ]) {
      expect((await t.app.inject({ url: '/api/news/', headers: { host } })).statusCode, host).toBe(200);
    }
    const trusted = await t.app.inject({ url: '/api/news/', headers: { 'x-forwarded-host': 'x:abc' } });
    expect(trusted.statusCode).toBe(400);
    const untrusted = await t.app.inject({
      url: '/api/news/',
      headers: { 'x-forwarded-host': 'x:abc' },
      remoteAddress: '203.0.113.5',
    });
    expect(untrusted.statusCode).toBe(200);
  });

  it('publicly cacheable answers never carry the XSRF cookie; /api/auth/ answers do, privately', async () => {
    for (const url of [
      '/robots.txt',
      '/sitemap.xml',
      '/sitemaps/pages.xml',
      '/api/news/',
      '/api/docs/json',
    ]) {
      const r = await t.app.inject({ url });
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['set-cookie'], url).toBeUndefined();
    }
    const toggle = await t.app.inject({ url: '/api/auth/subscribe/toggle/' });
    expect(String(toggle.headers['set-cookie'])).toMatch(/^XSRF-TOKEN=/);
    expect(toggle.headers['cache-control']).toMatch(/private|no-store/);
  });

  it('every answer says which browser features the site may use: geolocation (the map) on the site itself only', async () => {
    for (const url of ['/api/news/', '/robots.txt', '/api/nope/']) {
      const policy = String((await t.app.inject({ url })).headers['permissions-policy']);
      expect(policy, url).toContain('geolocation=(self)');
      for (const feature of ['camera=()', 'microphone=()', 'payment=()', 'usb=()']) {
        expect(policy, url).toContain(feature);
      }
    }
  });
});
