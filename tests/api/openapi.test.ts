// The OpenAPI document: what it is (3.1, operation ids, security, every answer described), that
// Redocly's recommended rules pass on it, and that request bodies are taken with their JSON types as
// the document describes them. That every answer of the API tests matches the document is checked
// by the test helper (tests/helpers/openapi.ts) on each app.inject.

import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadWebBuild } from '../../server/web.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { xsrfPair } from '../helpers/http.js';

const run = promisify(execFile);
const redocly = path.resolve('node_modules/.bin/redocly');

type Json = Record<string, any>;
const operations = (doc: Json) =>
  Object.entries(doc.paths as Record<string, Json>).flatMap(([p, item]) =>
    Object.entries(item).map(([method, op]) => ({ path: p, method, op: op as Json })),
  );

/** Redocly's lint of a document with the repository's rules: its exit code and its report. */
async function lint(doc: Json): Promise<{ code: number; report: string }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'openapi-lint-'));
  const file = path.join(dir, 'openapi.json');
  await fs.writeFile(file, JSON.stringify(doc));
  try {
    const { stdout, stderr } = await run(redocly, ['lint', file, '--config', 'redocly.yaml'], {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', NO_COLOR: '1' },
    });
    return { code: 0, report: stdout + stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, report: e.stdout + e.stderr };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** The production build of the pages, when there is one (the end-to-end tests' setup makes it). */
const web = await loadWebBuild();

describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: Json;
  beforeAll(async () => {
    // The whole server, as it runs: with the pages when they are built (their routes must stay
    // out of the document).
    t = await createTestApp('pglite', {}, undefined, web);
    doc = (await t.app.inject({ url: '/api/docs/json' })).json();
  });
  afterAll(() => t?.close());

  it.skipIf(!web)('leaves out the routes that are no part of the API: the pages and their catch-all', () => {
    const paths = Object.keys(doc.paths);
    // OpenAPI has no catch-all path: the pages' route would be `/{*}`, without an answer of its own.
    expect(paths.filter((p) => /\*|^\/\{/.test(p))).toEqual([]);
  });

  it('is OpenAPI 3.1: route lines are tuples (prefixItems), nullable values are a union with null', () => {
    expect(doc.openapi).toBe('3.1.0');
    const map = doc.paths['/api/map/points/'].get.responses['200'].content['application/json'].schema;
    const point = map.properties.routes.items.properties.line.items;
    expect(point.prefixItems).toHaveLength(2);
    expect(point.items).toBe(false);
    expect(map.properties.points.properties.type.items.anyOf).toContainEqual({ type: 'null' });
    expect(JSON.stringify(doc)).not.toMatch(/"nullable"|"additionalItems"/);
  });

  it('names every operation with a unique operationId; the API is public, the writes need the XSRF pair but the one-click unsubscribe link', () => {
    const ids = operations(doc).map(({ op }) => op.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain('getRoutesById');
    expect(ids).toContain('postAuthFeedback');
    expect(doc.security).toEqual([]);
    for (const { path: p, method, op } of operations(doc)) {
      // Mail clients POST to the unsubscribe link without cookies (RFC 8058): its token is the secret.
      const staffOnly =
        p.startsWith('/api/admin/') && !/^\/api\/admin\/auth\/(sign-in|sign-out|link)$/.test(p);
      if (p === '/unsubscribe') expect(op.security).toEqual([]);
      else if (staffOnly && method !== 'get')
        expect(op.security).toEqual([{ staffSession: [], xsrfCookie: [], xsrfHeader: [] }]);
      else if (staffOnly) expect(op.security).toEqual([{ staffSession: [] }]);
      else if (method !== 'get') expect(op.security).toEqual([{ xsrfCookie: [], xsrfHeader: [] }]);
      else expect(op.security).toBeUndefined();
    }
    expect(doc.paths['/unsubscribe'].post.responses['403']).toBeUndefined();
    expect(Object.keys(doc.paths['/unsubscribe'].post.requestBody.content)).toEqual([
      'application/x-www-form-urlencoded',
      'multipart/form-data',
    ]);
    expect(doc.components.securitySchemes.xsrfHeader).toMatchObject({ type: 'apiKey', in: 'header' });
  });

  it('describes the answers every operation can give besides its own, each with its body', () => {
    for (const { path: p, method, op } of operations(doc)) {
      const statuses = Object.keys(op.responses);
      const where = `${method} ${p}`;
      expect(statuses, where).toEqual(expect.arrayContaining(['400', '500', '503']));
      if (p.includes('{')) expect(statuses, where).toEqual(expect.arrayContaining(['404', '414']));
      if (method === 'get')
        expect(op.responses['304'], where).toEqual({ $ref: '#/components/responses/NotModified' });
      if (method === 'post' && !p.startsWith('/api/admin/'))
        expect(statuses, where).toEqual(
          expect.arrayContaining([...(op.security.length ? ['403'] : []), '413', '415', '429']),
        );
      // the back office: a write needs the XSRF pair, a body may be too large or not JSON
      if (p.startsWith('/api/admin/') && method !== 'get') expect(statuses, where).toContain('403');
      if (p.startsWith('/api/admin/') && op.requestBody)
        expect(statuses, where).toEqual(expect.arrayContaining(['413', '415']));
      expect(
        statuses.some((s) => s.startsWith('2')),
        where,
      ).toBe(true);
    }
    const { responses } = doc.components;
    for (const name of ['BadRequest', 'Forbidden', 'NotFound', 'ServiceUnavailable', 'TooManyRequests']) {
      expect(responses[name].content['application/json'].schema).toEqual({
        $ref: '#/components/schemas/ErrorBody',
      });
    }
    expect(responses.ServiceUnavailable.headers['Retry-After']).toBeDefined();
  });

  it('gives the downloads and files their media types, and their errors as JSON', () => {
    const ok = (p: string) => doc.paths[p].get.responses['200'];
    expect(Object.keys(ok('/api/routes/{id}/gpx/').content)).toEqual(['application/gpx+xml']);
    expect(ok('/api/routes/{id}/gpx/').headers['Content-Disposition']).toBeDefined();
    expect(Object.keys(ok('/api/events/{id}/ics/').content)).toEqual(['text/calendar']);
    expect(doc.paths['/api/events/{id}/ics/'].get.responses['404']).toEqual({
      $ref: '#/components/responses/NotFound',
    });
    expect(Object.keys(ok('/media/{id}/{width}.{format}').content)).toEqual([
      'image/jpeg',
      'image/webp',
      'image/avif',
    ]);
    expect(Object.keys(ok('/robots.txt').content)).toEqual(['text/plain']);
    expect(Object.keys(ok('/sitemap.xml').content)).toEqual(['application/xml']);
  });

  it("passes Redocly's recommended rules, and the lint fails on a broken document", async () => {
    const good = await lint(doc);
    expect(good.report).toMatch(/valid/);
    expect(good.code, good.report).toBe(0);
    // One response without its description and one operation without an id: both must be reported.
    const broken = structuredClone(doc);
    delete broken.paths['/api/news/'].get.responses['200'].description;
    delete broken.paths['/api/news/{id}/'].get.operationId;
    const bad = await lint(broken);
    expect(bad.code).not.toBe(0);
    expect(bad.report).toMatch(/description/);
    expect(bad.report).toMatch(/operationId/);
  }, 60_000);
});

describe('request bodies keep their JSON types', () => {
  let t: TestApp;
  /** One client address per request: the rate limits count refused requests too. */
  let address = 0;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t?.close());

  it.each([
    ['/api/auth/feedback/', { message: 123 }, 'message'],
    ['/api/auth/feedback/', { message: ['hello'] }, 'message'],
    ['/api/auth/feedback/', { message: 'hello', website: false }, 'website'],
    ['/api/auth/feedback/', { message: 'hello', name: null }, 'name'],
    ['/api/auth/feedback/', { message: 'hello', email: 1 }, 'email'],
    ['/api/auth/feedback/', { message: 'hello', page: {} }, 'page'],
    ['/api/auth/subscribe/', { email: 42 }, 'email'],
    ['/api/auth/subscribe/', { email: 'a.b@example.org', website: 0 }, 'website'],
    ['/api/auth/unsubscribe/', { token: 12345 }, 'token'],
    ['/api/auth/unsubscribe/', { token: true }, 'token'],
  ])('POST %s %j: 400 naming the field', async (url, body, field) => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', ...(await xsrfPair(t.app)) },
      payload: JSON.stringify(body),
      remoteAddress: `10.9.8.${++address}`,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(`body ${field} must be string`);
  });

  it('still reads numbers and lists from the query string', async () => {
    const res = await t.app.inject({ url: '/api/routes/?limit=2&offset=1&way_to_travel=1' });
    expect(res.statusCode).toBe(200);
    expect(res.json().results.length).toBeLessThanOrEqual(2);
  });
});
