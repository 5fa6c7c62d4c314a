import http from 'node:http';
import { expect, it } from 'vitest';
import { baseUrl, describeE2E } from './setup/browser.js';

// The same rules as tests/api/methods-and-headers.test.ts, for what only the full portal (with its
// pages and static files) serves. node:http, not fetch: fetch can send neither TRACE nor any Host.

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function raw(method: string, path: string, headers: Record<string, string> = {}): Promise<Raw> {
  const base = new URL(baseUrl());
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: base.hostname, port: base.port, method, path, headers, setHost: !('host' in headers) },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describeE2E('HTTP edges of the pages', () => {
  it('an invalid Host on an uncached page is a 400, not a 500 with a stack trace', async () => {
    for (const host of ['x:abc', '[::1', 'x:99999']) {
      for (const path of ['/attractions/list?r=1', `/news/list?r=${Math.random()}`, '/']) {
        const r = await raw('GET', path, { host });
        expect(r.status, `${host} ${path}`).toBe(400);
        expect(JSON.parse(r.body)).toMatchObject({ statusCode: 400, error: 'Bad Request' });
        expect(r.body).not.toMatch(/\n\s+at /);
      }
    }
    expect((await raw('GET', '/attractions/list?r=2')).status).toBe(200);
  });

  it('a page answers 405 with Allow: GET, HEAD to any other method; a server path nobody serves stays 404', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'TRACE', 'OPTIONS']) {
      for (const path of ['/attractions/list', '/', '/no-such-page']) {
        const r = await raw(method, path);
        expect(r.status, `${method} ${path}`).toBe(405);
        expect(r.headers.allow).toBe('GET, HEAD');
        expect(JSON.parse(r.body)).toMatchObject({ statusCode: 405, error: 'Method Not Allowed' });
      }
      const unknown = await raw(method, '/api/no-such-thing/');
      expect(unknown.status, `${method} /api/no-such-thing/`).toBe(404);
    }
    const getOnPost = await raw('GET', '/api/auth/feedback/');
    expect(getOnPost.status).toBe(405);
    expect(getOnPost.headers.allow).toBe('POST');
    expect((await raw('GET', '/api/no-such-thing/')).status).toBe(404);
    expect((await raw('PUT', '/favicon.svg')).headers.allow).toBe('GET, HEAD');
  });

  it("the portal's OpenAPI document describes its API only: no pages' catch-all, one id per operation", async () => {
    const doc = (await (await fetch(`${baseUrl()}/api/docs/json`)).json()) as {
      paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>>;
    };
    expect(Object.keys(doc.paths).filter((p) => p.includes('*'))).toEqual([]);
    const operations = Object.values(doc.paths).flatMap((item) => Object.values(item));
    const ids = operations.map((op) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const op of operations)
      expect(
        Object.keys(op.responses).some((s) => s.startsWith('2')),
        op.operationId,
      ).toBe(true);
  });

  it('publicly cacheable files carry no XSRF cookie; a page gives a new visitor one', async () => {
    for (const path of [
      '/favicon.svg',
      '/site.webmanifest',
      '/robots.txt',
      '/sitemap.xml',
      '/widgets/tic-badge.js',
    ]) {
      const r = await raw('GET', path);
      expect(r.status, path).toBe(200);
      expect(r.headers['cache-control'], path).toMatch(/public/);
      expect(r.headers['set-cookie'], path).toBeUndefined();
    }
    const page = await raw('GET', `/news/list?fresh=${Math.random()}`);
    expect(String(page.headers['set-cookie'])).toMatch(/^XSRF-TOKEN=/);
    expect(page.headers['cache-control']).not.toMatch(/public/);
  });

  it('/favicon.ico and /apple-touch-icon.png are the site icons, kept a week, without a cookie', async () => {
    // Browsers ask for both by name, whatever a page links: they were rendered 404 pages that set
    // the XSRF cookie.
    const get = async (path: string) => {
      const r = await fetch(`${baseUrl()}${path}`);
      return { r, bytes: Buffer.from(await r.arrayBuffer()) };
    };
    const week = 7 * 24 * 3600;
    for (const path of ['/favicon.ico', '/apple-touch-icon.png']) {
      const { r } = await get(path);
      expect(r.status, path).toBe(200);
      expect(r.headers.get('content-type'), path).toMatch(/^image\//);
      expect(r.headers.getSetCookie(), path).toEqual([]);
      const cache = r.headers.get('cache-control') ?? '';
      expect(cache, path).toMatch(/public/);
      expect(Number(/max-age=(\d+)/.exec(cache)?.[1]), path).toBeGreaterThanOrEqual(week);
    }
    // An ICO directory (reserved 0, type 1) of PNG pictures of 16, 32 and 48 px.
    const { bytes: ico } = await get('/favicon.ico');
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
    const entries = Array.from({ length: ico.readUInt16LE(4) }, (_, i) => {
      const entry = 6 + 16 * i;
      const offset = ico.readUInt32LE(entry + 12);
      return { size: ico[entry], png: ico.subarray(offset, offset + 8).toString('latin1') };
    });
    expect(entries).toEqual([16, 32, 48].map((size) => ({ size, png: '\x89PNG\r\n\x1a\n' })));
    const { bytes: apple } = await get('/apple-touch-icon.png');
    const { bytes: linked } = await get('/app-icons/apple-touch-icon.png');
    expect(apple.equals(linked)).toBe(true);
    // The PNG's width and height (its IHDR chunk).
    expect([apple.readUInt32BE(16), apple.readUInt32BE(20)]).toEqual([180, 180]);
  });

  it('pages allow geolocation for the site itself (the map) and nothing powerful else', async () => {
    for (const path of ['/map', '/']) {
      const policy = String((await raw('GET', path)).headers['permissions-policy']);
      expect(policy, path).toContain('geolocation=(self)');
      expect(policy, path).toContain('camera=()');
      expect(policy, path).toContain('microphone=()');
    }
  });
});
