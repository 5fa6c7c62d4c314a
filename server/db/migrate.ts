import fs from 'node:fs/promises';
import path from 'node:path';
import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
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
};

export async function migrateToLatest(db: Kysely<DB>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new SqlFileProvider() });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`migration ${failed?.migrationName ?? '?'} failed: ${message}`, { cause: error });
  }
  const applied = (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  const tables = [...new Set(applied.flatMap((name) => vacuumAfter[name] ?? []))];
  if (tables.length) await sql.raw(`vacuum analyze ${tables.join(', ')}`).execute(db);
  return applied;
}
