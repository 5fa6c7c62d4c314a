// The request id (server/lib/request-id.ts): one JSON log line per request with its id; a
// well-formed X-Request-Id from the proxy is kept, anything else replaced by a new id; the answer
// carries the id back, a cached answer too; an error's log line has the id of its request.

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import type { Database } from '../../server/db/database.js';
import { seededDatabase } from '../helpers/app.js';

interface Line {
  msg: string;
  reqId?: string;
  url?: string;
  status?: number;
  err?: { message?: string };
}

describe('request ids', () => {
  const lines: Line[] = [];
  let app: FastifyInstance;
  let database: Database;
  let drop = async () => {};
  beforeAll(async () => {
    ({ database, drop } = await seededDatabase('pglite'));
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', RESPONSE_CACHE_SECONDS: '30' });
    app = await buildApp({
      config,
      database,
      logStream: { write: (line: string) => void lines.push(JSON.parse(line) as Line) },
    });
    // a route whose handler fails, as a bug would
    app.get('/api/test-failure', async () => {
      throw new Error('a failure for the test');
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await drop();
  });

  const logged = (id: string) => lines.filter((l) => l.reqId === id);

  it("keeps the proxy's id, in the answer and in the request's one log line", async () => {
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    const r = await app.inject({ url: '/api/health/live', headers: { 'x-request-id': id } });
    expect(r.statusCode).toBe(200);
    expect(r.headers['x-request-id']).toBe(id);
    expect(logged(id)).toEqual([
      expect.objectContaining({ msg: 'request', url: '/api/health/live', status: 200 }),
    ]);
  });

  it.each([
    ['spaces and quotes', 'abc" def'],
    ['too long', 'a'.repeat(129)],
    ['a line break', 'abc\ndef'],
    ['empty', ''],
  ])('replaces an id with %s by a new one', async (_, given) => {
    const r = await app.inject({ url: '/api/health/live', headers: { 'x-request-id': given } });
    const id = String(r.headers['x-request-id']);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(logged(id)).toHaveLength(1);
    expect(lines.some((l) => l.reqId === given)).toBe(false);
  });

  it('gives every request its own id, a cached answer too', async () => {
    const first = await app.inject('/api/news/?limit=1');
    const second = await app.inject('/api/news/?limit=1');
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    const [a, b] = [String(first.headers['x-request-id']), String(second.headers['x-request-id'])];
    expect(a).not.toBe(b);
    expect(logged(b)).toEqual([expect.objectContaining({ msg: 'request', status: 200 })]);
  });

  it('logs an error with the id of its request', async () => {
    const id = 'proxy-id-42';
    const r = await app.inject({ url: '/api/test-failure', headers: { 'x-request-id': id } });
    expect(r.statusCode).toBe(500);
    expect(r.headers['x-request-id']).toBe(id);
    const error = logged(id).find((l) => l.msg === 'request failed');
    expect(error?.err?.message).toBe('a failure for the test');
  });
});
