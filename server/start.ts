import path from 'node:path';
import { type Config, loadConfig } from './config.js';
import { type Database, openDatabase } from './db/database.js';
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
  return database;
}

export { loadConfig };
