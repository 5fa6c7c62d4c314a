import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
import pg from 'pg';
import { TYPO_THRESHOLD } from '../lib/search.js';
import { lockDataDir } from './data-dir-lock.js';
import { FailureLog, isDatabaseUnavailable } from './failures.js';
import { currentRequestWait } from './request-wait.js';
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
  /** Where database outages are written, once per kind and minute (the app points it at its log). */
  failures: FailureLog;
  /**
   * PostgreSQL: the longest a request waits for this database in all, in ms (the app runs each
   * request within it: server/db/request-wait.ts); undefined: no such limit.
   */
  requestTimeoutMs?: number | undefined;
  /**
   * The embedded database only: its data directory as a gzipped tar (PGlite's own dump, which
   * `loadDataDir` opens again), for `npm run backup` while the portal runs.
   */
  dumpDataDir?: () => Promise<Blob>;
  /** PostgreSQL's connection pools (the primary's, the read replica's), for the metrics. */
  pools?: WatchedPool[];
  close(): Promise<void>;
}

/** What a pool tells whoever watches it (the metrics): each wait for a connection, each timeout. */
export interface PoolEvents {
  waited(seconds: number): void;
  timedOut(kind: 'connect' | 'query'): void;
}

export interface WatchedPool {
  name: 'primary' | 'replica';
  pool: pg.Pool;
  /** Replaced by the watcher; nobody listens at first. */
  events: PoolEvents;
}

export interface DatabaseOptions {
  /** `postgres://...`; when absent, an embedded PGlite database. */
  url?: string | undefined;
  /** PGlite data directory; `memory://` for a throwaway in-memory database. */
  dataDir?: string;
  /** PGlite: a data directory dumped by `dumpDataDir`, to create `dataDir` from (it must be empty). */
  loadDataDir?: Blob;
  poolSize?: number;
  /**
   * PostgreSQL: the longest to wait for a connection, to open one or for one of the pool to be
   * free (ms; 0 or absent: no limit). The embedded database runs in the process and cannot hang.
   */
  connectTimeoutMs?: number;
  /** PostgreSQL: the longest to wait for the answer to one query (ms; 0 or absent: no limit). */
  queryTimeoutMs?: number;
  /** PostgreSQL: the longest a request waits for the database in all (ms; absent: no limit). */
  requestTimeoutMs?: number;
  failures?: FailureLog;
}

/**
 * Every connection gets
 * - the search matcher's typo threshold as pg_trgm's word similarity threshold, so its
 *   `word <% name` can use the names' trigram indexes (a word_similarity() call cannot, and made
 *   PostgreSQL scan every row: docs/performance.md);
 * - sequential scans that start at the table's first page. With PostgreSQL's default, a scan of a
 *   large table starts where the last one stopped, so a search that reads "the first 101 matches"
 *   (the lists' and the search page's capped counts) read different rows each time: different
 *   results for the same query, and pages not in memory (its p99 was 5 times its median);
 * - no JIT compilation (decision 060). PostgreSQL compiles a statement whose estimated cost passes
 *   `jit_above_cost`, and it estimates a set-returning function at a thousand rows a call: the media
 *   library's "where is this photo used" (2 ms of work over the demo's few hundred items) was
 *   compiled for 1.5 s on every read, past a request's database allowance (a 503 on upload). The
 *   portal's statements are short; none gains from compiling.
 */
function onEveryConnection(pool: pg.Pool, failures: FailureLog): void {
  pool.on('connect', (client) => {
    const settings = `set pg_trgm.word_similarity_threshold = ${TYPO_THRESHOLD}; set synchronize_seqscans = off; set jit = off`;
    client.query(settings).catch((err: Error) => {
      if (isDatabaseUnavailable(err)) failures.note(err);
      else console.warn(`could not set the search settings on a connection: ${err.message}`);
    });
  });
}

const warnOnConsole = (line: string) => console.warn(line);

/** The most statements prepared on one connection (the server keeps each one's plan). */
const maxPrepared = 500;
const preparable = /^\s*(select|with)\s/i;
/** `select *`, `select "places".*`, `, t.*`: every column of a table. */
const allColumns = /(select|,)\s*("?\w+"?\.)?\*/i;
/**
 * Statements whose best plan depends on their values: a Chinese search (022-search-han-grams.sql)
 * walks the primary key for a character in half the section and probes the index for a rare one.
 * A prepared statement's plan turns generic after five runs, which cannot know which: at factor 10
 * such searches went from 20-60 ms to 150-800 ms after the first few. They are planned each time.
 */
