// The request log is written by a thread of its own (server/lib/log-destination.ts), so lines wait
// in memory for a moment: the real portal in a child process answers a burst of requests (once
// while nothing reads its output) and is then stopped at once, by SIGTERM or by an error nothing
// catches, and every answer must have its line in what the process wrote, the crash's own too.

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startPortalProcess } from '../helpers/portal-process.js';

const requests = 1_000;

/** `count` GET requests, 32 at a time, each with its own number in the query; all must answer 200. */
async function burst(base: string, count: number): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (next < count) {
        const n = next++;
        const r = await fetch(`${base}/api/auth/subscribe/toggle/?n=${n}`);
        await r.arrayBuffer();
        expect(r.status).toBe(200);
      }
    }),
  );
}

/** The numbers of the burst's requests that have an access-log line in `output`. */
function loggedNumbers(output: string): Set<number> {
  const seen = new Set<number>();
  for (const line of output.split('\n')) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line) as { msg?: string; url?: string };
    const n = entry.msg === 'request' ? /[?&]n=(\d+)/.exec(entry.url ?? '')?.[1] : undefined;
    if (n !== undefined) seen.add(Number(n));
  }
  return seen;
}

describe('the request log', () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c().catch(() => {});
  });

  it('answers on while the reader of its output has stopped reading, and keeps every line', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-log-'));
    cleanup.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    const portal = await startPortalProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'info', SEED_ON_START: 'false' });
    cleanup.push(async () => portal.child.kill('SIGKILL'));
    // The pipe holds 64 KB (about 300 lines): a writer that waits for it would stop answering.
    portal.child.stdout?.pause();
    await burst(portal.base, requests);
    portal.child.stdout?.resume();
    portal.child.kill('SIGTERM');
    expect(await portal.closed).toBe(0);
    const logged = loggedNumbers(portal.output());
    expect(Array.from({ length: requests }, (_, n) => n).filter((n) => !logged.has(n))).toEqual([]);
  }, 120_000);

  it.each([
    ['closed by SIGTERM', 'SIGTERM', 0],
    ['crashed by an uncaught error', 'SIGWINCH', 1],
  ] as const)(
    'keeps a line for every answer when the portal is %s right after them',
    async (_, signal, code) => {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-log-'));
      cleanup.push(() => fs.rm(dataDir, { recursive: true, force: true }));
      const portal = await startPortalProcess(
        { DATA_DIR: dataDir, LOG_LEVEL: 'info', SEED_ON_START: 'false' },
        { preload: ['tests/helpers/throw-on-signal.mjs'] },
      );
      cleanup.push(async () => portal.child.kill('SIGKILL'));

      await burst(portal.base, requests);
      portal.child.kill(signal);
      expect(await portal.closed).toBe(code);

      const output = portal.output();
      const logged = loggedNumbers(output);
      const missing = Array.from({ length: requests }, (_, n) => n).filter((n) => !logged.has(n));
      expect(missing).toEqual([]);
      const lines = output.split('\n').filter((line) => line.startsWith('{'));
      const last = JSON.parse(lines.at(-1) as string) as { msg: string; err?: { message: string } };
      if (signal === 'SIGWINCH') {
        const crash = lines
          .map((line) => JSON.parse(line) as { msg: string; err?: { message: string } })
          .find((entry) => entry.msg === 'server closing after an error');
        expect(crash?.err?.message, lines.slice(-5).join('\n')).toMatch(/thrown where nothing catches it/);
      } else {
        expect(last.msg).toMatch(/SIGTERM, closing/);
      }
      // a portal process starts in seconds, but seeds its demo content first: slow on a busy machine
    },
    120_000,
  );
});
