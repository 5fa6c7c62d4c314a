import type { FastifyInstance } from 'fastify';
import { isDatabaseUnavailable } from '../../../db/failures.js';
import { publishDue } from './repository.js';

/** How often each portal process looks for scheduled items whose time has come. */
export const scheduleEveryMs = 30_000;

/**
 * Publishes scheduled items when their time comes: every process looks now and then; rows are
 * claimed with `for update skip locked`, so with several processes each item is published once.
 * An item is public at most `scheduleEveryMs` after its time.
 */
export function startScheduler(app: FastifyInstance): void {
  let running: Promise<void> | undefined;
  let closing = false;
  const tick = () => {
    if (running || closing) return running;
    running = publish().finally(() => {
      running = undefined;
    });
    return running;
  };
  const publish = async () => {
    try {
      const n = await publishDue(app.db, (trx) => app.contentChanges.announce(trx));
      if (n) {
        app.contentChanges.committed();
        app.log.info(`published ${n} scheduled item(s)`);
      }
    } catch (err) {
      if (isDatabaseUnavailable(err)) app.database.failures.note(err as Error);
      else app.log.error({ err: { message: (err as Error).message } }, 'publishing scheduled items failed');
    }
  };
  const timer = setInterval(tick, scheduleEveryMs);
  timer.unref();
  app.addHook('onReady', async () => {
    void tick();
  });
  // A closing process (a rolling restart) starts no round and lets the one running commit: its row
  // locks end with its transaction, before the database is closed.
  app.addHook('onClose', async () => {
    closing = true;
    clearInterval(timer);
    await running;
  });
}
