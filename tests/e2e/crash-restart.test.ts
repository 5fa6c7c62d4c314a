// How long the portal takes to answer again after a crash, with two server processes on
// PostgreSQL (WORKERS=2), run from the production build as `npm start` runs it. A worker that dies
// is replaced while the other answers; a primary that dies takes its workers with it (the port is
// its), and the service manager starts the portal again: that start is what visitors wait for.

import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../helpers/app.js';
import { startPortalProcess } from '../helpers/portal-process.js';
import { describeE2E } from './setup/browser.js';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The pids of the workers that said they are ready, in order. */
const readyWorkers = (output: string) =>
  [...output.matchAll(/portal ready on [^"]*worker (\d+)/g)].map((m) => Number(m[1]));

async function until(what: string, check: () => boolean, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A content answer on a new connection (a new visitor's), its status or the network error. */
const content = (base: string) =>
  new Promise<number | string>((resolve) => {
    const req = http.get(`${base}/api/attractions/?limit=3`, { agent: false, timeout: 5000 }, (r) => {
      r.resume();
      r.on('end', () => resolve(r.statusCode ?? 0));
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
    req.on('timeout', () => req.destroy(new Error('no answer within 5 s')));
  });

/** PostgreSQL (TEST_DATABASE_URL): WORKERS above 1 needs it. */
const describeCluster = (name: string, fn: () => void) =>
  process.env.TEST_DATABASE_URL
    ? describeE2E(name, fn)
    : describe.skip(`${name} (needs TEST_DATABASE_URL)`, fn);

describeCluster('WORKERS=2 on PostgreSQL after a crash', () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c().catch(() => {});
  });

  async function cluster() {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-restart-'));
    cleanup.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    const fresh = await freshDatabase('postgres');
    cleanup.push(() => fresh.drop());
    const env = { DATA_DIR: dataDir, DATABASE_URL: fresh.url as string, WORKERS: '2', LOG_LEVEL: 'info' };
    const portal = await startPortalProcess(env, { build: true });
    cleanup.push(async () => portal.child.kill('SIGKILL'));
    await until('two workers', () => readyWorkers(portal.output()).length === 2);
    return { env, portal };
  }

  it('a killed worker: new visitors are answered throughout, and a new worker takes its place', async () => {
    const { portal } = await cluster();
    const [killed] = readyWorkers(portal.output()) as [number];
    process.kill(killed, 'SIGKILL');
    const started = performance.now();
    const failures: (number | string)[] = [];
    while (readyWorkers(portal.output()).length < 3) {
      const status = await content(portal.base);
      if (status !== 200) failures.push(status);
      expect(performance.now() - started).toBeLessThan(30_000);
    }
    expect(failures).toEqual([]);
    portal.child.kill('SIGTERM');
    expect(await portal.exited, portal.output()).toBe(0);
  });

  it('a killed primary: started again, the portal answers the content API within 10 s', async () => {
    const { env, portal } = await cluster();
    const orphans = readyWorkers(portal.output());
    portal.child.kill('SIGKILL');
    await portal.exited;

    const started = performance.now();
    const again = await startPortalProcess(env, { build: true });
    cleanup.push(async () => again.child.kill('SIGKILL'));
    const status = await content(again.base);
    const ms = Math.round(performance.now() - started);
    console.log(`WORKERS=2 on PostgreSQL: started again after the primary was killed, answered in ${ms} ms`);
    expect(status).toBe(200);
    expect(ms).toBeLessThan(10_000);
    // The killed primary's workers do not stay behind.
    await until('the old workers gone', () => orphans.every((pid) => !alive(pid)), 15_000);

    again.child.kill('SIGTERM');
    expect(await again.exited, again.output()).toBe(0);
  });
});
