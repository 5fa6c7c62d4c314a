// Servers that start together on one fresh PostgreSQL database: each runs the migrations at start
// (server/start.ts), and the run holds a session advisory lock, so one migrates and the other
// waits and then finds nothing to do; each migration is applied once.

import fs from 'node:fs/promises';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.js';
import { MIGRATION_LOCK_KEY, migrateToLatest, TYPO_MATCH_COST } from '../../server/db/migrate.js';
import { migrationsDir } from '../../server/paths.js';
import { freshDatabase } from '../helpers/app.js';

const migrations = (await fs.readdir(migrationsDir))
  .filter((f) => f.endsWith('.sql'))
  .map((f) => f.replace(/\.sql$/, ''))
  .sort();

describe.skipIf(!process.env.TEST_DATABASE_URL)('migrations started by two servers at once', () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c().catch(() => {});
  });

  it('waits for whoever holds the migration lock, before touching anything', async () => {
    const fresh = await freshDatabase('postgres');
    cleanup.push(() => fresh.drop());
    const holder = new pg.Client({ connectionString: fresh.url });
    await holder.connect();
    cleanup.push(() => holder.end());
    await holder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    let done = false;
    const run = migrateToLatest(fresh.database.db).then((applied) => {
      done = true;
      return applied;
    });
    await new Promise((r) => setTimeout(r, 1500));
    expect(done).toBe(false);
    const table = await holder.query("select to_regclass('kysely_migration') as t");
    expect(table.rows[0].t).toBeNull();
    await holder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    expect(await run).toEqual(migrations);
  }, 120_000);

  it('applies each migration once when two runs start together; the second finds nothing to do', async () => {
    const fresh = await freshDatabase('postgres');
    cleanup.push(() => fresh.drop());
    // The second server: a pool of its own, as another process has.
    const other = await openDatabase({ url: fresh.url as string, poolSize: 1 });
    cleanup.push(() => other.close());
    const [a, b] = await Promise.all([migrateToLatest(fresh.database.db), migrateToLatest(other.db)]);
    expect([a, b].sort((x, y) => y.length - x.length)).toEqual([migrations, []]);
    const rows = await sql<{ name: string; n: number }>`
      select name, count(*)::int as n from kysely_migration group by name order by name`.execute(
      fresh.database.db,
    );
    expect(rows.rows).toEqual(migrations.map((name) => ({ name, n: 1 })));
    const cost = await sql<{ cost: number }>`
      select procost as cost from pg_proc where oid = to_regprocedure('word_similarity_op(text, text)')`.execute(
      other.db,
    );
    expect(Number(cost.rows[0]?.cost)).toBe(TYPO_MATCH_COST);
  }, 180_000);
});
