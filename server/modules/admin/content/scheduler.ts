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
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const n = await publishDue(app.db, (trx) => app.contentChanges.announce(trx));
      if (n) {
        app.contentChanges.committed();
        app.log.info(`published ${n} scheduled item(s)`);
      }
    } catch (err) {
      if (isDatabaseUnavailable(err)) app.database.failures.note(err as Error);
      else app.log.error({ err: { message: (err as Error).message } }, 'publishing scheduled items failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(tick, scheduleEveryMs);
  timer.unref();
  app.addHook('onReady', async () => {
    void tick();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
