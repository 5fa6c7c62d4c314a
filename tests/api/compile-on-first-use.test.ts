// In production the request schemas and the answers' serializers are compiled when a route first
// needs them, not when the app gets ready (a worker of a cluster starts a second and a half of CPU
// sooner). What a visitor gets must not differ: the same requests to an app that compiles on
// first use and to one that compiled everything at start give the same answers, refusals included.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { xsrfPair } from '../helpers/http.js';

describe('schemas compiled on first use (production)', () => {
  let eager: TestApp;
  let later: TestApp;
  beforeAll(async () => {
    [eager, later] = await Promise.all([
      createTestApp('pglite'),
      // the response cache off: each answer is made, not replayed
      createTestApp('pglite', { NODE_ENV: 'production', RESPONSE_CACHE_SECONDS: '0' }),
    ]);
  });
  afterAll(async () => {
    await eager?.close();
    await later?.close();
  });

  type Answer = { status: number; body: unknown };
  async function both(request: {
    method?: 'GET' | 'POST';
    url: string;
    payload?: unknown;
  }): Promise<[Answer, Answer]> {
    const [atStart, onFirstUse] = await Promise.all(
      [eager, later].map(async ({ app }) => {
        const headers: Record<string, string> = { 'accept-language': 'en' };
        if (request.payload !== undefined) {
          Object.assign(headers, await xsrfPair(app), { 'content-type': 'application/json' });
        }
        const res = await app.inject({
          method: request.method ?? 'GET',
          url: request.url,
          headers,
          ...(request.payload !== undefined ? { payload: JSON.stringify(request.payload) } : {}),
        });
        return { status: res.statusCode, body: res.json() as unknown };
      }),
    );
    return [atStart as Answer, onFirstUse as Answer];
  }

  it.each([
    ['a list with coerced numbers and arrays', '/api/attractions/?limit=2&offset=1&district__in=1,2,3'],
    ['a detail', '/api/attractions/1/'],
    ['the main page', '/api/pages/main-page/1/'],
    ['a refused number', '/api/attractions/?limit=many'],
    ['a refused id', '/api/attractions/first/'],
    ['a refused filter', '/api/events/?date_from=yesterday'],
  ])('%s: the same answer', async (_, url) => {
    const [atStart, onFirstUse] = await both({ url });
    expect(onFirstUse).toEqual(atStart);
    expect(onFirstUse.status).toBeLessThan(500);
  });

  it('a refused body names the same field, and a good one is stored', async () => {
    const wrong = { name: 'Anna', email: 'anna@example.org', message: 123 };
    const [atStart, onFirstUse] = await both({ method: 'POST', url: '/api/auth/feedback/', payload: wrong });
    expect(onFirstUse).toEqual(atStart);
    expect(onFirstUse.status).toBe(400);
    const good = { name: 'Anna', email: 'anna@example.org', message: 'Where is the pier?' };
    const stored = await both({ method: 'POST', url: '/api/auth/feedback/', payload: good });
    expect(stored.map((s) => s.status)).toEqual([201, 201]);
  });
});
