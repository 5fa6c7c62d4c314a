import path from 'node:path';
import { sql } from 'kysely';
import { type Config, loadConfig } from './config.js';
import { type Database, openDatabase, withReadReplica } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { seedIfEmpty } from './db/seed.js';

/** Opens the configured database, brings its schema up to date and, if it is empty, loads the demo content. */
export async function prepareDatabase(
  config: Config,
  log: (msg: string) => void = () => {},
): Promise<Database> {
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'pglite'),
  });
  try {
    const applied = await migrateToLatest(database.db);
    if (applied.length) log(`applied migrations: ${applied.join(', ')}`);
    if (config.seedOnStart && (await seedIfEmpty(database.db)))
      log('loaded the demo content into the empty database');
  } catch (err) {
    await database.close();
    throw err;
  }
  if (!config.databaseReadUrl) return database;
  const replicated = await withReadReplica(database, config.databaseReadUrl);
  try {
    const [ours, theirs] = await Promise.all([latestMigration(database), latestMigration(replicated, true)]);
    if (theirs !== ours) {
      log(
        `warning: the read replica (DATABASE_READ_URL) has schema ${theirs ?? 'none'}, the primary ${ours}: ` +
          'content reads fail until it has caught up',
      );
    } else log('content reads go to the read replica (DATABASE_READ_URL)');
  } catch (err) {
    await replicated.close();
    throw new Error(`DATABASE_READ_URL: the read replica does not answer: ${(err as Error).message}`);
  }
  return replicated;
}

/** The newest migration a database has: of the primary (`db`), or of where it reads (`readDb`). */
async function latestMigration(database: Database, read = false): Promise<string | null> {
  const db = read ? database.readDb : database.db;
  const exists = await sql<{ t: string | null }>`select to_regclass('kysely_migration')::text as t`.execute(
    db,
  );
  if (!exists.rows[0]?.t) return null;
  const row = await sql<{ name: string | null }>`select max(name) as name from kysely_migration`.execute(db);
  return row.rows[0]?.name ?? null;
}

export { loadConfig };
