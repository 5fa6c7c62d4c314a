import pg from 'pg';
import { REAL_VOLUME } from '../../scripts/scale/generate.js';
import { run } from './proc.js';

export const pgAdminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * The names of the factor-10 and factor-1 databases: `bench` and `bench_f1`, or BENCH_DB and
 * BENCH_DB_f1 (to measure a branch whose migrations the shared `bench` database must not get).
 */
export const benchDb = process.env.BENCH_DB || 'bench';
export const benchDbF1 = `${benchDb}_f1`;

export function databaseUrl(name: string): string {
  const u = new URL(pgAdminUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * A PostgreSQL database holding the demo content plus `factor` times the real volume (seed 47):
 * created when missing, reused when it already holds that many attractions, rebuilt otherwise.
 */
export async function scaledDatabase(
  name: string,
  factor: number,
  log: (m: string) => void,
): Promise<string> {
  const admin = new pg.Client({ connectionString: pgAdminUrl });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!exists.rowCount) await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = databaseUrl(name);
  const want = Math.round(factor * REAL_VOLUME.attractions);
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  let have = -1;
  try {
    const r = await c.query("select count(*)::int n from places where section = 'attractions'");
    have = r.rows[0].n;
  } catch {
    have = -1;
  } finally {
    await c.end();
  }
  // The demo content holds a few hundred attractions: more than `want` and less than want + 1000.
  if (have >= want && have < want + 1000) {
    log(`${name}: reusing (factor ${factor}, ${have} attractions)`);
  } else {
    log(`${name}: seeding factor ${factor} (takes minutes at factor 10) ...`);
    const started = performance.now();
    await run(
      process.execPath,
      ['--import', 'tsx', 'scripts/seed-scale.ts', '--factor', String(factor), '--reset'],
      {
        DATABASE_URL: url,
      },
    );
    log(`${name}: seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  return url;
}
