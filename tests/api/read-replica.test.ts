import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import type { Database } from '../../server/db/database.js';
import { prepareDatabase } from '../../server/start.js';
import { seededDatabase } from '../helpers/app.js';
import { get, xsrfPair } from '../helpers/http.js';
import { checkAnswers } from '../helpers/openapi.js';
import { startPortalProcess } from '../helpers/portal-process.js';

type Fresh = Awaited<ReturnType<typeof seededDatabase>>;

// A read replica is a PostgreSQL standby that follows the primary. Here it is a second database
// with the same content, where one attraction was renamed: what the API shows tells which of the
// two it read.
describe.skipIf(!process.env.TEST_DATABASE_URL)('DATABASE_READ_URL: content from a read replica', () => {
  let primary: Fresh;
  let replica: Fresh;
  let database: Database;
  let app: FastifyInstance;
  let dataDir: string;
  const messages: string[] = [];
  let id: number;

  beforeAll(async () => {
    primary = await seededDatabase('postgres');
    replica = await seededDatabase('postgres');
    const first = await sql<{ id: number }>`
      select id from places where section = 'attractions' order by id limit 1`.execute(replica.database.db);
    id = first.rows[0]?.id as number;
    await sql`update places set name = name || '{"en": "Seen on the replica"}'::jsonb
      where section = 'attractions' and id = ${id}`.execute(replica.database.db);
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-replica-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      DATABASE_URL: primary.url as string,
      DATABASE_READ_URL: replica.url as string,
      // What is read where, not how fast: the first site search plans its statements on new
      // connections, which took up to 1.5 s with other test files on the same two cores.
      DATABASE_REQUEST_TIMEOUT_MS: '10000',
    });
    database = await prepareDatabase(config, (m) => messages.push(m));
    app = await buildApp({ config, database });
    await app.ready();
    checkAnswers(app);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await primary?.drop();
    await replica?.drop();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('says at start where the content is read from', () => {
    expect(messages).toContain('content reads go to the read replica (DATABASE_READ_URL)');
  });

  it('answers the content API and the search from the replica', async () => {
    const detail = await get<{ name: string }>(app, `/api/attractions/${id}/`, { 'accept-language': 'en' });
    expect(detail.status).toBe(200);
    expect(detail.body.name).toBe('Seen on the replica');
    const search = await get<{ total: number }>(app, `/api/search/?q=${encodeURIComponent('replica')}`, {
      'accept-language': 'en',
    });
    expect(search.body.total).toBeGreaterThan(0);
    const health = await get<{ status: string }>(app, '/api/health');
    expect(health.body.status).toBe('ok');
  });

  it("writes a visitor's message to the primary, not to the replica", async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/feedback/',
      headers: { 'content-type': 'application/json', ...(await xsrfPair(app)) },
      remoteAddress: '203.0.113.7',
      payload: JSON.stringify({ name: 'Анна', email: 'anna@example.org', message: 'Где взять карту?' }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const count = (d: Fresh) =>
      d.database.db
        .selectFrom('feedback')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
    expect(Number((await count(primary)).n)).toBe(1);
    expect(Number((await count(replica)).n)).toBe(0);
  });

  it('refuses to start when the replica does not answer: one line naming the variable, exit 1', async () => {
    const url = new URL(replica.url as string);
    url.pathname = '/no_such_database_here';
    const error = await startPortalProcess({
      DATABASE_URL: primary.url as string,
      DATABASE_READ_URL: url.toString(),
      DATA_DIR: dataDir,
    }).catch((err: Error) => err);
    expect(error).toBeInstanceOf(Error);
    const output = (error as Error).message;
    expect(output).toMatch(
      /The portal could not start: DATABASE_READ_URL: the read replica does not answer: database "no_such_database_here" does not exist/,
    );
    expect(output).not.toMatch(/\n\s+at /);
  });
});
