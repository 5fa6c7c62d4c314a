import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import net from 'node:net';

/** This run's SECRET_KEY for the portal processes it starts: made here, never stored. */
const runSecretKey = crypto.randomBytes(32).toString('base64');

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface PortalProcess {
  child: ChildProcess;
  base: string;
  /** Everything the process (and its workers) wrote so far. */
  output: () => string;
  exited: Promise<number | null>;
  /** The exit code once the process's output is read to its end as well (a log's last lines). */
  closed: Promise<number | null>;
}

/**
 * The real portal (`server/main.ts`, API only) in a child process, once it answers. `build`: the
 * production build (`dist/server/main.js`, which the end-to-end projects make) instead of the
 * sources, for a test of how fast it starts: compiling TypeScript at start doubles its CPU time.
 * `env.PORT`: that port (a server started again where a proxy expects it), else a free one.
 */
export async function startPortalProcess(
  env: Record<string, string>,
  { build = false, preload = [] as string[] } = {},
): Promise<PortalProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  // `preload`: modules imported before the portal's (`--import`), as files of the project.
  const imports = preload.flatMap((file) => ['--import', `./${file}`]);
  const main = build
    ? [...imports, 'dist/server/main.js']
    : ['--import', 'tsx', ...imports, 'server/main.ts'];
  const child = spawn(process.execPath, main, {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      SEED_ON_START: 'true',
      FEEDBACK_RATE_LIMIT: '100000',
      WEB_BUILD_DIR: '/nonexistent-web-build',
      MEDIA_PRERENDER: 'false',
      // Production with DATABASE_URL requires one (the same for every process of a run).
      SECRET_KEY: runSecretKey,
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const closed = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`portal exited on start:\n${out}`);
    try {
      if ((await fetch(`${base}/api/auth/subscribe/toggle/`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error(`portal did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, base, output: () => out, exited, closed };
}

/**
 * The log lines an outage left in a portal's output, as their messages. Only the JSON lines of the
 * logger count: the first admin's setup link (or the note that it could not be checked), printed
 * once after the start, is for the operator's terminal and may fall into the window.
 */
export function outageLogMessages(logged: string): string[] {
  return logged
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => (JSON.parse(line) as { msg: string }).msg);
}

/**
 * An outage is in the log once per kind, never once per request: the refused or timed-out
 * connections, the pool's connections it cut (closed or reset), the mail queue's and the
 * content-change listener's. A handful of lines, and never the same message twice.
 */
export const outageKinds = 6;
