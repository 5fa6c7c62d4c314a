import type { FastifyInstance } from 'fastify';
import { sql, type Transaction } from 'kysely';
import pg from 'pg';
import type { DB } from '../db/schema.js';

declare module 'fastify' {
  interface FastifyInstance {
    contentChanges: ContentChanges;
  }
}

/** The PostgreSQL channel on which every portal process hears of a content change. */
export const contentChannel = 'portal_content_changed';

/**
 * What answers hold content (the response cache, the map's points, the directories' names) drop
 * it when the content changes, in every portal process at once:
 * - a change is announced inside the transaction that makes it (`announce`): PostgreSQL delivers a
 *   NOTIFY on commit only, so no process drops its answers before the change is visible, and none
 *   hears of a change that was rolled back;
 * - each process listens on its own connection and drops what it holds when it hears one; after
 *   that connection was lost it drops everything too (a change may have come meanwhile), then
 *   listens again;
 * - with the embedded database there is one process: it drops its answers after the commit.
 */
export interface ContentChanges {
  /** Called in the writing transaction; PostgreSQL tells every process once it commits. */
  announce(trx: Transaction<DB>): Promise<void>;
  /** Called after the commit: drops this process's answers at once (the others hear the NOTIFY). */
  committed(): void;
  /** Runs `drop` whenever the content changed, in this process or another. */
  onChange(drop: () => void): void;
  /** Runs a write in a transaction that announces it, then drops this process's answers. */
  change<T>(work: (trx: Transaction<DB>) => Promise<T>): Promise<T>;
}

export function registerContentChanges(app: FastifyInstance): void {
  const listeners: (() => void)[] = [];
  const dropAll = () => {
    for (const drop of listeners) {
      try {
        drop();
      } catch (err) {
        app.log.error({ err: { message: (err as Error).message } }, 'dropping cached content failed');
      }
    }
  };
  const changes: ContentChanges = {
    async announce(trx) {
      if (app.database.kind === 'postgres') await sql`select pg_notify(${contentChannel}, '')`.execute(trx);
    },
    committed: dropAll,
    onChange(drop) {
      listeners.push(drop);
    },
    async change(work) {
      const result = await app.db.transaction().execute(async (trx) => {
        const out = await work(trx);
        await changes.announce(trx);
        return out;
      });
      changes.committed();
      return result;
    },
  };
  app.decorate('contentChanges', changes);
  if (app.database.kind === 'postgres' && app.config.databaseUrl)
    listen(app, app.config.databaseUrl, dropAll);
}

/** LISTEN on a connection of its own, again and again after a loss (1 s, 2 s, ... up to 30 s apart). */
function listen(app: FastifyInstance, url: string, dropAll: () => void): void {
  let client: pg.Client | null = null;
  let closing = false;
  let delay = 1000;
  let timer: NodeJS.Timeout | undefined;
  let warned = 0;
  const again = () => {
    if (closing) return;
    timer = setTimeout(connect, delay);
    timer.unref();
    delay = Math.min(delay * 2, 30_000);
  };
  const connect = async () => {
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000, keepAlive: true });
    client = c;
    let lost = false;
    const onLost = (err?: Error) => {
      if (lost) return;
      lost = true;
      if (!closing && Date.now() - warned > 60_000) {
        warned = Date.now();
        app.log.warn(
          `content changes: lost the listening connection (${err?.message ?? 'closed'}), listening again`,
        );
      }
      c.end().catch(() => {});
      again();
    };
    c.on('error', onLost);
    c.on('end', () => onLost());
    c.on('notification', (message) => {
      if (message.channel === contentChannel) dropAll();
    });
    try {
      await c.connect();
      await c.query(`listen ${contentChannel}`);
      delay = 1000;
      // whatever changed while no one listened is dropped now
      dropAll();
    } catch (err) {
      onLost(err as Error);
    }
  };
  void connect();
  app.addHook('onClose', async () => {
    closing = true;
    clearTimeout(timer);
    await client?.end().catch(() => {});
  });
}
