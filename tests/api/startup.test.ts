import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.js';
import { prepareDatabase } from '../../server/start.js';
import { demoContent } from '../helpers/app.js';

describe('start-up', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const d of dirs) await fs.rm(d, { recursive: true, force: true });
  });

  it('creates the embedded database under DATA_DIR, loads the demo content once and never overwrites it', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-start-'));
    dirs.push(dataDir);
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
    const messages: string[] = [];
    const first = await prepareDatabase(config, (m) => messages.push(m));
    const c = await demoContent();
    const count = async (db: typeof first.db) =>
      Number(
        (
          await db
            .selectFrom('places')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count(first.db)).toBe(
      c.attractions.length +
        c.residence.length +
        c.caterings.length +
        c.entertainment.length +
        c.informationCenters.length,
    );
    await first.db.updateTable('news').set({ date: '2001-01-01' }).where('id', '=', 1).execute();
    await first.db.deleteFrom('places').where('section', '=', 'residence').execute();
    await first.close();
    expect(messages.join('\n')).toMatch(/loaded the demo content/);

    const again: string[] = [];
    const second = await prepareDatabase(config, (m) => again.push(m));
    const news = await second.db
      .selectFrom('news')
      .select('date')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(news.date).toBe('2001-01-01');
    expect(await count(second.db)).toBe(
      c.attractions.length + c.caterings.length + c.entertainment.length + c.informationCenters.length,
    );
    expect(again).toEqual([]);
    await second.close();
    expect((await fs.readdir(dataDir)).sort()).toContain('pglite');
    // It creates, migrates and seeds an embedded database from nothing and opens it again: 10-20 s
    // on a quiet machine of two cores, more while other work shares them.
  }, 120_000);

  it('refuses a bad configuration with a message naming the variable', () => {
    expect(() => loadConfig({ WORKERS: '2' })).toThrow(/WORKERS above 1 needs DATABASE_URL/);
    expect(() => loadConfig({ WORKERS: '0', DATABASE_URL: 'postgres://x/y' })).toThrow(/WORKERS must be/);
    expect(loadConfig({ WORKERS: '2', DATABASE_URL: 'postgres://x/y' }).workers).toBe(2);
    expect(() => loadConfig({ DATABASE_READ_URL: 'postgres://replica/y' })).toThrow(
      /DATABASE_READ_URL needs DATABASE_URL/,
    );
    expect(() => loadConfig({ DATABASE_URL: 'postgres://x/y', DATABASE_READ_URL: 'mysql://r/y' })).toThrow(
      /DATABASE_READ_URL must start with postgres/,
    );
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y', DATABASE_READ_URL: 'postgres://r/y' })).toMatchObject(
      {
        databaseUrl: 'postgres://x/y',
        databaseReadUrl: 'postgres://r/y',
      },
    );
    expect(loadConfig({}).workers).toBe(1);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SEED_ON_START: 'maybe' })).toThrow(/SEED_ON_START/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(loadConfig({}).port).toBe(3000);
    expect(() => loadConfig({ DATABASE_CONNECT_TIMEOUT_MS: 'soon' })).toThrow(/DATABASE_CONNECT_TIMEOUT_MS/);
    expect(() => loadConfig({ DATABASE_QUERY_TIMEOUT_MS: '0' })).toThrow(/DATABASE_QUERY_TIMEOUT_MS/);
    expect(() => loadConfig({ DATABASE_REQUEST_TIMEOUT_MS: '1.5s' })).toThrow(/DATABASE_REQUEST_TIMEOUT_MS/);
    expect(loadConfig({})).toMatchObject({
      databaseConnectTimeoutMs: 3000,
      databaseQueryTimeoutMs: 5000,
      databaseRequestTimeoutMs: 1500,
    });
    expect(loadConfig({}).mediaAvifEffort).toBe(3);
    expect(loadConfig({ MEDIA_AVIF_EFFORT: '0' }).mediaAvifEffort).toBe(0);
    expect(() => loadConfig({ MEDIA_AVIF_EFFORT: '10' })).toThrow(/MEDIA_AVIF_EFFORT/);
  });
});
