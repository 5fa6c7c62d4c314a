import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { run } from './proc.js';

export interface LoadResult {
  /** Answers in all (wrk counts the requests answered). */
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  bytesPerReq: number;
}

const WRK = '/usr/bin/wrk';

/** Debian's wrk, installed with apt-get when missing (the harness runs as root). */
export async function ensureWrk(): Promise<void> {
  try {
    await fs.access(WRK);
  } catch {
    console.log('installing wrk ...');
    await run('apt-get', ['update', '-q']);
    await run('apt-get', ['install', '-y', '-q', 'wrk'], { DEBIAN_FRONTEND: 'noninteractive' });
  }
}

const luaString = (s: string) => `"${s.replace(/[\\"]/g, '\\$&').replace(/\n/g, '\\n')}"`;

/**
 * The wrk script: the paths asked in turn (when more than one: a server cannot answer them all from
 * one cached answer), and at the end one line of JSON with the counts and the latency percentiles.
 */
function script(paths: string[]): string {
  const rotate =
    paths.length > 1
      ? `local paths = { ${paths.map(luaString).join(', ')} }
local i = 0
request = function()
  i = i + 1
  return wrk.format(nil, paths[(i % #paths) + 1])
end
`
      : '';
  return `${rotate}done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'WRK_JSON {"requests":%d,"duration_us":%d,"bytes":%d,"socket_errors":%d,"status_errors":%d,"timeouts":%d,"p50_us":%d,"p99_us":%d}\\n',
    summary.requests, summary.duration, summary.bytes, e.connect + e.read + e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(99)))
end
`;
}

/**
 * wrk at `connections` for `seconds`, as a browser asks (gzip). One wrk thread: the machine's other
 * core is left to the server. wrk is written in C and does not tire before the server does, as a
 * load generator in one Node process did (autocannon saturated near 30-45k req/s here, so nginx's
 * and a bare Node server's rates were the generator's, not theirs). `paths` (absolute, on the
 * origin of `url`) are asked in turn instead of the URL's own path.
 */
export async function load(
  url: string,
  options: {
    connections?: number;
    seconds: number;
    headers?: Record<string, string>;
    paths?: string[];
    /** A request not answered in this many seconds counts as an error (wrk: 2). */
    timeoutSeconds?: number;
  },
): Promise<LoadResult> {
  await ensureWrk();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-wrk-'));
  try {
    const lua = path.join(dir, 'run.lua');
    await fs.writeFile(lua, script(options.paths ?? []));
    const headers = { 'accept-encoding': 'gzip', ...options.headers };
    const target = options.paths?.length === 1 ? new URL(options.paths[0] as string, url).toString() : url;
    const out = await run(WRK, [
      '-t1',
      `-c${options.connections ?? 50}`,
      `-d${options.seconds}s`,
      `--timeout=${options.timeoutSeconds ?? 10}s`,
      '-s',
      lua,
      ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]),
      target,
    ]);
    const line = /^WRK_JSON (.*)$/m.exec(out)?.[1];
    if (!line) throw new Error(`wrk printed no result:\n${out.slice(-2000)}`);
    const r = JSON.parse(line) as {
      requests: number;
      duration_us: number;
      bytes: number;
      socket_errors: number;
      status_errors: number;
      timeouts: number;
      p50_us: number;
      p99_us: number;
    };
    // No answer within the run: report the run's length as the latency, not 0.
    const none = r.requests === 0;
    const ms = (us: number) => Math.round(us / 100) / 10;
    return {
      requests: r.requests,
      rps: Math.round(r.requests / (r.duration_us / 1e6)),
      p50: none ? options.seconds * 1000 : ms(r.p50_us),
      p99: none ? options.seconds * 1000 : ms(r.p99_us),
      errors: r.socket_errors + r.timeouts,
      non2xx: r.status_errors,
      bytesPerReq: r.requests ? Math.round(r.bytes / r.requests) : 0,
    };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

export interface LatencyResult {
  rps: number;
  p50: number;
  p99: number;
  max: number;
  failed: number;
  /** The slowest first answer on a new connection (ms): the ramp of a new run, left out above. */
  firstMax: number;
  /** This process's CPU while it asked, in % of one core: far below 100 means it was not the limit. */
  clientCpu: number;
}

/**
 * The latency of answers on connections already open: `connections` keep-alive connections are
 * opened and answered once each (the slowest of those first answers is `firstMax`), then ask `url`
 * again and again for `seconds` (gzip, as a browser), every answer measured. The latency budgets are read here, not
 * from wrk. A busy Node server accepts one new connection per turn of its event loop (seen with
 * strace: one accept4 a turn, about 120 ms apart at 50 connections), so the last of a run's 50
 * new connections waits seconds for its first answer; wrk counts that wait, and its
 * coordinated-omission correction adds, for each long sample, made-up ones at every request
 * interval below it. For the uncached list on PGlite wrk said p99 1.2-1.45 s while the portal's
 * own clock, in the same run, saw at most 0.19 s from finishing an answer to the connection's next
 * request. A portal behind a proxy keeps its connections open; what is measured here is that.
 */
export async function latency(
  url: string,
  options: { connections?: number; seconds: number; headers?: Record<string, string> },
): Promise<LatencyResult> {
  const connections = options.connections ?? 50;
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const headers = { 'accept-encoding': 'gzip', ...options.headers };
  const ms: number[] = [];
  let failed = 0;
  const ask = (record: boolean) =>
    new Promise<number>((resolve) => {
      const started = performance.now();
      const req = http.get(url, { agent, headers }, (res) => {
        if (res.statusCode !== 200) failed++;
        res.resume();
        res.on('end', () => {
          const took = performance.now() - started;
          if (record) ms.push(took);
          resolve(took);
        });
      });
      // An answer that does not come within 10 s is a failure, as in wrk's runs (no hang).
      req.setTimeout(10_000, () => req.destroy(new Error('timeout')));
      req.on('error', () => {
        failed++;
        resolve(0);
      });
    });
  // Every connection opened and answered once (not measured), then all of them ask at once.
  const firsts = await Promise.all(Array.from({ length: connections }, () => ask(false)));
  const cpu = process.cpuUsage();
  const began = performance.now();
  const end = began + options.seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) await ask(true);
    }),
  );
  const wall = performance.now() - began;
  const used = process.cpuUsage(cpu);
  agent.destroy();
  ms.sort((x, y) => x - y);
  const at = (p: number) => Math.round((ms[Math.floor(p * (ms.length - 1))] ?? Number.NaN) * 10) / 10;
  return {
    rps: Math.round((ms.length / wall) * 1000),
    p50: at(0.5),
    p99: at(0.99),
    max: at(1),
    failed,
    firstMax: Math.round(Math.max(...firsts)),
    clientCpu: Math.round(((used.user + used.system) / 1000 / wall) * 100),
  };
}
