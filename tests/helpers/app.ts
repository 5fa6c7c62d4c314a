import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { type Content, loadContent } from '../../content/load.js';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { type Database, openDatabase } from '../../server/db/database.js';
import { migrateToLatest } from '../../server/db/migrate.js';
import { seedIfEmpty } from '../../server/db/seed.js';
import { contentDir } from '../../server/paths.js';
import { checkAnswers } from './openapi.js';

export type DatabaseKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL points at a server. */
export const databaseKinds: DatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

let content: Promise<Content> | undefined;
export function demoContent(): Promise<Content> {
  content ??= loadContent(path.join(contentDir, 'data'));
  return content;
}

/** A fresh, empty database of the given kind; PostgreSQL gets a throwaway database of its own. */
export async function freshDatabase(
  kind: DatabaseKind,
): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  if (kind === 'pglite') {
    const database = await openDatabase({ dataDir: 'memory://' });
    return { database, drop: () => database.close() };
  }
  const admin = new URL(process.env.TEST_DATABASE_URL as string);
  const name = `portal_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 4 });
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close();
      const c = new pg.Client({ connectionString: admin.toString() });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  dataDir: string;
  close(): Promise<void>;
}

/** The whole server on a fresh database holding the demo content, for `app.inject`. */
export async function createTestApp(kind: DatabaseKind, env: Record<string, string> = {}): Promise<TestApp> {
  const fresh = await freshDatabase(kind);
  await migrateToLatest(fresh.database.db);
  await seedIfEmpty(fresh.database.db, await demoContent());
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://portal.test',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
    ...env,
  });
  const app = await buildApp({ config, database: fresh.database });
  await app.ready();
  checkAnswers(app);
  return {
    app,
    database: fresh.database,
    dataDir,
    async close() {
      await app.close();
      await fresh.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
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
