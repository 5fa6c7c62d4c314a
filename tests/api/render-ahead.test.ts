// MEDIA_PRERENDER: the real portal renders the content's pictures ahead in a child process whose
// every thread runs at nice 19 (the serving process stays at its own priority), and that child
// ends with the portal: on SIGTERM, and when the portal is killed without closing.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copySeededPglite } from '../helpers/app.js';
import { type PortalProcess, startPortalProcess } from '../helpers/portal-process.js';

/** A thread's or process's state and nice value from /proc (the fields after the command's name). */
function procStat(file: string): { state: string; nice: number } | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0] as string, nice: Number(fields[16]) };
}

/** Whether a process still runs (a zombie has ended; only its parent has not read its exit yet). */
const running = (pid: number) => {
  const stat = procStat(`/proc/${pid}/stat`);
  return !!stat && stat.state !== 'Z' && stat.state !== 'X';
};

const childrenOf = (pid: number): number[] =>
  fs
    .readdirSync(`/proc/${pid}/task`)
    .flatMap((tid) => fs.readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim().split(/\s+/))
    .filter(Boolean)
    .map(Number);

async function until<T>(what: string, check: () => T | undefined | false, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = check();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const files = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => /\.(jpg|webp|avif)$/.test(f))
    : [];

describe.skipIf(process.platform !== 'linux')('rendering ahead (MEDIA_PRERENDER)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-render-ahead-'));
  const portals: PortalProcess[] = [];
  afterAll(() => {
    for (const p of portals) if (p.child.exitCode === null) p.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** The portal, and its renders-ahead child once that has rendered a picture. */
  async function portalRenderingAhead(): Promise<{ portal: PortalProcess; renderer: number }> {
    const portal = await startPortalProcess({ DATA_DIR: dataDir, DATABASE_URL: '', MEDIA_PRERENDER: 'true' });
    portals.push(portal);
    const pid = portal.child.pid as number;
    const before = files(path.join(dataDir, 'media-cache')).length;
    const renderer = await until('the renders-ahead process', () => childrenOf(pid)[0]);
    await until('a picture rendered ahead', () => files(path.join(dataDir, 'media-cache')).length > before);
    return { portal, renderer };
  }

  it('renders in a child whose every thread is at nice 19, and stops it on SIGTERM', async () => {
    await copySeededPglite(path.join(dataDir, 'pglite'));
    const { portal, renderer } = await portalRenderingAhead();
    const pid = portal.child.pid as number;
    expect(procStat(`/proc/${pid}/stat`)?.nice).toBe(0);
    const threads = fs.readdirSync(`/proc/${renderer}/task`);
    // V8's threads made before the child lowered itself, libuv's and libvips's made after.
    expect(threads.length).toBeGreaterThan(4);
    for (const tid of threads) expect(procStat(`/proc/${renderer}/task/${tid}/stat`)?.nice, tid).toBe(19);

    portal.child.kill('SIGTERM');
    expect(await portal.exited).toBe(0);
    await until('the renderer to end', () => !running(renderer), 5_000);
  }, 180_000);

  it('ends when the portal is killed without closing', async () => {
    const { portal, renderer } = await portalRenderingAhead();
    portal.child.kill('SIGKILL');
    await portal.exited;
    await until('the renderer to end', () => !running(renderer), 5_000);
  }, 180_000);
});