const plannedWithValues = /search_han_grams\(/;

/**
 * Names for the read statements, so that every connection parses and plans each one once and then
 * only runs it (a named prepared statement). The list calls send the same few statements again and
 * again with other values: their parsing and planning cost the database about as much as running
 * them (docs/performance.md's history, "Uncached answers"). Only single SELECTs are named: a migration's
 * script of several statements cannot be prepared; nor a `select *`, whose prepared plan fails
 * ("cached plan must not change result type") once a newer version's migration adds a column
 * while this process runs. The text is the key: Kysely writes the same text for the same query
 * shape, the values go as parameters.
 */
export class StatementNames {
  private readonly names = new Map<string, string>();

  nameOf(text: string): string | undefined {
    let name = this.names.get(text);
    if (name === undefined) {
      if (this.names.size >= maxPrepared || text.includes(';')) return undefined;
      if (!preparable.test(text) || allColumns.test(text) || plannedWithValues.test(text)) return undefined;
      name = `portal_${this.names.size + 1}`;
      this.names.set(text, name);
    }
    return name;
  }
}

type Query = (...args: unknown[]) => unknown;

/**
 * `client.query(text, values)` as a named prepared statement when `names` gives the text one, and
 * with its own `query_timeout` (ms) when one is given.
 */
function preparedQuery(
  query: Query,
  names: StatementNames,
): (args: unknown[], timeoutMs?: number) => unknown {
  return (args, timeoutMs) => {
    const [text, values] = args;
    if (typeof text !== 'string') return query(...args);
    const name = names.nameOf(text);
    if (name === undefined && timeoutMs === undefined) return query(...args);
    return query({ text, values, ...(name && { name }), ...(timeoutMs && { query_timeout: timeoutMs }) });
  };
}

/** What pg says when a wait for a connection ends: the failure classification knows it. */
const connectTimeoutMessage = 'timeout exceeded when trying to connect';
/** What pg says when the wait for a query's answer ends. */
const queryTimeoutMessage = 'Query read timeout';

/** A query given up on: by pg (its read timeout) or by the server (statement_timeout). */
function isQueryTimeout(err: unknown): boolean {
  const e = err as { message?: unknown; code?: unknown } | null;
  return e?.message === queryTimeoutMessage || e?.code === '57014';
}

/**
 * `pool.connect()`, given up on when the current request's allowance to wait
 * (server/db/request-wait.ts) ends first; a connection that arrives after that goes back to the
 * pool unused.
 */
async function connectWithin(pool: pg.Pool): Promise<pg.PoolClient> {
  const wait = currentRequestWait();
  if (!wait) return pool.connect();
  const left = wait.left();
  if (left <= 0) throw new Error(connectTimeoutMessage);
  const ended = wait.begin();
  const connecting = pool.connect();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(connectTimeoutMessage)), left);
  });
  try {
    return await Promise.race([connecting, late]);
  } catch (err) {
    connecting.then(
      (client) => client.release(),
      () => {},
    );
    throw err;
  } finally {
    clearTimeout(timer);
    ended();
  }
}

/**
 * pg's pool for Kysely, except that
 * - inside a request, a query waits at most what is left of the request's allowance (pg's
 *   per-query `query_timeout`), and the pool's own limit elsewhere;
 * - a client whose query timed out or lost its connection is closed when released instead of going
 *   back to the pool: its connection may still be waiting for the answer that never came, and
 *   every later query on it would wait behind that one.
 */
