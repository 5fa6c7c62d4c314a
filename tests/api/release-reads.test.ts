// The previous release's reads against the new schema. While servers restart one at a time, the
// previous release serves from the database the new release has migrated (decision 55): each
// statement it sends must still run. tests/fixtures/release-reads.json holds the statements that
// the public API of a release sent (recorded by this file with RECORD_RELEASE_READS=1: the app on
// the demo content answers every public GET of its OpenAPI document); here each of them runs on a
// database migrated to the newest migration. Record them again once a release is out:
//   RECORD_RELEASE_READS=1 npx vitest run --project api tests/api/release-reads.test.ts
//   npx biome check --write tests/fixtures/release-reads.json

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  CompiledQuery,
  type Kysely,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  PostgresQueryCompiler,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import type { DB } from '../../server/db/schema.js';
import { migrationsDir } from '../../server/paths.js';
import { seededDatabase } from '../helpers/app.js';

const fixture = path.join(import.meta.dirname, '../fixtures/release-reads.json');
const recording = !!process.env.RECORD_RELEASE_READS;

interface Recorded {
  /** The newest migration of the release that sent them. */
  migration: string;
  statements: { sql: string; parameters: unknown[] }[];
}

/** Every SELECT the database is sent, as its text and values (the first time each text is seen). */
class Recorder implements KyselyPlugin {
  readonly statements = new Map<string, unknown[]>();
  private readonly compiler = new PostgresQueryCompiler();
  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    const compiled = this.compiler.compileQuery(node, queryId);
    if (/^\s*(select|with)\s/i.test(compiled.sql) && !this.statements.has(compiled.sql))
      this.statements.set(compiled.sql, [...compiled.parameters]);
    return node;
  }
  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}

/** The public GET addresses of the OpenAPI document, their path parameters filled in. */
function publicGets(doc: { paths: Record<string, { get?: unknown }> }): string[] {
  const values: Record<string, string> = {
    id: '1',
    lang: 'en',
    slug: 'information',
    z: '8',
    x: '150',
    y: '75',
  };
  return Object.entries(doc.paths)
    .filter(([p, item]) => item.get && p.startsWith('/api/') && !p.startsWith('/api/admin'))
    .map(([p]) => p.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '1'))
    .map((p) => (p.startsWith('/api/search') ? `${p}?q=${encodeURIComponent('крепость')}` : p));
}

/** The statements that fail on this database, each with its error, in a transaction undone after. */
async function failing(db: Kysely<DB>, recorded: Recorded): Promise<string[]> {
  const failures: string[] = [];
  for (const { sql, parameters } of recorded.statements) {
    try {
      await db.executeQuery(CompiledQuery.raw(sql, parameters));
    } catch (err) {
      failures.push(`${(err as Error).message}: ${sql.slice(0, 120)}`);
    }
  }
  return failures;
}

const latest = async () =>
  (await fs.readdir(migrationsDir))
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .at(-1)
    ?.replace(/\.sql$/, '') as string;

describe.runIf(recording)('recording the public reads of this release', () => {
  it('answers every public GET and keeps the statements it sent', async () => {
    const fresh = await seededDatabase('pglite');
    const recorder = new Recorder();
    const db = fresh.database.db.withPlugin(recorder);
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-reads-'));
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const app = await buildApp({ config, database: { ...fresh.database, db, readDb: db } });
    try {
      const doc = (await app.inject({ url: '/api/docs/json' })).json();
      for (const url of publicGets(doc)) {
        for (const lang of ['ru', 'en', 'zh'])
          await app.inject({ url, headers: { 'accept-language': lang } });
      }
    } finally {
      await app.close();
      await fresh.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
    const recorded: Recorded = {
      migration: await latest(),
      statements: [...recorder.statements].map(([sql, parameters]) => ({ sql, parameters })),
    };
    expect(recorded.statements.length).toBeGreaterThan(20);
    await fs.writeFile(fixture, `${JSON.stringify(recorded, null, 1)}\n`);
  }, 120_000);
});

describe.skipIf(recording)("the previous release's reads run on the newest schema", () => {
  let fresh: Awaited<ReturnType<typeof seededDatabase>>;
  let recorded: Recorded;
  beforeAll(async () => {
    recorded = JSON.parse(await fs.readFile(fixture, 'utf8'));
    fresh = await seededDatabase('pglite');
  });
  afterAll(() => fresh?.drop());

  it('runs every recorded statement', async () => {
    expect(recorded.migration <= (await latest())).toBe(true);
    expect(await failing(fresh.database.db, recorded)).toEqual([]);
  });

  it('would fail on a schema that dropped a column the release reads', async () => {
    let failures: string[] = [];
    // Undone after: the transaction ends with an error.
    await fresh.database.db
      .transaction()
      .execute(async (trx) => {
        await trx.executeQuery(CompiledQuery.raw('alter table places drop column phone'));
        failures = await failing(trx, recorded);
        throw new Error('undo');
      })
      .catch(() => {});
    expect(failures.some((f) => f.includes('column') && f.includes('phone'))).toBe(true);
  });
});
