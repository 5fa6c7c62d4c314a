import fs from 'node:fs/promises';
import path from 'node:path';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  type Migration,
  type MigrationProvider,
  Migrator,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
} from 'kysely';
import { migrationsDir } from '../paths.js';
import type { DB } from './schema.js';

// Migrations are plain SQL files, so the same schema runs on PGlite and PostgreSQL and can be read
// without knowing the application.
class SqlFileProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await fs.readdir(migrationsDir)).filter((f) => f.endsWith('.sql')).sort();
    const migrations: Record<string, Migration> = {};
    for (const file of files) {
      const text = await fs.readFile(path.join(migrationsDir, file), 'utf8');
      migrations[file.replace(/\.sql$/, '')] = {
        up: async (db) => {
          await sql.raw(text).execute(db);
        },
      };
    }
    return migrations;
  }
}

/**
 * Tables to vacuum after a migration that rewrote them. VACUUM cannot run inside the migration's
 * transaction, and until it runs the rewritten tables' visibility map is empty: every count and
 * every page of a list, answered from an index alone before, then visits the table (list p50 at
 * factor 10 8 → 98 ms after 008 until the vacuum).
 */
const vacuumAfter: Record<string, string[]> = {
  '008-search-inline': ['places', 'routes', 'events', 'news'],
  '009-search-all-languages': ['places', 'routes', 'events', 'news', 'tourism_types', 'directions'],
  '012-search-word-counts': ['search_word_counts'],
  // filled in one statement per table: its statistics are what the filters' plans choose by
  '033-content-gaps': ['content_gaps'],
};

/**
 * The advisory lock key of the portal's migration run (any number no other part of the portal
 * uses): servers that start together on one PostgreSQL database take turns, and the second finds
 * nothing left to do.
 */
export const MIGRATION_LOCK_KEY = 720_055_032;

/**
 * The planner's price of pg_trgm's word similarity test (011-typo-match-cost.sql says why 100).
 * It is a property of an extension's function, which a dump does not carry (pg_dump and a restore
 * bring the extension back with its own defaults): set at every start, it survives a restore.
 */
export const TYPO_MATCH_COST = 100;

/**
 * Sets the typo match's cost when it differs. A database user that does not own pg_trgm's functions
 * may not change it: the search then plans as before, and the warning says what to run.
 */
export async function applySearchCost(db: Kysely<DB>, warn: (msg: string) => void = () => {}): Promise<void> {
  const found = await sql<{ cost: number }>`
    select procost as cost from pg_proc
    where oid = to_regprocedure('word_similarity_op(text, text)')`.execute(db);
  const cost = found.rows[0]?.cost;
  if (cost === undefined || Number(cost) === TYPO_MATCH_COST) return;
  try {
    await sql.raw(`alter function word_similarity_op(text, text) cost ${TYPO_MATCH_COST}`).execute(db);
  } catch (err) {
    if ((err as { code?: string }).code !== '42501') throw err;
    warn(
      `the search plans better after, as the owner of pg_trgm: alter function word_similarity_op(text, text) cost ${TYPO_MATCH_COST}`,
    );
  }
}

/**
 * Kysely on one connection that is already checked out: the migration lock is a session's, so the
 * migrations, the vacuum and the search cost must run on the connection that holds it. (Kysely's own
 * `connection()` cannot be nested: the migrator asks for a connection again and would wait forever.)
 */
function onConnection(connection: DatabaseConnection): Kysely<DB> {
  const run = (c: DatabaseConnection, text: string) => c.executeQuery(CompiledQuery.raw(text)).then(() => {});
  const driver: Driver = {
    init: async () => {},
    acquireConnection: async () => connection,
    beginTransaction: (c) => run(c, 'begin'),
    commitTransaction: (c) => run(c, 'commit'),
    rollbackTransaction: (c) => run(c, 'rollback'),
    releaseConnection: async () => {},
    destroy: async () => {},
  };
  return new Kysely<DB>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => driver,
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
}

/**
 * Applies the migrations not applied yet and returns their names; then sets what a dump does not
 * keep (`applySearchCost`). The whole run holds a session advisory lock: of several servers that
 * start together, one migrates, the others wait for it and then find nothing to do (and none
 * vacuums or alters a function at the same time as another).
 */
export async function migrateToLatest(
  db: Kysely<DB>,
  warn: (msg: string) => void = (msg) => console.warn(msg),
): Promise<string[]> {
  return db.getExecutor().provideConnection(async (connection) => {
    const one = onConnection(connection);
    await sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`.execute(one);
    try {
      const migrator = new Migrator({ db: one, provider: new SqlFileProvider() });
      const { error, results } = await migrator.migrateToLatest();
      if (error) {
        const failed = results?.find((r) => r.status === 'Error');
        const message = error instanceof Error ? error.message : String(error);
        throw new Error(`migration ${failed?.migrationName ?? '?'} failed: ${message}`, { cause: error });
      }
      const applied = (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
      const tables = [...new Set(applied.flatMap((name) => vacuumAfter[name] ?? []))];
      if (tables.length) await sql.raw(`vacuum analyze ${tables.join(', ')}`).execute(one);
      await applySearchCost(one, warn);
      return applied;
    } finally {
      // A connection lost meanwhile took its lock with it: nothing else to release.
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.execute(one).catch(() => {});
    }
  });
}
