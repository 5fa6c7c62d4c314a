// `npm run backup` and `npm run restore` as an operator uses them, on each kind of database: the real
// portal runs on a copy of the demo content with one change of its own (an attraction renamed, a
// staff account); the backup is taken while it runs (the embedded database through the portal's
// socket, PostgreSQL with pg_dump), restored into an empty DATA_DIR / empty database, and a portal
// started there must show the same: every table's row count, the attractions per section, the home
// page's and the renamed attraction's HTML, and the typo match's cost that a dump does not keep.

import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { askPortal } from '../../server/control.js';
import { openDatabase } from '../../server/db/database.js';
import { migrateToLatest, TYPO_MATCH_COST } from '../../server/db/migrate.js';
import type { DB } from '../../server/db/schema.js';
import { seedIfEmpty } from '../../server/db/seed.js';
import { webBuildDir } from '../../server/web.js';
import { copySeededPglite, demoContent, seededDatabase } from '../helpers/app.js';
import { type PortalProcess, startPortalProcess } from '../helpers/portal-process.js';

const run = promisify(execFile);
const renamed = 'Kept by the backup';
// The pages need the web build (npm run build); without it the portal serves the API only.
const withPages = existsSync(path.join(webBuildDir, 'server'));

/** The settings a production PostgreSQL portal has anyway (the commands read them as it does). */
const secretKey = crypto.randomBytes(32).toString('base64');

