// WORKERS=2: the real portal as a primary with two server processes on one port (PostgreSQL only).
// Both answer, a killed worker is replaced while the other keeps answering, and SIGTERM to the
// primary closes everything with exit code 0.

import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../helpers/app.js';
import { startPortalProcess } from '../helpers/portal-process.js';

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

/** The pids that logged an answered request. */
const answeringPids = (output: string) =>
  new Set(
    output
      .split('\n')
      .filter((l) => l.includes('"msg":"request"'))
      .map((l) => Number(/"pid":(\d+)/.exec(l)?.[1])),
  );

async function until(what: string, check: () => boolean, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const describePostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

describePostgres('WORKERS=2 on postgres', () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c().catch(() => {});
  });

  it('serves from two processes, replaces a killed one, and closes all on SIGTERM', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-cluster-'));
    cleanup.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    const fresh = await freshDatabase('postgres');
    cleanup.push(() => fresh.drop());
    const portal = await startPortalProcess({
      DATA_DIR: dataDir,
      DATABASE_URL: fresh.url as string,
      WORKERS: '2',
    });
    cleanup.push(async () => portal.child.kill('SIGKILL'));
    await until('two workers', () => readyWorkers(portal.output()).length === 2);
    const [first, second] = readyWorkers(portal.output()) as [number, number];
    expect(portal.output()).toMatch(/started 2 workers/);

    // Parallel requests open several connections; the primary hands them to both workers.
    // Each on a new connection, as a new visitor's: a kept-alive one may lead to the worker killed below.
    const list = () =>
      new Promise<number>((resolve, reject) => {
        http
          .get(`${portal.base}/api/attractions/?limit=3`, { agent: false }, (r) => {
            let body = '';
            r.setEncoding('utf8');
            r.on('data', (chunk: string) => {
              body += chunk;
            });
            r.on('end', () => {
              if (r.statusCode === 200) resolve((JSON.parse(body) as { count: number }).count);
              else reject(new Error(`status ${r.statusCode}: ${body}`));
            });
          })
          .on('error', reject);
      });
    const counts = await Promise.all(Array.from({ length: 40 }, list));
    expect(new Set(counts).size).toBe(1);
    await until('answers from both', () => {
      const pids = answeringPids(portal.output());
      return pids.has(first) && pids.has(second);
    });

    // A worker dies: the other answers at once, and a new one takes its place.
    process.kill(first, 'SIGKILL');
    await until('the dead worker gone', () => !alive(first));
    expect(await list()).toBe(counts[0]);
    await until('a third worker', () => readyWorkers(portal.output()).length === 3);
    const third = readyWorkers(portal.output())[2] as number;
    expect(portal.output()).toMatch(new RegExp(`worker ${first} exited \\(SIGKILL\\)`));

    // SIGTERM to the primary: every worker closes gracefully, the primary exits with 0.
    portal.child.kill('SIGTERM');
    expect(await portal.exited).toBe(0);
    await until('the workers gone', () => !alive(second) && !alive(third), 15_000);
    expect(portal.output()).toMatch(/SIGTERM received: closing 2 workers/);
  }, 120_000);
});
