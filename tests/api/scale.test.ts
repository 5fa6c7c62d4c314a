import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaleCounts } from '../../scripts/scale/generate.js';
import { seedScale } from '../../scripts/scale/seed.js';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import type { Database } from '../../server/db/database.js';
import { demoContent, seededDatabase } from '../helpers/app.js';
import { get } from '../helpers/http.js';
import { checkAnswers } from '../helpers/openapi.js';

const FACTOR = 0.02;
type Item = { id: number; name: string; district: { id: number }; [k: string]: any };
type Page = { count: number; results: Item[] };

async function scaled(seed: string) {
  const fresh = await seededDatabase('pglite');
  const content = await demoContent();
  await seedScale(fresh.database.db, content, { factor: FACTOR, seed });
  return fresh;
}

/** One fingerprint of every row of the generated tables (but the time each row was written). */
async function fingerprint(database: Database): Promise<string> {
  const { rows } = await sql<{ t: string; h: string }>`
    select 'places' t, md5(string_agg((to_jsonb(p) - 'updated_at')::text, '|' order by section, id)) h from places p
    union all select 'routes', md5(string_agg((to_jsonb(r) - 'updated_at')::text, '|' order by id)) from routes r
    union all select 'events', md5(string_agg((to_jsonb(e) - 'updated_at')::text, '|' order by id)) from events e
    union all select 'news', md5(string_agg((to_jsonb(n) - 'updated_at')::text, '|' order by id)) from news n`.execute(
    database.db,
  );
  return rows.map((r) => `${r.t}:${r.h}`).join(' ');
}

describe('scale-data generator', () => {
  let a: Awaited<ReturnType<typeof scaled>>;
  let app: FastifyInstance;
  let dataDir: string;

  beforeAll(async () => {
    a = await scaled('one');
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-scale-'));
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    app = await buildApp({ config, database: a.database });
    await app.ready();
    checkAnswers(app);
  }, 300_000);
  afterAll(async () => {
    await app?.close();
    await a?.drop();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('adds the factor times the real volume to the demo content', async () => {
    const c = await demoContent();
    const want = scaleCounts(c, FACTOR);
    expect(want.attractions).toBe(104);
    expect(want.routes).toBe(10);
    const count = async (table: 'routes' | 'events' | 'news') =>
      Number(
        (
          await a.database.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const places = await a.database.db
      .selectFrom('places')
      .select(['section', (eb) => eb.fn.countAll().as('n')])
      .groupBy('section')
      .execute();
    const bySection = Object.fromEntries(places.map((p) => [p.section, Number(p.n)]));
    expect(bySection.attractions).toBe(c.attractions.length + want.attractions);
    expect(bySection.residence).toBe(c.residence.length + want.residence);
    expect(bySection['tourist-information-centers']).toBe(
      c.informationCenters.length + want['tourist-information-centers'],
    );
    expect(await count('routes')).toBe(c.routes.length + want.routes);
    expect(await count('events')).toBe(c.events.length + want.events);
    expect(await count('news')).toBe(c.news.length + want.news);
  });

  it('writes every language, places inside their district, routes through generated attractions', async () => {
    const rows = await a.database.db
      .selectFrom('places')
      .select(['name', 'lat', 'lon', 'search_all'])
      .where('id', '>', 200)
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(Object.keys(r.name).sort()).toEqual(['en', 'ru', 'zh']);
      expect(r.lat).toBeGreaterThan(58.3);
      expect(r.lat).toBeLessThan(61.4);
      expect(r.lon).toBeGreaterThan(27.5);
      expect(r.lon).toBeLessThan(36);
      expect(r.search_all).toContain((r.name as { zh: string }).zh.toLowerCase());
    }
    const c = await demoContent();
    const routes = await a.database.db
      .selectFrom('routes')
      .select(['object_ids', 'district_id'])
      .where('id', '>', c.routes.length)
      .execute();
    for (const r of routes) {
      expect(r.object_ids.length).toBeGreaterThanOrEqual(2);
      expect(Math.min(...r.object_ids)).toBeGreaterThan(c.attractions.length);
    }
  });

  it('gives the same rows for the same seed', async () => {
    const b = await scaled('one');
    try {
      expect(await fingerprint(b.database)).toBe(await fingerprint(a.database));
    } finally {
      await b.drop();
    }
  }, 300_000);

  it('does not add twice', async () => {
    expect(await seedScale(a.database.db, await demoContent(), { factor: FACTOR, seed: 'one' })).toBe(
      'present',
    );
  });

  it('answers the list, filter, search, detail and map endpoints', async () => {
    const page = await get<Page>(app, '/api/attractions/?limit=9&offset=0');
    expect(page.status).toBe(200);
    expect(page.body.count).toBeGreaterThan(200);
    const d = page.body.results[0]?.district.id as number;
    const filtered = await get<Page>(
      app,
      `/api/attractions/?limit=9&district__in=${d}&tourism_type__in=1,2,3,4`,
    );
    expect(filtered.status).toBe(200);
    expect(filtered.body.results.every((x) => x.district.id === d)).toBe(true);
    const deep = await get<Page>(app, `/api/attractions/?limit=9&offset=${page.body.count - 3}`);
    expect(deep.body.results.length).toBe(3);
    // Deep pages are read ids first: the same items as the plain list in the same order.
    const all = await get<Item[]>(app, '/api/attractions/');
    const ids = all.body.map((x) => x.id);
    for (const offset of [99, 100, 150, page.body.count - 3]) {
      const p = await get<Page>(app, `/api/attractions/?limit=9&offset=${offset}`);
      expect(p.body.results.map((x) => x.id)).toEqual(ids.slice(offset, offset + 9));
    }
    const fd = await get<Page>(app, `/api/attractions/?limit=5&offset=100&district__in=${d},${d + 1}`);
    const fAll = await get<Item[]>(app, `/api/attractions/?district__in=${d},${d + 1}`);
    expect(fd.body.results.map((x) => x.id)).toEqual(fAll.body.map((x) => x.id).slice(100, 105));
    const search = await get<Page>(app, `/api/attractions/?limit=9&search=${encodeURIComponent('усадьба')}`);
    expect(search.body.count).toBeGreaterThan(0);
    const zh = await get<Page>(app, `/api/attractions/?limit=9&lang=zh&search=${encodeURIComponent('庄园')}`);
    expect(zh.status).toBe(200);
    const last = deep.body.results[2] as Item;
    expect((await get(app, `/api/attractions/${last.id}/`)).status).toBe(200);
    const c = await demoContent();
    expect((await get(app, `/api/routes/${c.routes.length + 1}/`)).status).toBe(200);
    expect((await get(app, '/api/map/points/')).status).toBe(200);
  });
});
