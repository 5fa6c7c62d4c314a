import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, inject } from 'vitest';
import { type Content, loadContent } from '../../content/load.js';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { type Database, openDatabase } from '../../server/db/database.js';
import { migrateToLatest } from '../../server/db/migrate.js';
import { seedIfEmpty } from '../../server/db/seed.js';
import { contentDir } from '../../server/paths.js';
import { checkAnswers } from './openapi.js';

export type DatabaseKind = 'pglite' | 'postgres';

/** This run's migrated databases holding the demo content, made once by the API tests' global setup. */
export interface SeededDatabases {
  /** A PGlite data directory, closed, to copy; '' when none was made. */
  pglite: string;
  /** A PostgreSQL database to copy with `create database ... template`; '' when none was made. */
  postgres: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    seededDatabases: SeededDatabases;
  }
}

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL points at a server. */
export const databaseKinds: DatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

let content: Promise<Content> | undefined;
export function demoContent(): Promise<Content> {
  content ??= loadContent(path.join(contentDir, 'data'));
  return content;
}

/**
 * A fresh database of the given kind, empty or a copy of `copyOf` (a PGlite data directory, a
 * PostgreSQL template database). An empty PGlite one is in memory; a copy is a data directory in a
 * temporary folder: copying the files and opening them takes a second, loading them into memory
 * (`loadDataDir`) five, creating an empty database seven. PostgreSQL gets a throwaway database.
 */
export async function freshDatabase(
  kind: DatabaseKind,
  copyOf = '',
): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  if (kind === 'pglite' && !copyOf) {
    const database = await openDatabase({ dataDir: 'memory://' });
    return { database, drop: () => database.close() };
  }
  if (kind === 'pglite') {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-pglite-'));
    const dataDir = path.join(dir, 'pgdata');
    await fs.cp(copyOf, dataDir, { recursive: true });
    const database = await openDatabase({ dataDir });
    return {
      database,
      async drop() {
        await database.close();
        await fs.rm(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `portal_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await onTestServer(`create database ${name}${copyOf ? ` template ${copyOf}` : ''}`);
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 4 });
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close();
      await onTestServer(`drop database if exists ${name} with (force)`);
    },
  };
}

/** One statement on TEST_DATABASE_URL's own database, on a connection of its own. */
async function onTestServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database of the given kind holding the demo content: a copy of this run's seeded
 * database when the global setup made one, otherwise migrated and seeded here (a script, or a
 * project without that setup).
 */
export async function seededDatabase(kind: DatabaseKind): ReturnType<typeof freshDatabase> {
  const copyOf = seededByTheRun(kind);
  if (copyOf) return freshDatabase(kind, copyOf);
  const fresh = await freshDatabase(kind);
  await migrateToLatest(fresh.database.db);
  await seedIfEmpty(fresh.database.db, await demoContent());
  return fresh;
}

function seededByTheRun(kind: DatabaseKind): string | undefined {
  return process.env.VITEST ? inject('seededDatabases')?.[kind] || undefined : undefined;
}

/**
 * A copy of this run's seeded PGlite data directory at `dataDir` (which must not exist yet), for a
 * portal process or script to open; false, and nothing copied, when the run made none.
 */
export async function copySeededPglite(dataDir: string): Promise<boolean> {
  const seeded = seededByTheRun('pglite');
  if (!seeded) return false;
  await fs.cp(seeded, dataDir, { recursive: true });
  return true;
}

/**
 * Migrates and seeds one database of each kind, for every test file to copy (`seededDatabase`):
 * the migrations still run once per test run, the seed data is loaded once instead of per file.
 * A copy is a template for PostgreSQL, which copies a database only while nothing is connected to
 * it, so no connection to it is left open and none is allowed.
 */
export async function makeSeededDatabases(): Promise<{ made: SeededDatabases; drop(): Promise<void> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-seeded-'));
  const drops: (() => Promise<unknown>)[] = [() => fs.rm(dir, { recursive: true, force: true })];
  const drop = async () => {
    for (const d of drops.reverse()) await d().catch(() => {});
  };
  const made: SeededDatabases = { pglite: '', postgres: '' };
  try {
    await Promise.all(
      databaseKinds.map(async (kind) => {
        if (kind === 'pglite') {
          // Closed cleanly, so that a copy opens without recovering anything.
          const dataDir = path.join(dir, 'pglite');
          const database = await openDatabase({ dataDir });
          try {
            await migrateToLatest(database.db);
            await seedIfEmpty(database.db, await demoContent());
          } finally {
            await database.close();
          }
          made.pglite = dataDir;
          return;
        }
        const fresh = await freshDatabase('postgres');
        const name = new URL(fresh.url as string).pathname.slice(1);
        drops.push(() => onTestServer(`drop database if exists ${name} with (force)`));
        try {
          await migrateToLatest(fresh.database.db);
          await seedIfEmpty(fresh.database.db, await demoContent());
        } finally {
          await fresh.database.close();
        }
        await onTestServer(`alter database ${name} with allow_connections false`);
        made.postgres = name;
      }),
    );
  } catch (err) {
    await drop();
    throw err;
  }
  return { made, drop };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** The PostgreSQL database's address (none for PGlite). */
  url?: string;
  dataDir: string;
  close(): Promise<void>;
}

/** The whole server on a fresh database holding the demo content, for `app.inject`. */
export async function createTestApp(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  /** The folder of a back office build to serve under /admin (server/admin-web.ts). */
  admin?: string,
  /** The server build of the public pages (server/web.ts `loadWebBuild`): without it, the API only. */
  web?: ServerBuild | null,
): Promise<TestApp> {
  const fresh = await seededDatabase(kind);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://portal.test',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
    // the app knows its PostgreSQL database's address, as in production (it listens for changes there)
    ...(fresh.url ? { DATABASE_URL: fresh.url } : {}),
    ...env,
  });
  const app = await buildApp({ config, database: fresh.database, admin: admin ?? null, web: web ?? null });
  await app.ready();
  checkAnswers(app);
  return {
    app,
    database: fresh.database,
    ...(fresh.url ? { url: fresh.url } : {}),
    dataDir,
    async close() {
      await app.close();
      await fresh.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Another portal process on the same database and DATA_DIR as `t` (as a second server behind a
 * load balancer would be), with its own settings (`env`, added to the test app's); closed by the
 * caller, before `t`.
 */
export async function createSecondApp(
  t: TestApp,
  env: Record<string, string> = {},
): Promise<FastifyInstance> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: t.dataDir,
    PUBLIC_URL: 'http://portal.test',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
    ...(t.url ? { DATABASE_URL: t.url } : {}),
    ...env,
  });
  const app = await buildApp({ config, database: t.database, admin: null, web: null });
  await app.ready();
  checkAnswers(app);
  return app;
}

/** Starts a test app before the tests of a describe block and closes it after them. */
export function useTestApp(kind: DatabaseKind): { readonly t: TestApp; readonly c: Content } {
  const state = {} as { t: TestApp; c: Content };
  beforeAll(async () => {
    state.t = await createTestApp(kind);
    state.c = await demoContent();
  });
  afterAll(() => state.t?.close());
  return state;
}
