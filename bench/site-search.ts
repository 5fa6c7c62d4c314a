// The site search under load at factor 10 on PostgreSQL (decision 059): wrk at 10 connections asks
// ten queries in three languages in turn (each with its page language), response cache off, and the
// CPU each search took in the portal and in its PostgreSQL connections. With `--baseline <build
// folder>` (another commit's `dist`, copied into the project) both builds serve the same database at
// once and are measured in turns, so that they compare within one run on a shared machine.
//   BENCH_DB=search_f10 npx tsx bench/site-search.ts [--baseline dist-main] [--rounds 3] [--seconds 10]
// The database must exist (a copy of the factor-10 `bench` database, VACUUM ANALYZE after the copy).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { benchDb, databaseUrl } from './lib/database.js';
import { ensureWrk } from './lib/load.js';
import { cpuMs, type Portal, run, startPortal } from './lib/proc.js';
import { siteSearchQueries } from './lib/search-queries.js';

const { values } = parseArgs({
  options: {
    baseline: { type: 'string' },
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
  },
});
const rounds = Number(values.rounds);
const seconds = Number(values.seconds);
const connections = Number(values.connections);

const luaString = (s: string) => `"${s.replace(/[\\"]/g, '\\$&')}"`;

function wrkScript(): string {
  const reqs = siteSearchQueries.map(
    ([lang, q]) => `{ ${luaString(`/api/search/?q=${encodeURIComponent(q)}`)}, ${luaString(lang)} }`,
  );
  return `local reqs = { ${reqs.join(', ')} }
local i = 0
request = function()
  i = i + 1
  local r = reqs[(i % #reqs) + 1]
  return wrk.format(nil, r[1], { ["accept-language"] = r[2], ["accept-encoding"] = "gzip" })
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'WRK_JSON {"requests":%d,"duration_us":%d,"errors":%d,"status":%d,"p50_us":%d,"p99_us":%d,"max_us":%d}\\n',
    summary.requests, summary.duration, e.connect + e.read + e.write + e.timeout, e.status,
    latency:percentile(50), latency:percentile(99), latency.max))
end
`;
}

/** CPU ms of the PostgreSQL backends serving one portal (told apart by application_name). */
async function backendsCpu(admin: pg.Client, app: string): Promise<number> {
  const r = await admin.query<{ pid: number }>(
    'select pid from pg_stat_activity where application_name = $1',
    [app],
  );
  let sum = 0;
  for (const { pid } of r.rows) {
    try {
      sum += cpuMs(pid);
    } catch {}
  }
  return sum;
}

/** wrk's own CPU (ms): a shell's `times` after it, which counts its finished children. */
function parseTimes(out: string): number {
  const lines = out.trim().split('\n').slice(-2);
  const child = lines[1] ?? '';
  const m = [...child.matchAll(/(\d+)m([\d.]+)s/g)].map((x) => Number(x[1]) * 60 + Number(x[2]));
  return Math.round(((m[0] ?? 0) + (m[1] ?? 0)) * 1000);
}

interface Round {
  build: string;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  portalCpuMs: number;
  dbCpuMs: number;
  wrkCpuPct: number;
  load: string;
}

async function round(
  portal: Portal,
  build: string,
  app: string,
  admin: pg.Client,
  lua: string,
): Promise<Round> {
  const loadBefore = os.loadavg()[0] as number;
  const p0 = cpuMs(portal.pid);
  const d0 = await backendsCpu(admin, app);
  const out = await run('bash', [
    '-c',
    `/usr/bin/wrk -t1 -c${connections} -d${seconds}s --timeout=10s -s ${lua} ${portal.url}/ ; times`,
  ]);
  const p1 = cpuMs(portal.pid);
  const d1 = await backendsCpu(admin, app);
  const line = /^WRK_JSON (.*)$/m.exec(out)?.[1];
  if (!line) throw new Error(`wrk printed no result:\n${out.slice(-2000)}`);
  const r = JSON.parse(line) as Record<string, number>;
  const n = r.requests as number;
  const wall = (r.duration_us as number) / 1000;
  const ms = (us: number) => Math.round(us / 100) / 10;
  return {
    build,
    rps: Math.round(n / (wall / 1000)),
    p50: ms(r.p50_us as number),
    p99: ms(r.p99_us as number),
    max: ms(r.max_us as number),
    errors: (r.errors as number) + (r.status as number),
    portalCpuMs: Math.round(((p1 - p0) / n) * 100) / 100,
    dbCpuMs: Math.round(((d1 - d0) / n) * 100) / 100,
    wrkCpuPct: Math.round((parseTimes(out) / wall) * 100),
    load: `${loadBefore.toFixed(1)}–${(os.loadavg()[0] as number).toFixed(1)}`,
  };
}

