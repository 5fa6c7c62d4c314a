import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { TYPO_THRESHOLD } from '../lib/search.js';
import type { DB } from './schema.js';

// Dates stay 'YYYY-MM-DD' strings, numerics become numbers: the API sends them as such.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export interface Database {
  /** The database the portal writes to (and reads from, unless a read replica is configured). */
  db: Kysely<DB>;
  /** Where the content is read from: a read replica (DATABASE_READ_URL), otherwise `db` itself. */
  readDb: Kysely<DB>;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** `postgres://...`; when absent, an embedded PGlite database. */
  url?: string | undefined;
  /** PGlite data directory; `memory://` for a throwaway in-memory database. */
  dataDir?: string;
  poolSize?: number;
}

/**
 * Every connection gets the search matcher's typo threshold as pg_trgm's word similarity
 * threshold, so its `word <% name` can use the names' trigram indexes (a word_similarity() call
 * cannot, and made PostgreSQL scan every row: docs/performance.md).
 */
function onEveryConnection(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    client.query(`set pg_trgm.word_similarity_threshold = ${TYPO_THRESHOLD}`).catch((err: Error) => {
      console.warn(`could not set the search threshold on a connection: ${err.message}`);
    });
  });
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle connection that the server drops (restart, failover, admin termination) must not
    // crash the process: the pool replaces it on the next query.
    pool.on('error', (err) => console.warn(`database connection lost: ${err.message}`));
    onEveryConnection(pool);
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, readDb: db, kind: 'postgres', close: () => db.destroy() };
  }
  const dataDir = options.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) await fs.mkdir(path.dirname(dataDir), { recursive: true });
  // Every open of a data directory must load the extensions it was created with.
  const pglite = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  const pool = new pg.Pool({ ...createPgConfig(pglite), max: 1 });
  onEveryConnection(pool);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    readDb: db,
    kind: 'pglite',
    async close() {
      await db.destroy();
      await pglite.close();
    },
  };
}

/**
 * The same database with its content reads sent to a read replica (a PostgreSQL standby that
 * follows the primary): the content API and the pages only read, the visitor forms and the mail
 * queue write to the primary (docs/performance.md, "Scaling out").
 */
export async function withReadReplica(primary: Database, url: string, poolSize?: number): Promise<Database> {
  const replica = await openDatabase({ url, poolSize: poolSize ?? 10 });
  return {
    ...primary,
    readDb: replica.db,
    async close() {
      await replica.close();
      await primary.close();
    },
  };
}
