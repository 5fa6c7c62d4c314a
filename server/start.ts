import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { type Config, loadConfig } from './config.js';
import { type Database, openDatabase, withReadReplica } from './db/database.js';
import { isEmpty } from './db/empty.js';
import { unavailableCause } from './db/failures.js';
import { migrateToLatest } from './db/migrate.js';
import { firstAdminLink, linkPath } from './modules/admin/auth/links.js';
import { contentDir } from './paths.js';

/**
 * A database failure at start as one line naming the setting to look at: the database's address,
 * or the timeout it ran into. Other errors pass unchanged.
 */
function startError(err: unknown, config: Config, setting: 'DATABASE_URL' | 'DATABASE_READ_URL'): unknown {
  const cause = unavailableCause(err);
  if (!cause) return err;
  const message = cause.message;
  if (
    /^(timeout exceeded when trying to connect|Connection terminated due to connection timeout)/.test(message)
  ) {
    return new Error(
      `${setting}: the database did not answer within ${config.databaseConnectTimeoutMs} ms (DATABASE_CONNECT_TIMEOUT_MS)`,
    );
  }
  if (message.startsWith('Query read timeout')) {
    return new Error(
      `${setting}: the database did not answer a query within ${config.databaseQueryTimeoutMs} ms (DATABASE_QUERY_TIMEOUT_MS)`,
    );
  }
  return new Error(`${setting}: the database does not answer: ${message}`);
}

/**
 * Loads the demo content (content/) into the empty database. The demo content and its loader are
 * imported only here: a portal whose content the staff keep runs without the content/ folder, and
 * starts empty when there is none.
 */
async function seedDemoContent(database: Database, log: (msg: string) => void): Promise<void> {
  if (!fs.existsSync(path.join(contentDir, 'data'))) {
    log('the database is empty and there is no demo content (content/data): starting without content');
    return;
  }
  const { seedIfEmpty } = await import('./db/seed.js');
  if (await seedIfEmpty(database.db)) log('loaded the demo content into the empty database');
}

/**
 * Opens the configured database, brings its schema up to date and, if it is empty, loads the demo
 * content. `upToDate`: another process (the cluster's primary) has just done that: only open it.
 */
export async function prepareDatabase(
  config: Config,
  log: (msg: string) => void = () => {},
  { upToDate = false } = {},
): Promise<Database> {
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'pglite'),
    connectTimeoutMs: config.databaseConnectTimeoutMs,
    queryTimeoutMs: config.databaseQueryTimeoutMs,
    requestTimeoutMs: config.databaseRequestTimeoutMs,
  });
  if (!upToDate) {
    try {
      // Migrations may take minutes on a large database: on PostgreSQL they run on a connection of
      // their own, without the query timeout that the serving pool has.
      const migrator = config.databaseUrl
        ? await openDatabase({
            url: config.databaseUrl,
            poolSize: 1,
            connectTimeoutMs: config.databaseConnectTimeoutMs,
            failures: database.failures,
          })
        : database;
      try {
        const applied = await migrateToLatest(migrator.db);
        if (applied.length) log(`applied migrations: ${applied.join(', ')}`);
        if (config.seedOnStart && (await isEmpty(migrator.db))) await seedDemoContent(migrator, log);
      } finally {
        if (migrator !== database) await migrator.close();
      }
    } catch (err) {
      await database.close();
      throw startError(err, config, 'DATABASE_URL');
    }
  }
  return withReplica(database, config, log);
}

/** The database with its read replica (DATABASE_READ_URL) when there is one, checked. */
async function withReplica(
  database: Database,
  config: Config,
  log: (msg: string) => void,
): Promise<Database> {
  if (!config.databaseReadUrl) return database;
  const replicated = await withReadReplica(database, {
    url: config.databaseReadUrl,
    connectTimeoutMs: config.databaseConnectTimeoutMs,
    queryTimeoutMs: config.databaseQueryTimeoutMs,
    requestTimeoutMs: config.databaseRequestTimeoutMs,
  });
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
    const line = startError(err, config, 'DATABASE_READ_URL') as Error;
    throw line === err
      ? new Error(`DATABASE_READ_URL: the read replica does not answer: ${(err as Error).message}`)
      : line;
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

/**
 * With no staff account yet, prints a one-time link (valid an hour) that creates the first admin:
 * the operator who started the portal is the one who sees it. A new start prints a new link.
 */
export async function announceFirstAdminLink(
  database: Database,
  config: Config,
  log: (msg: string) => void,
): Promise<void> {
  // After the portal listens: a database that fails now is an outage like any later one, which
  // the requests answer with 503, not a reason to stop the portal.
  const token = await firstAdminLink(database.db).catch((err: Error) => {
    log(`could not check for staff accounts (${err.message}): no setup link printed`);
    return null;
  });
  if (token) {
    log(
      `no staff account yet: create the first admin within an hour at ${config.publicUrl}${linkPath(token)} ` +
        '(or run npm run admin:create -- --email <address> --role admin)',
    );
  }
}