await ensureWrk();
const builds: [label: string, folder: string][] = [['this', 'dist']];
if (values.baseline) builds.unshift(['baseline', values.baseline]);
const admin = new pg.Client({ connectionString: databaseUrl(benchDb) });
await admin.connect();
const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-site-search-'));
const lua = path.join(dir, 'search.lua');
await fs.writeFile(lua, wrkScript());
const portals: [string, string, Portal][] = [];
try {
  // The baseline first: the newer build may add a migration that the older one's start would refuse.
  for (const [label, folder] of builds) {
    const app = `bench_site_search_${label}`;
    const u = new URL(databaseUrl(benchDb));
    u.searchParams.set('application_name', app);
    const portal = await startPortal(
      {
        DATABASE_URL: u.toString(),
        DATA_DIR: await fs.mkdtemp(path.join(os.tmpdir(), 'bench-')),
        RESPONSE_CACHE_SECONDS: '0',
      },
      label,
      undefined,
      folder,
    );
    portals.push([label, app, portal]);
  }
  // Warm-up: every connection of the pool, every query's pages in shared buffers.
  for (const [, , portal] of portals) {
    await run('/usr/bin/wrk', ['-t1', `-c${connections}`, '-d3s', '-s', lua, `${portal.url}/`]);
  }
  // One at a time, through the bench's own client: each query ten times, the builds in turn.
  const single: Record<string, number[]> = {};
  for (let rep = 0; rep < 10; rep++) {
    for (const [label, , portal] of rep % 2 ? [...portals].reverse() : portals) {
      for (const [lang, q] of siteSearchQueries) {
        const started = performance.now();
        const r = await fetch(`${portal.url}/api/search/?q=${encodeURIComponent(q)}`, {
          headers: { 'accept-language': lang },
        });
        await r.arrayBuffer();
        if (r.status !== 200) throw new Error(`${label} ${q}: ${r.status}`);
        single[label] = [...(single[label] ?? []), performance.now() - started];
      }
    }
  }
  const oneAtATime = Object.entries(single).map(([label, ms]) => {
    ms.sort((a, b) => a - b);
    const at = (p: number) => Math.round((ms[Math.floor(p * (ms.length - 1))] as number) * 10) / 10;
    const line = { build: label, p50: at(0.5), p90: at(0.9), max: at(1) };
    console.log(
      `${label.padEnd(8)} one at a time (${ms.length}): p50 ${line.p50} ms  p90 ${line.p90} ms  max ${line.max} ms`,
    );
    return line;
  });
  const rows: Round[] = [];
  for (let i = 0; i < rounds; i++) {
    const order = i % 2 ? [...portals].reverse() : portals;
    for (const [label, app, portal] of order) {
      const r = await round(portal, label, app, admin, lua);
      rows.push(r);
      console.log(
        `${r.build.padEnd(8)} ${String(r.rps).padStart(5)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  max ${r.max} ms  ` +
          `CPU a search: portal ${r.portalCpuMs} ms + PostgreSQL ${r.dbCpuMs} ms  wrk ${r.wrkCpuPct}% of a core  ` +
          `errors ${r.errors}  load ${r.load}`,
      );
    }
  }
  const stamp = new Date().toISOString();
  const file = path.join('bench', 'results', `site-search-${stamp.replace(/[:.]/g, '-')}.json`);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(
    file,
    JSON.stringify(
      { date: stamp, db: benchDb, connections, seconds, queries: siteSearchQueries, oneAtATime, rows },
      null,
      2,
    ),
  );
  console.log(`written ${file}`);
} finally {
  for (const [, , portal] of portals) await portal.stop();
  await admin.end();
  await fs.rm(dir, { recursive: true, force: true });
}
