import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** This run's SECRET_KEY for the portal processes it starts: made here, never stored. */
const runSecretKey = crypto.randomBytes(32).toString('base64');

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resident memory of a process and its children (a cluster's workers) in MB (Linux). */
/**
 * The CPU time a process has used so far (user and system, ms; its threads included: the writes
 * libuv's pool makes for it too). Ticks of 10 ms: read over seconds of work, not one request.
 */
export function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // the fields after the command's name, which is in parentheses and may hold spaces
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export function rssMb(pid: number): number {
  return Math.round(rssKb(pid) / 1024);
}

function rssKb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    const own = m ? Number(m[1]) : 0;
    return own + (children ? children.split(/\s+/).reduce((sum, c) => sum + rssKb(Number(c)), 0) : 0);
  } catch {
    return 0;
  }
}

export interface Portal {
  url: string;
  port: number;
  pid: number;
  /** Milliseconds from spawning the process to the first 200 of GET /. */
  startupMs: number;
  stop(): Promise<void>;
}

/**
 * Starts `node dist/server/main.js` (the production build) and waits for its first served page.
 * `build`: another build folder of this project (`--baseline`), its server with its own web build.
 */
export async function startPortal(
  env: Record<string, string>,
  label = 'portal',
  /** Where its standard output (the log) goes: an open file's descriptor; else nowhere. */
  stdout?: number,
  build = 'dist',
): Promise<Portal> {
  const port = await freePort();
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, [path.join(build, 'server/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      MAP_TILE_URL: '',
      // Measured: the portal serving, not the portal rendering every picture after its first start.
      MEDIA_PRERENDER: 'false',
      // Production with DATABASE_URL requires one (the same for every process of a run).
      SECRET_KEY: runSecretKey,
      ...(build === 'dist'
        ? {}
        : { WEB_BUILD_DIR: path.join(build, 'web'), ADMIN_BUILD_DIR: path.join(build, 'admin') }),
      ...env,
    },
    stdio: ['ignore', stdout ?? 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr = (stderr + d).slice(-4000);
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${label} exited (${child.exitCode}): ${stderr}`);
    try {
      const r = await fetch(`${url}/`);
      await r.arrayBuffer();
      if (r.status === 200) break;
    } catch {}
    if (performance.now() - started > 600_000) throw new Error(`${label} did not start: ${stderr}`);
    await sleep(20);
  }
  const startupMs = Math.round(performance.now() - started);
  return {
    url,
    port,
    pid: child.pid as number,
    startupMs,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
      }),
  };
}

/** Runs a command to completion, throwing with its output when it fails. */
export function run(cmd: string, args: string[], env: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: root, env: { ...process.env, ...env } });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve(out)
        : reject(new Error(`${cmd} ${args.join(' ')} failed (${code}):\n${out.slice(-3000)}`)),
    );
  });
}