/** `npm run backup|restore -- <args>` with these settings only. */
async function command(script: 'backup' | 'restore', env: Record<string, string>, ...args: string[]) {
  const all: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    ...env,
  };
  for (const name of ['DATABASE_URL', 'DATA_DIR', 'SECRET_KEY']) if (!(name in env)) delete all[name];
  if (env.DATABASE_URL) all.SECRET_KEY = secretKey;
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', `scripts/${script}.ts`, ...args],
      { env: all, timeout: 120_000 },
    );
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** Every table's row count, and the places per section. */
async function counts(db: Kysely<DB>): Promise<Record<string, number>> {
  const tables = await sql<{ name: string }>`
    select tablename as name from pg_tables where schemaname = 'public' order by tablename`.execute(db);
  const found: Record<string, number> = {};
  for (const { name } of tables.rows) {
    const row = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(name)}`.execute(db);
    found[name] = row.rows[0]?.n as number;
  }
  const sections = await sql<{ section: string; n: number }>`
    select section, count(*)::int as n from places group by section order by section`.execute(db);
  for (const { section, n } of sections.rows) found[`places: ${section}`] = n;
  return found;
}

async function typoMatchCost(db: Kysely<DB>): Promise<number> {
  const row = await sql<{ cost: number }>`
    select procost as cost from pg_proc where oid = to_regprocedure('word_similarity_op(text, text)')`.execute(
    db,
  );
  return Number(row.rows[0]?.cost);
}

/** An attraction renamed (in English) and its id: what a freshly seeded database would not have. */
async function rename(db: Kysely<DB>): Promise<number> {
  const row = await sql<{ id: number }>`
    update places set name = name || ${JSON.stringify({ en: renamed })}::jsonb
    where id = (select min(id) from places where section = 'attractions')
    returning id`.execute(db);
  return row.rows[0]?.id as number;
}

/** What a visitor sees: the home page and the renamed attraction's page, in English. */
async function pages(portal: PortalProcess, id: number): Promise<string[]> {
  if (!withPages) return [];
  const seen: string[] = [];
  for (const url of ['/', `/attractions/detail/${id}`]) {
    const res = await fetch(`${portal.base}${url}`, { headers: { 'accept-language': 'en' } });
    expect(res.status, url).toBe(200);
    // The markup the visitor sees; the scripts carry the same data for the browser, along with
    // when it was read (and its serialization numbers values by their first use, so that two
    // equal read times shift every later number).
    seen.push((await res.text()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '<script>'));
  }
  expect(seen[1]).toContain(renamed);
  return seen;
}

async function stop(portal: PortalProcess | undefined): Promise<void> {
  if (portal && portal.child.exitCode === null) {
    portal.child.kill('SIGTERM');
    await portal.exited;
  }
}

const portalEnv = {
  LOG_LEVEL: 'warn',
  SEED_ON_START: 'false',
  PUBLIC_URL: 'http://portal.test',
  ...(withPages && { WEB_BUILD_DIR: webBuildDir }),
};

describe('npm run backup and restore: the embedded database, backed up while the portal runs', () => {
  const dirs: string[] = [];
  const portals: PortalProcess[] = [];
  afterAll(async () => {
    for (const p of portals) await stop(p);
    for (const d of dirs) await fs.rm(d, { recursive: true, force: true });
  });

  it('restores into an empty DATA_DIR what the running portal had', async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-backup-'));
    dirs.push(root);
    const source = path.join(root, 'source');
    const target = path.join(root, 'target');
    const out = path.join(root, 'backups');
    const dataDir = path.join(source, 'pglite');
    if (!(await copySeededPglite(dataDir))) {
      const made = await openDatabase({ dataDir });
      await migrateToLatest(made.db);
      await seedIfEmpty(made.db, await demoContent());
      await made.close();
    }
    const before = await openDatabase({ dataDir });
    const id = await rename(before.db);
    await before.close();

    const portal = await startPortalProcess({ ...portalEnv, DATA_DIR: source, DATABASE_URL: '' });
    portals.push(portal);
    // A change made through the running portal is in the backup too.
    expect(
      await askPortal(source, 'admin-create', { email: 'kept@example.org', role: 'admin' }),
    ).toMatchObject({
      created: true,
    });
    const seen = await pages(portal, id);

    const backup = await command('backup', { DATA_DIR: source }, '--out', out);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(/the running portal wrote the dump/);
    const [file] = await fs.readdir(out);
    expect(file).toMatch(/^portal-pglite-\d{8}T\d{6}Z\.tar\.gz$/);
    expect((await fs.stat(path.join(out, file as string))).mode & 0o777).toBe(0o600);
    // The portal kept serving meanwhile and still holds its database.
    expect((await fetch(`${portal.base}/api/auth/subscribe/toggle/`)).status).toBe(200);
    await stop(portal);
    const sourceDb = await openDatabase({ dataDir });
    const expected = await counts(sourceDb.db);
    await sourceDb.close();
    expect(expected.staff).toBe(1);

    const restored = await command('restore', { DATA_DIR: target }, path.join(out, file as string));
    expect(restored.code, restored.stderr).toBe(0);
    // Only into an empty DATA_DIR: a second restore there is refused and changes nothing.
    const again = await command('restore', { DATA_DIR: target }, path.join(out, file as string));
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/is not empty: restore into a new DATA_DIR/);

    const second = await startPortalProcess({ ...portalEnv, DATA_DIR: target, DATABASE_URL: '' });
    portals.push(second);
    expect(await pages(second, id)).toEqual(seen);
    await stop(second);
    const targetDb = await openDatabase({ dataDir: path.join(target, 'pglite') });
    try {
      expect(await counts(targetDb.db)).toEqual(expected);
      expect(await typoMatchCost(targetDb.db)).toBe(TYPO_MATCH_COST);
    } finally {
      await targetDb.close();
    }
  }, 420_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('npm run backup and restore: PostgreSQL', () => {
  const drops: (() => Promise<unknown>)[] = [];
  const portals: PortalProcess[] = [];
  afterAll(async () => {
    for (const p of portals) await stop(p);
    for (const d of drops.reverse()) await d().catch(() => {});
  });

  it('restores into an empty database what the portal had, and the start sets the search cost again', async () => {
    const source = await seededDatabase('postgres');
    drops.push(() => source.drop());
    const id = await rename(source.database.db);
    const url = source.url as string;
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-backup-pg-'));
    drops.push(() => fs.rm(root, { recursive: true, force: true }));

    const portal = await startPortalProcess({
      ...portalEnv,
      DATA_DIR: path.join(root, 'a'),
      DATABASE_URL: url,
    });
    portals.push(portal);
    const seen = await pages(portal, id);
    const expected = await counts(source.database.db);
    expect(await typoMatchCost(source.database.db)).toBe(TYPO_MATCH_COST);

    const out = path.join(root, 'backups');
    const backup = await command('backup', { DATABASE_URL: url }, '--out', out);
    expect(backup.code, backup.stderr).toBe(0);
    const [file] = await fs.readdir(out);
    expect(file).toMatch(/^portal-postgres-\d{8}T\d{6}Z\.dump$/);
    await stop(portal);

    // An empty database beside the first one.
    const name = `${new URL(url).pathname.slice(1)}_restored`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    drops.push(async () => {
      const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    });
    const target = new URL(url);
    target.pathname = `/${name}`;
    const restored = await command(
      'restore',
      { DATABASE_URL: target.toString() },
      path.join(out, file as string),
    );
    expect(restored.code, restored.stderr).toBe(0);
    const again = await command(
      'restore',
      { DATABASE_URL: target.toString() },
      path.join(out, file as string),
    );
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/has tables already/);

    const restoredDb = await openDatabase({ url: target.toString(), poolSize: 1 });
    drops.push(() => restoredDb.close());
    // The dump does not carry the extension function's cost: the portal's start sets it.
    expect(await typoMatchCost(restoredDb.db)).toBe(1);
    const second = await startPortalProcess({
      ...portalEnv,
      DATA_DIR: path.join(root, 'b'),
      DATABASE_URL: target.toString(),
    });
    portals.push(second);
    expect(await pages(second, id)).toEqual(seen);
    expect(await counts(restoredDb.db)).toEqual(expected);
    expect(await typoMatchCost(restoredDb.db)).toBe(TYPO_MATCH_COST);
  }, 420_000);
});
