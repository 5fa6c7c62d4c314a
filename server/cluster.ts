import cluster, { type Worker } from 'node:cluster';
import type { Config } from './config.js';
import { announceFirstAdminLink, prepareDatabase } from './start.js';

// `WORKERS` > 1: several server processes on one machine share the port (node:cluster hands each
// new connection to one of them), one per core, like nginx's workers. What they share lives in
// PostgreSQL (content, the mail queue: rows claimed with `skip locked`) and, for the rate limits,
// Redis; each keeps its own response cache. docs/performance.md, the bench's `scaleout` part.

/** The message a worker gets from the primary when it should close gracefully. */
export const SHUTDOWN = 'portal:shutdown';
/** A worker asks whether the database is up to date; the primary answers DATABASE_READY once it is. */
export const DATABASE_ASK = 'portal:database?';
export const DATABASE_READY = 'portal:database-ready';

/** More exits than this per worker within a minute: something is wrong with every start. */
const MAX_RESTARTS_PER_MINUTE = 3;

export interface PrimaryLog {
  info(message: string): void;
  error(message: string): void;
}

/**
 * The primary process: starts the first server process and meanwhile brings the database up to
 * date once (the worker loads its code at the same time and opens the database when it is ready:
 * a start after a crash takes the longer of the two, not their sum), then the others once it
 * listens; starts another when one dies (a second later), and on SIGTERM or SIGINT asks each to
 * close (they finish their requests) and exits when all have. The primary loads no more code than
 * this needs.
 */
export async function runPrimary(config: Config, log: PrimaryLog): Promise<void> {
  // The workers take new connections from the shared port themselves. With node's default on
  // Linux, the primary accepts each and hands it to a worker: one handed to a worker as it dies is
  // neither answered nor closed, and its visitor waits until their own timeout.
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  let prepared = false;
  const asking = new Set<Worker>();
  cluster.on('message', (worker, message) => {
    if (message !== DATABASE_ASK) return;
    if (prepared) worker.send(DATABASE_READY);
    else asking.add(worker);
  });

  let closing = false;
  let failed = false;
  // One worker renders the pictures ahead (MEDIA_PRERENDER), not each of them the same pictures.
  let rendersAhead: number | undefined;
  const fork = () => {
    const renders = config.mediaPrerender && !(rendersAhead !== undefined && cluster.workers?.[rendersAhead]);
    const worker = cluster.fork(renders ? {} : { MEDIA_PRERENDER: 'false' });
    if (renders) rendersAhead = worker.id;
  };
  const exits: number[] = [];
  const alive = () => Object.values(cluster.workers ?? {}).filter((w) => w && !w.isDead());

  // A worker listens once it can close gracefully on SHUTDOWN; until then a message could come
  // before it listens for one, and a signal is what stops it (it has nothing to finish).
  const listening = new Set<number>();
  cluster.on('listening', (worker) => listening.add(worker.id));
  const stop = (reason: string) => {
    if (closing) return;
    closing = true;
    log.info(`${reason}: closing ${alive().length} workers`);
    for (const worker of alive()) {
      if (worker && listening.has(worker.id)) worker.send(SHUTDOWN);
      else worker?.process.kill('SIGTERM');
    }
    if (!alive().length) process.exit(failed ? 1 : 0);
    // the workers give up after 10 s themselves (close-with-grace); this is the last resort
    setTimeout(() => {
      for (const worker of alive()) worker?.kill('SIGKILL');
      process.exit(1);
    }, 15_000).unref();
  };

  cluster.on('exit', (worker, code, signal) => {
    if (closing) {
      if (!alive().length) process.exit(failed ? 1 : 0);
      return;
    }
    const now = Date.now();
    exits.push(now);
    while ((exits[0] as number) < now - 60_000) exits.shift();
    log.error(`worker ${worker.process.pid} exited (${signal ?? `code ${code}`})`);
    if (exits.length > config.workers * MAX_RESTARTS_PER_MINUTE) {
      failed = true;
      stop('workers keep exiting');
      return;
    }
    setTimeout(() => {
      if (!closing) fork();
    }, 1000).unref();
  });
  process.on('SIGTERM', () => stop('SIGTERM received'));
  process.on('SIGINT', () => stop('SIGINT received'));

  // The first worker alone, the others once it listens: on a machine with few cores they would
  // share them with it, and visitors wait for the first.
  fork();
  cluster.once('listening', () => {
    if (closing) return;
    for (let i = 1; i < config.workers; i++) fork();
    log.info(`primary ${process.pid}: started ${config.workers} workers`);
  });

  // The sum of every worker's metrics, on METRICS_PORT (prom-client, loaded only then).
  if (config.metricsPort) await (await import('./lib/metrics-server.js')).serveClusterMetrics(config);

  let database: Awaited<ReturnType<typeof prepareDatabase>>;
  try {
    database = await prepareDatabase(config, log.info);
  } catch (err) {
    closing = true;
    failed = true;
    for (const worker of alive()) worker?.kill('SIGKILL');
    throw err;
  }
  prepared = true;
  for (const worker of asking) if (!worker.isDead()) worker.send(DATABASE_READY);
  asking.clear();
  await announceFirstAdminLink(database, config, log.info);
  await database.close();
  if (!config.redisUrl) {
    log.info(
      `${config.workers} workers without REDIS_URL: each keeps its own count of the forms' rate limits`,
    );
  }
}

/**
 * In a worker: resolves when the primary has brought the database up to date; a worker whose
 * primary is gone meanwhile exits.
 */
export function primaryPrepared(): Promise<void> {
  return new Promise((resolve) => {
    const gone = () => process.exit(1);
    process.once('disconnect', gone);
    const onMessage = (message: unknown) => {
      if (message !== DATABASE_READY) return;
      process.off('message', onMessage);
      process.off('disconnect', gone);
      resolve();
    };
    process.on('message', onMessage);
    process.send?.(DATABASE_ASK);
  });
}