function closingBrokenClients(
  pool: pg.Pool,
  names: StatementNames,
  queryTimeoutMs: number,
  watched: WatchedPool,
): PostgresPool {
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    let broken: Error | undefined;
    const prepared = preparedQuery(client.query.bind(client) as Query, names);
    const query = (...args: unknown[]) => {
      const wait = currentRequestWait();
      let ended: (() => void) | undefined;
      let timeoutMs: number | undefined;
      if (wait) {
        const left = wait.left();
        if (left <= 0) return Promise.reject(new Error(queryTimeoutMessage));
        timeoutMs = Math.ceil(queryTimeoutMs > 0 ? Math.min(left, queryTimeoutMs) : left);
        ended = wait.begin();
      }
      const result = prepared(args, timeoutMs);
      if (!(result instanceof Promise)) {
        ended?.();
        return result;
      }
      return result.then(
        (rows: unknown) => {
          ended?.();
          return rows;
        },
        (err: unknown) => {
          ended?.();
          if (isDatabaseUnavailable(err)) broken = err as Error;
          if (isQueryTimeout(err)) watched.events.timedOut('query');
          throw err;
        },
      );
    };
    const release = () => {
      const err = broken;
      broken = undefined;
      client.release(err);
    };
    return { query, release } as PostgresPoolClient;
  };
  return {
    async connect() {
      const asked = performance.now();
      const client = await connectWithin(pool).catch((err: Error) => {
        if (err.message === connectTimeoutMessage) watched.events.timedOut('connect');
        throw err;
      });
      watched.events.waited((performance.now() - asked) / 1000);
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = wrap(client);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}

/** pg's pool for Kysely, with the read statements prepared (`StatementNames`). */
function preparing(pool: pg.Pool, names: StatementNames): PostgresPool {
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        const prepared = preparedQuery(client.query.bind(client) as Query, names);
        const query = (...args: unknown[]) => prepared(args);
        wrapper = { query, release: () => client.release() } as PostgresPoolClient;
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const failures = options.failures ?? new FailureLog(warnOnConsole);
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: options.connectTimeoutMs || 0,
      query_timeout: options.queryTimeoutMs || undefined,
      // The server stops a statement the portal would no longer wait for, even when the client
      // gave up and closed its connection (PostgreSQL notices that only when it answers).
      statement_timeout: options.queryTimeoutMs || undefined,
      // a connection the network lost without a word is noticed by the system, not only on use
      keepAlive: true,
      // A new connection's first queries on a table plan slowly (its catalog caches are empty:
      // 10-100 ms for the search's statements); pg's default closed connections idle for 10 s, so
      // every burst after a quiet spell paid that again.
      idleTimeoutMillis: 10 * 60_000,
    });
    // A connection that the server drops (restart, failover, admin termination, a network that
    // fails) must not crash the process, whether it is idle (the pool's 'error') or in use (the
    // client's own, which has no listener while it is checked out): the pool replaces it.
    const lost = (err: Error) => failures.note(err, 'database connection lost');
    pool.on('error', lost);
    pool.on('connect', (client) => client.on('error', lost));
    onEveryConnection(pool, failures);
    const watched: WatchedPool = { name: 'primary', pool, events: { waited() {}, timedOut() {} } };
    const db = new Kysely<DB>({
      dialect: new PostgresDialect({
        pool: closingBrokenClients(pool, new StatementNames(), options.queryTimeoutMs ?? 0, watched),
      }),
    });
    return {
      db,
      readDb: db,
      kind: 'postgres',
      failures,
      requestTimeoutMs: options.requestTimeoutMs,
      pools: [watched],
      close: () => db.destroy(),
    };
  }
  const dataDir = options.dataDir ?? 'memory://';
  let unlock = async () => {};
  if (!dataDir.startsWith('memory://')) {
    await fs.mkdir(path.dirname(dataDir), { recursive: true });
    // One process at a time: a second one would work on its own copy of the pages (data-dir-lock.ts).
    unlock = await lockDataDir(path.resolve(dataDir));
  }
  let pglite: PGlite;
  try {
    // Every open of a data directory must load the extensions it was created with.
    pglite = await PGlite.create(dataDir, {
      extensions: { pg_trgm },
      ...(options.loadDataDir && { loadDataDir: options.loadDataDir }),
    });
  } catch (err) {
    await unlock();
    throw err;
  }
  const pool = new pg.Pool({ ...createPgConfig(pglite), max: 1 });
  onEveryConnection(pool, failures);
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool: preparing(pool, new StatementNames()) }),
  });
  return {
    db,
    readDb: db,
    kind: 'pglite',
    failures,
    async dumpDataDir() {
      // The dump copies the files between two queries: a checkpoint first writes every committed
      // page, so that opening the copy has little of the write-ahead log to replay.
      await pglite.exec('checkpoint');
      return pglite.dumpDataDir('gzip');
    },
    async close() {
      try {
        await db.destroy();
        await pglite.close();
      } finally {
        await unlock();
      }
    },
  };
}

/**
 * The same database with its content reads sent to a read replica (a PostgreSQL standby that
 * follows the primary): the content API and the pages only read, the visitor forms and the mail
 * queue write to the primary (docs/performance.md, the bench's `scaleout` part).
 */
export async function withReadReplica(
  primary: Database,
  options: Omit<DatabaseOptions, 'dataDir' | 'failures'> & { url: string },
): Promise<Database> {
  const replica = await openDatabase({ ...options, failures: primary.failures });
  const replicaPools = (replica.pools ?? []).map((p) => Object.assign(p, { name: 'replica' as const }));
  return {
    ...primary,
    readDb: replica.db,
    pools: [...(primary.pools ?? []), ...replicaPools],
    async close() {
      await replica.close();
      await primary.close();
    },
  };
}
