// `npm run bench [-- --quick] [--only api,log,ssr,pages,lighthouse,scale,uncached,admin,import,scaleout] [--baseline <build folder>]`
// Measures the production build (built first when stale) and prints a table per part, checks the
// performance budgets (docs/performance.md), and writes everything to bench/results/<time>.json.
// Not part of `npm test`.
//   api:        wrk at 50 connections on the cached API (PGlite demo, PostgreSQL factor 10), and the
//               same bytes and headers from nginx and from a bare node:http server (the ceilings);
//               start-up time and memory
//   log:        the cached list with a log line per request (LOG_LEVEL=info) against warn, in turns,
//               and the lines the info log holds against the answers
//   ssr:        server-rendered pages per second and p99
//   pages:      JavaScript and CSS per page in gzip bytes, at load and after hydration (Chromium);
//               with --baseline, the other build's same pages beside them
//   lighthouse: mobile scores and LCP, CLS, TBT; /map also at factor 1 (PostgreSQL)
//   scale:      list, filter, deep-offset and search timings at factor 1 and factor 10, uncached
//   uncached:   list, filter, list search and deep offset at 50 connections with the response cache
//               off: PostgreSQL factor 1 (the real volume) and PGlite with the demo content
//   admin:      the back office's attraction list at factor 10 (with the editors' filters), the
//               dashboard's counts, and an edit seen by another process
//   import:     a section's spreadsheet with 5,000 changed rows at factor 1: dry run, apply, undo
//   scaleout:   two portal processes behind nginx over one PostgreSQL, rate limits in Redis
import crypto from 'node:crypto';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import pg from 'pg';
import { adminBench } from './admin.js';
import { importBench } from './import.js';
import { rawGet, replayHeaders, startBareNode } from './lib/bare-node.js';
import { benchDb, benchDbF1, scaledDatabase } from './lib/database.js';
import { lighthouseRuns } from './lib/lighthouse.js';
import { type LoadResult, latency, load } from './lib/load.js';
import { startNginx } from './lib/nginx.js';
import { pageWeights } from './lib/pages.js';
import { type Portal, root, rssMb, run, sleep, startPortal } from './lib/proc.js';
import { logBench } from './log.js';

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    // Another build of the portal (a folder like `dist`, e.g. a copy of main's): the api part
    // measures it in the same rounds, in turn with this one, so that the two compare in one run.
    baseline: { type: 'string' },
  },
});
const parts = new Set(
  (values.only ?? 'api,log,ssr,pages,lighthouse,scale,uncached,admin,import,scaleout').split(','),
);
const seconds = values.quick ? 3 : 10;
/** The API part measures the portal and nginx in turns: this many pairs of this many seconds. */
const rounds = values.quick ? 1 : 3;
const roundSeconds = values.quick ? 3 : 4;
const log = (m: string) => console.log(m);
const results: Record<string, unknown> = {
  date: new Date().toISOString(),
  quick: values.quick,
  cpus: os.cpus().length,
  // Other work on the machine skews every figure: recorded at the start and the end.
  loadAverageAtStart: os.loadavg(),
};
const budgets: { budget: string; value: string; met: boolean }[] = [];
const budget = (name: string, value: string, met: boolean) => budgets.push({ budget: name, value, met });

function table(title: string, rows: Record<string, unknown>[]): void {
  if (!rows.length) return;
  const cols = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const cell = (v: unknown) => (v === undefined || v === null ? '' : String(v));
  const width = cols.map((c) => Math.max(c.length, ...rows.map((r) => cell(r[c]).length)));
  console.log(`\n## ${title}`);
  console.log(cols.map((c, i) => c.padEnd(width[i] as number)).join('  '));
  for (const r of rows) console.log(cols.map((c, i) => cell(r[c]).padEnd(width[i] as number)).join('  '));
}

async function getJson<T>(url: string): Promise<T> {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${url}: ${r.status}`);
  return (await r.json()) as T;
}

/** wrk while sampling the server's memory. */
async function loadWithRss(
  url: string,
  pid: number | undefined,
  duration = seconds,
): Promise<LoadResult & { rssMb?: number }> {
  let peak = 0;
  const timer = pid ? setInterval(() => (peak = Math.max(peak, rssMb(pid))), 250) : undefined;
  try {
    const r = await load(url, { seconds: duration });
    return pid ? { ...r, rssMb: peak } : r;
  } finally {
    if (timer) clearInterval(timer);
  }
}

interface Endpoint {
  name: string;
  path: string;
}

async function endpoints(base: string): Promise<Endpoint[]> {
  type Page = { count: number; results: { id: number }[] };
  const first = await getJson<Page>(`${base}/api/attractions/?limit=9`);
  const deepOffset = Math.max(0, first.count - 20);
  const deep = await getJson<Page>(`${base}/api/attractions/?limit=9&offset=${deepOffset}`);
  const detailId = deep.results[0]?.id ?? first.results[0]?.id ?? 1;
  const q = encodeURIComponent('усадьба');
  return [
    { name: 'main page', path: '/api/pages/main-page/1/' },
    {
      name: 'list+filters',
      path: '/api/attractions/?limit=9&offset=0&district__in=4,5,6&tourism_type__in=1,2,3',
    },
    { name: 'deep page', path: `/api/attractions/?limit=9&offset=${deepOffset}` },
    { name: 'list search', path: `/api/attractions/?limit=9&offset=0&search=${q}` },
    { name: 'site search', path: `/api/search/?q=${q}` },
    { name: 'detail', path: `/api/attractions/${detailId}/` },
    { name: 'map points', path: '/api/map/points/' },
  ];
}

async function ensureBuild(): Promise<void> {
  log('checking the production build ...');
  await run(process.execPath, ['scripts/ensure-build.mjs']);
}

/** With --baseline, the rounds of each endpoint: enough for a median of pairs on a shared machine. */
const baselineRounds = values.quick ? 4 : 6;
const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] ?? 0;
/** The server's CPU time per answer of a run (µs), from its CPU time over the run (`cpuMs`). */
const cpuPerAnswerUs = (r: LoadResult, ms: number) =>
  r.rps > 0 ? Math.round((1000 * ms) / (r.rps * roundSeconds)) : 0;

async function loadWithCpu(portal: Portal, path: string): Promise<LoadResult & { cpuUs: number }> {
  const cpu = cpuMs(portal.pid);
  const r = await load(portal.url + path, { seconds: roundSeconds });
  return { ...r, cpuUs: cpuPerAnswerUs(r, cpuMs(portal.pid) - cpu) };
}

/** API throughput on one portal, and the same bytes from nginx and from a bare Node server. */
async function apiBench(
  label: string,
  portal: Portal,
  baseline?: Portal,
): Promise<Record<string, unknown>[]> {
  const list = await endpoints(portal.url);
  const files = new Map<string, Buffer>();
  const bare = new Map<string, { body: Buffer; headers: Record<string, string | string[]> }>();
  const rows: Record<string, unknown>[] = [];
  const live: (Endpoint & { file: string })[] = [];
  for (const e of list) {
    // The bytes and headers the portal sends a browser: what the ceilings send too. A first answer
    // that is heavy to make (the map points at factor 10) may time out on a loaded machine: a 503
    // is asked again a few times before the run gives up.
    let r = await rawGet(portal.url + e.path, { 'accept-encoding': 'gzip' });
    for (let i = 0; r.status === 503 && i < 4; i++) {
      await sleep(2000);
      r = await rawGet(portal.url + e.path, { 'accept-encoding': 'gzip' });
    }
    if (r.status === 404 && e.name === 'site search') {
      rows.push({
        db: label,
        endpoint: e.name,
        note: 'skipped: /api/search/ answers 404 (not built on this branch)',
      });
      continue;
    }
    if (r.status === 503) {
      // Measuring the rest beats stopping the run: the row says why this one has no figures.
      rows.push({ db: label, endpoint: e.name, note: 'skipped: its first answer stayed 503 (5 tries)' });
      continue;
    }
    if (r.status !== 200) throw new Error(`${e.path}: ${r.status}`);
    const file = `${crypto.createHash('sha1').update(e.path).digest('hex')}.json`;
    const gzipped = r.headers['content-encoding'] === 'gzip';
    files.set(file, gzipped ? r.body : zlib.gzipSync(r.body));
    bare.set(file, { body: r.body, headers: replayHeaders(r.headers) });
    live.push({ ...e, file });
  }
  const nginx = await startNginx({ files });
  const node = await startBareNode(bare);
  try {
    for (const e of live) {
      // The portal and the ceilings in turns, `rounds` times: what else the shared machine does moves
      // them all (nginx alone 16-42 k req/s for similar files within one run), a round measured back
      // to back less. The row is the round with the median ratio to bare Node; every round's ratios
      // are shown.
      const got: {
        a: LoadResult & { rssMb?: number; cpuUs?: number };
        b?: LoadResult & { cpuUs?: number };
        s: LoadResult;
        n: LoadResult;
        ofNginx: number;
        ofNode: number;
      }[] = [];
      const pct = (x: LoadResult, of: LoadResult) => (of.rps > 0 ? Math.round((100 * x.rps) / of.rps) : 0);
      for (let i = 0; i < (baseline ? baselineRounds : rounds); i++) {
        // with a baseline, which of the two goes first alternates from round to round
        const b0 = baseline && i % 2 === 1 ? await loadWithCpu(baseline, e.path) : undefined;
        const cpu = cpuMs(portal.pid);
        const loaded = await loadWithRss(portal.url + e.path, portal.pid, roundSeconds);
        const a = { ...loaded, cpuUs: cpuPerAnswerUs(loaded, cpuMs(portal.pid) - cpu) };
        const b = baseline && !b0 ? await loadWithCpu(baseline, e.path) : b0;
        const s = await load(`${nginx.url}/${e.file}`, { seconds: roundSeconds });
        const n = await load(`${node.url}/${e.file}`, { seconds: roundSeconds });
        // A ceiling without an answer in the round (a multi-MB body in --quick) gives no ratio: never met.
        got.push({ a, b, s, n, ofNginx: pct(a, s), ofNode: pct(a, n) });
      }
      const { a, s, n, ofNginx, ofNode } = [...got].sort((x, y) => x.ofNode - y.ofNode)[
        Math.floor(rounds / 2)
      ] as (typeof got)[0];
      rows.push({
        db: label,
        endpoint: e.name,
        'req/s': a.rps,
        'p50 ms': a.p50,
        'p99 ms': a.p99,
        'KB/req': (a.bytesPerReq / 1024).toFixed(1),
        errors: got.reduce((sum, g) => sum + g.a.errors + g.a.non2xx, 0),
        'nginx req/s': s.rps,
        'bare node req/s': n.rps,
        'of nginx': s.rps > 0 ? `${ofNginx}%` : 'n/a',
        'of bare node': n.rps > 0 ? `${ofNode}%` : 'n/a',
        'of bare node, each round': got.map((g) => `${g.ofNode}%`).join(' '),
        'rss MB': Math.max(...got.map((g) => g.a.rssMb ?? 0)) || undefined,
        ...(baseline
          ? {
              'baseline req/s, each round': got.map((g) => g.b?.rps ?? 0).join(' '),
              'this req/s, each round': got.map((g) => g.a.rps).join(' '),
              'of baseline, each round': got.map((g) => `${pct(g.a, g.b as LoadResult)}%`).join(' '),
              // CPU time of the server per answer: what the shared machine's load moves least
              'CPU µs/answer, baseline': median(got.map((g) => g.b?.cpuUs ?? 0)),
              'CPU µs/answer, this': median(got.map((g) => g.a.cpuUs ?? 0)),
              'CPU µs/answer each round, baseline | this': `${got.map((g) => g.b?.cpuUs).join(' ')} | ${got.map((g) => g.a.cpuUs).join(' ')}`,
            }
          : {}),
      });
    }
  } finally {
    await nginx.stop();
    await node.stop();
  }
  return rows;
}

/**
 * Cached API GETs at 50% or more of a bare Node server's requests per second for the same bytes
 * (the portal is a Node process: that is its ceiling). The share of nginx's rate is shown beside it.
 */
function apiBudgets(label: string, rows: Record<string, unknown>[]): void {
  for (const r of rows) {
    if (String(r.note ?? '').includes('503')) {
      budget(`API ${r.endpoint} (${label}) >= 50% of bare Node req/s`, String(r.note), false);
      continue;
    }
    if (!('req/s' in r)) continue;
    const ofNode = Number(String(r['of bare node']).replace('%', ''));
    budget(
      `API ${r.endpoint} (${label}) >= 50% of bare Node req/s`,
      `${r['of bare node']} of bare Node, ${r['of nginx']} of nginx`,
      ofNode >= 50,
    );
  }
}

/**
 * Pages per second. The portal keeps rendered pages for RESPONSE_CACHE_SECONDS, so under load all
 * but the first request of each page come from memory; `uncached` (a portal started with the cache
 * off) shows what rendering itself costs.
 */
async function ssrBench(
  label: string,
  portal: Portal,
  detailPath: string,
  uncached?: Portal,
): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  const runs: [Portal, string, string][] = [
    [portal, '/', '/'],
    [portal, '/attractions/list', '/attractions/list'],
    [portal, detailPath, detailPath],
    ...(uncached ? ([[uncached, '/', '/ (no response cache)']] as [Portal, string, string][]) : []),
  ];
  for (const [target, p, name] of runs) {
    const status = (await fetch(target.url + p)).status;
    const r = await loadWithRss(target.url + p, target.pid);
    // The latencies on open connections: wrk's p99 counts the ramp of its 50 new connections
    // (bench/lib/load.ts, `latency`). A cached page outruns this one-process client: its figures
    // then include the client's own wait, so they err high (the client's CPU says when).
    const l = await latency(target.url + p, { seconds });
    rows.push({
      db: label,
      page: name,
      status,
      'pages/s': r.rps,
      'p50 ms': l.p50,
      'p99 ms': l.p99,
      'wrk p99 ms': r.p99,
      'client CPU %': l.clientCpu,
      errors: r.errors + l.failed,
      non2xx: r.non2xx,
      'rss MB': r.rssMb,
    });
  }
  return rows;
}

/** Milliseconds of each request, one at a time, and the body sizes (uncompressed bytes). */
async function singles(base: string, paths: string[]): Promise<{ ms: number[]; bytes: number[] }> {
  const ms: number[] = [];
  const bytes: number[] = [];
  for (const p of paths) {
    const t = performance.now();
    const r = await fetch(base + p, { headers: { 'accept-encoding': 'gzip' } });
    const body = await r.arrayBuffer();
    if (!r.ok) throw new Error(`${p}: ${r.status}`);
    ms.push(performance.now() - t);
    bytes.push(body.byteLength);
  }
  return { ms, bytes };
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
};
const round1 = (x: number) => Math.round(x * 10) / 10;

/**
 * Detail pages with the response cache off, each request for another item: what rendering a page
 * costs against the API answer of the same items in the same run. One at a time (the median of
 * single requests), then at 10 connections with wrk, page and API in turns (`rounds` pairs, the
 * pair with the median ratio reported), and the page's size.
 */
async function uncachedDetailBench(portal: Portal): Promise<Record<string, unknown>[]> {
  const list = await getJson<{ results: { id: number }[] }>(`${portal.url}/api/attractions/?limit=100`);
  const ids = list.results.map((r) => r.id);
  const pages = ids.map((id) => `/attractions/detail/${id}`);
  const apis = ids.map((id) => `/api/attractions/${id}/`);
  // Warm-up: the code paths, the database's pages of these rows.
  await singles(portal.url, pages.slice(0, 20));
  await singles(portal.url, apis.slice(0, 20));
  const page = await singles(portal.url, pages);
  const api = await singles(portal.url, apis);
  const gzipKb = zlib.gzipSync(await (await fetch(portal.url + (pages[0] as string))).arrayBuffer()).length;
  const pairs: {
    page: LoadResult;
    api: LoadResult;
    ratio: number;
  }[] = [];
  for (let i = 0; i < rounds; i++) {
    const p = await load(portal.url, { paths: pages, connections: 10, seconds: roundSeconds });
    const a = await load(portal.url, { paths: apis, connections: 10, seconds: roundSeconds });
    pairs.push({ page: p, api: a, ratio: a.rps > 0 ? Math.round((100 * p.rps) / a.rps) : 0 });
  }
  const median = [...pairs].sort((x, y) => x.ratio - y.ratio)[Math.floor(rounds / 2)] as (typeof pairs)[0];
  return [
    {
      what: 'detail page',
      'single p50 ms': round1(quantile(page.ms, 0.5)),
      'single p90 ms': round1(quantile(page.ms, 0.9)),
      'req/s at 10': median.page.rps,
      'p50 ms at 10': median.page.p50,
      'p99 ms at 10': median.page.p99,
      'non-2xx': pairs.reduce((n, x) => n + x.page.non2xx + x.page.errors, 0),
      'KB p50': round1(quantile(page.bytes, 0.5) / 1024),
      'KB max': round1(Math.max(...page.bytes) / 1024),
      'gzip KB (first)': round1(gzipKb / 1024),
      'ratio to API': `${median.ratio}%`,
      'ratio of each pair': pairs.map((x) => `${x.ratio}%`).join(' '),
    },
    {
      what: 'API detail',
      'single p50 ms': round1(quantile(api.ms, 0.5)),
      'single p90 ms': round1(quantile(api.ms, 0.9)),
      'req/s at 10': median.api.rps,
      'p50 ms at 10': median.api.p50,
      'p99 ms at 10': median.api.p99,
      'non-2xx': pairs.reduce((n, x) => n + x.api.non2xx + x.api.errors, 0),
      'KB p50': round1(quantile(api.bytes, 0.5) / 1024),
      'KB max': round1(Math.max(...api.bytes) / 1024),
    },
  ];
}

async function demoPortal(
  dataDir: string,
  env: Record<string, string> = {},
  build?: string,
): Promise<Portal> {
  // The first start creates and seeds the data directory; the measured one opens it.
  const first = await startPortal({ DATA_DIR: dataDir }, 'portal', undefined, build);
  await first.stop();
  return await startPortal({ ...env, DATA_DIR: dataDir }, 'portal', undefined, build);
}

/** Pages kept out of search engines by design (`noindex`): Lighthouse's `is-crawlable` fails there. */
const noindexPaths = new Set(['/trip']);

async function detailPathOf(portal: Portal): Promise<string> {
  const page = await getJson<{ results: { id: number }[] }>(`${portal.url}/api/attractions/?limit=1`);
  return `/attractions/detail/${page.results[0]?.id ?? 1}`;
}

/** Sequential requests with varying parameters (no two alike): the server cannot answer from a cache. */
async function timings(
  base: string,
  make: (i: number) => string,
  n: number,
): Promise<{ p50: number; p99: number }> {
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const r = await fetch(base + make(i));
    await r.arrayBuffer();
    if (!r.ok) throw new Error(`${make(i)}: ${r.status}`);
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round((ms[Math.min(ms.length - 1, Math.floor(q * ms.length))] as number) * 10) / 10;
  return { p50: at(0.5), p99: at(0.99) };
}

const searchWords = [
  'усадьба',
  'озеро',
  'музей',
  'крепость',
  'мост',
  'берёзово',
  'сосн',
  'водопад',
  'парк',
  'церковь',
];
const scaleQueries: [string, (count: number) => (i: number) => string][] = [
  ['list', () => (i) => `/api/attractions/?limit=9&offset=${(i % 5) * 9}`],
  [
    'filter',
    () => (i) =>
      `/api/attractions/?limit=9&district__in=${(i % 18) + 1}&tourism_type__in=${(i % 13) + 1},${((i + 5) % 13) + 1}`,
  ],
  ['deep offset', (count) => (i) => `/api/attractions/?limit=9&offset=${Math.max(0, count - 20 - i)}`],
  [
    'search',
    () => (i) =>
      `/api/attractions/?limit=9&search=${encodeURIComponent(searchWords[i % searchWords.length] as string)}`,
  ],
  [
    'filter+search',
    () => (i) =>
      `/api/attractions/?limit=9&district__in=${(i % 18) + 1}&search=${encodeURIComponent(searchWords[i % searchWords.length] as string)}`,
  ],
  ['routes list', () => (i) => `/api/routes/?limit=9&offset=${(i % 5) * 9}`],
  // Every section at once, ranked: the search page (cached for 30 s in production, decision 008).
  [
    'site search',
    () => (i) => `/api/search/?q=${encodeURIComponent(searchWords[i % searchWords.length] as string)}`,
  ],
];

async function scaleBench(): Promise<Record<string, unknown>[]> {
  // 300 requests: the p99 is the third-slowest, not the one pause of the shared machine (of 100: the second).
  const n = values.quick ? 30 : 300;
  const byFactor: Record<string, Record<string, { p50: number; p99: number }>> = {};
  for (const [name, factor] of [
    [benchDbF1, 1],
    [benchDb, 10],
  ] as const) {
    const url = await scaledDatabase(name, factor, log);
    // No response cache: these timings are the database's (the same URL comes back every few requests).
    const portal = await startPortal({
      DATABASE_URL: url,
      DATA_DIR: await fs.mkdtemp(path.join(os.tmpdir(), 'bench-')),
      RESPONSE_CACHE_SECONDS: '0',
    });
    try {
      const count = (await getJson<{ count: number }>(`${portal.url}/api/attractions/?limit=1`)).count;
      const out: Record<string, { p50: number; p99: number }> = {};
      for (const [q, make] of scaleQueries) {
        // Warm-up: connections, and each distinct URL once (the search words are 10): its pages enter
        // shared buffers. What follows is the database answering, not the disk.
        await timings(portal.url, make(count), 20);
        out[q] = await timings(portal.url, make(count), n);
      }
      byFactor[String(factor)] = out;
    } finally {
      await portal.stop();
    }
  }
  return scaleQueries.map(([q]) => {
    const a = byFactor['1']?.[q];
    const b = byFactor['10']?.[q];
    return {
      query: q,
      'f1 p50 ms': a?.p50,
      'f1 p99 ms': a?.p99,
      'f10 p50 ms': b?.p50,
      'f10 p99 ms': b?.p99,
      'growth p50': a && b ? `x${(b.p50 / Math.max(0.1, a.p50)).toFixed(1)}` : '',
    };
  });
}

/** An uncached call at 50 connections: its URLs (asked in turn) and the rate it must reach. */
interface UncachedCall {
  name: string;
  paths: string[];
  /** req/s at 50 connections on PostgreSQL at factor 1; the original stack's rate in the note. */
  target?: number;
  note?: string;
}

/**
 * The calls of the original portal's measurements (Django + DRF, gunicorn with 2 workers, on
 * PostgreSQL with 5,357 attractions, uncached: list ~350 req/s, two filters ~200, `search=` ~150,
 * offset 4,500 ~200). The targets are 5 times those (4 times for the search). Five to ten URLs each,
 * asked in turn: the same parameters come back, but with the response cache off nothing is kept.
 */
function uncachedCalls(count: number): UncachedCall[] {
  const five = [0, 1, 2, 3, 4];
  const deep = Math.min(4500, Math.max(0, count - 45));
  return [
    { name: 'list', paths: five.map((k) => `/api/attractions/?limit=9&offset=${k * 9}`), target: 1750 },
    {
      name: 'filter',
      paths: Array.from(
        { length: 10 },
        (_, i) =>
          `/api/attractions/?limit=9&district__in=${(i % 18) + 1}&tourism_type__in=${(i % 13) + 1},${((i + 5) % 13) + 1}`,
      ),
      target: 1000,
    },
    {
      name: 'list search',
      paths: searchWords.map((w) => `/api/attractions/?limit=9&search=${encodeURIComponent(w)}`),
      target: 600,
    },
    {
      name: `deep offset (${deep})`,
      paths: five.map((k) => `/api/attractions/?limit=9&offset=${deep + k * 9}`),
      target: 1000,
    },
  ];
}

/** CPU time a process has used (user + system), in ms (Linux). */
function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

async function uncachedRows(db: string, portal: Portal, calls: UncachedCall[]) {
  const rows: Record<string, unknown>[] = [];
  for (const call of calls) {
    // Warm-up: connections, plans, JIT; then the measured run.
    await load(portal.url, { seconds: values.quick ? 1 : 2, paths: call.paths });
    const cpu = cpuMs(portal.pid);
    const r = await load(portal.url, { seconds, paths: call.paths });
    const requests = r.rps * seconds;
    const cpuPerRequest = requests ? ((cpuMs(portal.pid) - cpu) / requests).toFixed(2) : '';
    // The latencies on open connections, one URL of the call: wrk's p99 at 50 connections counts
    // the ramp of its new connections (bench/lib/load.ts, `latency`).
    const l = await latency(new URL(call.paths[0] as string, portal.url).toString(), { seconds });
    rows.push({
      db,
      call: call.name,
      'req/s': r.rps,
      'p50 ms': l.p50,
      'p99 ms': l.p99,
      'max ms': l.max,
      'first answer max ms': l.firstMax,
      'wrk p99 ms': r.p99,
      'client CPU %': l.clientCpu,
      errors: r.errors + r.non2xx + l.failed,
      // the portal's own CPU per answer: steadier than req/s while other work shares the machine
      'portal CPU ms/req': cpuPerRequest,
      target: call.target ? `${call.target} req/s` : '',
    });
  }
  return rows;
}

/**
 * Uncached answers at 50 connections: one portal process with RESPONSE_CACHE_SECONDS=0 on
 * PostgreSQL at the real volume (factor 1), then on PGlite with the demo content.
 */
async function uncachedBench(tmp: string): Promise<Record<string, unknown>[]> {
  const url = await scaledDatabase(benchDbF1, 1, log);
  const pg = await startPortal({
    DATABASE_URL: url,
    DATA_DIR: await fs.mkdtemp(path.join(os.tmpdir(), 'bench-')),
    RESPONSE_CACHE_SECONDS: '0',
  });
  const rows: Record<string, unknown>[] = [];
  try {
    const count = (await getJson<{ count: number }>(`${pg.url}/api/attractions/?limit=1`)).count;
    rows.push(...(await uncachedRows('postgres f1', pg, uncachedCalls(count))));
  } finally {
    await pg.stop();
  }
  const lite = await demoPortal(path.join(tmp, 'uncached'), { RESPONSE_CACHE_SECONDS: '0' });
  try {
    const calls = uncachedCalls(0).slice(0, 3);
    rows.push(...(await uncachedRows('pglite demo', lite, calls)));
  } finally {
    await lite.stop();
  }
  return rows;
}

function uncachedBudgets(rows: Record<string, unknown>[]): void {
  for (const r of rows) {
    const rps = Number(r['req/s']);
    const p99 = Number(r['p99 ms']);
    if (r.db === 'postgres f1' && r.target) {
      budget(
        `uncached ${r.call} >= ${r.target} at 50 connections (PG f1)`,
        `${rps} req/s`,
        rps >= parseInt(String(r.target), 10),
      );
    }
    if (r.db === 'pglite demo' && r.call === 'list') {
      budget('uncached list p99 < 100 ms at 50 connections (PGlite demo)', `${p99} ms`, p99 < 100);
    }
  }
}

async function scaleoutBench(): Promise<Record<string, unknown>[]> {
  const url = await scaledDatabase(benchDb, 10, log);
  const limit = 4;
  const env = {
    DATABASE_URL: url,
    REDIS_URL: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
    TRUST_PROXY: '127.0.0.1',
    FEEDBACK_RATE_LIMIT: String(limit),
  };
  const a = await startPortal(
    { ...env, DATA_DIR: await fs.mkdtemp(path.join(os.tmpdir(), 'bench-a-')) },
    'portal A',
  );
  const b = await startPortal(
    { ...env, DATA_DIR: await fs.mkdtemp(path.join(os.tmpdir(), 'bench-b-')) },
    'portal B',
  );
  const nginx = await startNginx({ upstreams: [a.url, b.url] });
  const rows: Record<string, unknown>[] = [];
  try {
    // Both serve: requests through the proxy reach both upstreams.
    const seen = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const r = await fetch(`${nginx.url}/api/attractions/?limit=9&offset=${i}`);
      await r.arrayBuffer();
      seen.add(r.headers.get('x-upstream') ?? '?');
    }
    rows.push({
      check: 'both processes serve through nginx',
      result: [...seen].join(' + '),
      ok: seen.size === 2,
    });
    const through = await load(`${nginx.url}/api/attractions/?limit=9&district__in=4,5`, { seconds });
    rows.push({
      check: 'list through nginx, 2 processes',
      result: `${through.rps} req/s, p99 ${through.p99} ms`,
      ok: through.non2xx === 0,
    });

    // Writes from one are seen by the other; rate limits are shared through Redis.
    const ip = `10.47.${crypto.randomInt(0, 255)}.${crypto.randomInt(1, 255)}`;
    const token = crypto.randomBytes(32).toString('base64url');
    const marker = `bench ${crypto.randomUUID()}`;
    const post = (base: string) =>
      fetch(`${base}/api/auth/feedback/`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: `XSRF-TOKEN=${token}`,
          'x-xsrf-token': token,
          'x-forwarded-for': ip,
        },
        body: JSON.stringify({ message: marker, email: 'bench@example.org' }),
      }).then(async (r) => ({ status: r.status, body: await r.text() }));
    const statuses: number[] = [];
    for (let i = 0; i <= limit; i++) statuses.push((await post(i % 2 ? b.url : a.url)).status);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const stored = (await client.query('select count(*)::int n from feedback where message = $1', [marker]))
      .rows[0].n;
    await client.query('delete from feedback where message = $1', [marker]);
    await client.end();
    rows.push({
      check: `feedback alternately to A and B (limit ${limit}/min per address)`,
      result: statuses.join(' '),
      ok: statuses.slice(0, limit).every((s) => s === 201) && statuses[limit] === 429,
    });
    rows.push({
      check: 'writes from both in the one database',
      result: `${stored} stored`,
      ok: stored === limit,
    });
  } finally {
    await nginx.stop();
    await a.stop();
    await b.stop();
  }
  return rows;
}

async function main(): Promise<void> {
  await ensureBuild();
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-data-'));
  try {
    if (parts.has('api') || parts.has('ssr') || parts.has('pages') || parts.has('lighthouse')) {
      const demo = await demoPortal(tmp);
      const rest = rssMb(demo.pid);
      const detail = await detailPathOf(demo);
      try {
        table('start-up with an existing data directory', [
          { db: 'pglite demo', 'start to first page ms': demo.startupMs, 'rss at rest MB': rest },
        ]);
        results.startup = { pglite: { ms: demo.startupMs, rssMb: rest } };
        if (parts.has('api')) {
          // the baseline build with a data directory of its own, seeded with the same demo content
          const baseline = values.baseline
            ? await demoPortal(path.join(tmp, 'baseline'), {}, values.baseline)
            : undefined;
          let rows: Record<string, unknown>[];
          try {
            rows = await apiBench('pglite demo', demo, baseline);
          } finally {
            await baseline?.stop();
          }
          table('API (PGlite, demo content), 50 connections', rows);
          results.apiPglite = rows;
          apiBudgets('PGlite demo', rows);
        }
        if (parts.has('ssr')) {
          const uncached = await startPortal({
            DATA_DIR: path.join(tmp, 'nocache'),
            RESPONSE_CACHE_SECONDS: '0',
          });
          let rows: Record<string, unknown>[];
          let details: Record<string, unknown>[];
          try {
            rows = await ssrBench('pglite demo', demo, detail, uncached);
            details = await uncachedDetailBench(uncached);
          } finally {
            await uncached.stop();
          }
          table('server-rendered pages (PGlite, demo content), 50 connections', rows);
          results.ssrPglite = rows;
          table(
            'detail pages without the response cache, a different item each request (PGlite demo): one at a time, then 10 connections (wrk)',
            details,
          );
          results.ssrUncachedDetail = details;
          const [pageRow, apiRow] = details as [
            Record<string, number | string>,
            Record<string, number | string>,
          ];
          budget(
            'uncached detail page p50 < 8 ms, single requests (PGlite demo)',
            `${pageRow['single p50 ms']} ms`,
            Number(pageRow['single p50 ms']) < 8,
          );
          const share = Number(pageRow['req/s at 10']) / Math.max(1, Number(apiRow['req/s at 10']));
          budget(
            'uncached detail pages/s >= 40% of the uncached API detail req/s, 10 connections',
            String(pageRow['ratio to API']),
            share >= 0.4,
          );
          budget(
            'detail page HTML <= 60 KB before compression (with the menu, decision 033)',
            `${pageRow['KB max']} KB`,
            Number(pageRow['KB max']) <= 60,
          );
          const home = rows[0] as { 'p99 ms': number };
          budget(
            'SSR home p99 < 100 ms at 50 connections (PGlite demo)',
            `${home['p99 ms']} ms`,
            home['p99 ms'] < 100,
          );
        }
        const pages = ['/', '/attractions/list', detail, '/map'];
        if (parts.has('pages')) {
          const rows = await pageWeights(demo.url, pages);
          // the baseline build's same pages, from a data directory of its own with the same demo content
          const baseline = values.baseline
            ? await demoPortal(path.join(tmp, 'baseline'), {}, values.baseline)
            : undefined;
          let baseRows: Awaited<ReturnType<typeof pageWeights>> | undefined;
          try {
            baseRows = baseline ? await pageWeights(baseline.url, pages) : undefined;
          } finally {
            await baseline?.stop();
          }
          const kb = (bytes: number) => (bytes / 1024).toFixed(1);
          table(
            'JavaScript and CSS per page (gzip KB)',
            rows.map((r, i) => {
              const b = baseRows?.[i];
              return {
                page: r.path,
                'JS at load': kb(r.jsLoad),
                'JS after hydration': kb(r.jsIdle),
                ...(b ? { 'baseline JS after hydration': kb(b.jsIdle) } : {}),
                'CSS at load': kb(r.cssLoad),
                'CSS after hydration': kb(r.cssIdle),
                ...(b ? { 'baseline CSS after hydration': kb(b.cssIdle) } : {}),
                scripts: r.scripts,
                ...(b ? { 'baseline scripts': b.scripts } : {}),
                'map code': r.mapCode ? 'yes' : 'no',
              };
            }),
          );
          results.pages = rows;
          if (baseRows) results.pagesBaseline = baseRows;
          const home = rows[0] as (typeof rows)[number];
          budget(
            'home JS <= 150 KB gzip',
            `${(home.jsIdle / 1024).toFixed(1)} KB`,
            home.jsIdle <= 150 * 1024,
          );
          const withMap = rows.filter((r) => r.path !== '/map' && r.mapCode).map((r) => r.path);
          budget('no map code on pages without a map', withMap.join(', ') || 'none', withMap.length === 0);
        }
        if (parts.has('lighthouse')) {
          // The home page, a list, a detail, the events' list, the map and the trip planner.
          const lighthousePages = ['/', '/attractions/list', detail, '/events/list', '/map', '/trip'];
          const rows = await lighthouseRuns(demo.url, lighthousePages, values.quick ? 1 : 3);
          table(
            'Lighthouse (mobile), the median of the runs by performance',
            rows.map(({ failing, runs, runErrors, each, seoFailing, ...r }) => ({
              ...r,
              'runs (perf/TBT ms/LCP ms @ load)': each
                .map((e) => `${e.performance}/${e.tbtMs}/${e.lcpMs}@${e.load}`)
                .join(' '),
              'audits below 0.9': [...failing, ...runErrors].join(' '),
            })),
          );
          results.lighthouse = rows;
          for (const r of rows) {
            // The trip planner is kept out of search engines (a plan is a visitor's): its one
            // search engine audit that may fail is `is-crawlable`.
            const seoOk =
              r.seo === 100 ||
              (noindexPaths.has(r.path) && r.seoFailing.every((id) => id === 'is-crawlable'));
            const ok = r.performance >= 98 && r.accessibility === 100 && r.bestPractices === 100 && seoOk;
            budget(
              `Lighthouse ${r.path}: perf >= 98 (median of ${r.runs.length}), a11y/BP/SEO 100`,
              `${r.performance}/${r.accessibility}/${r.bestPractices}/${r.seo}`,
              ok,
            );
          }
        }
      } finally {
        await demo.stop();
      }
      if (parts.has('lighthouse')) {
        // The map at the real volume: its points, clusters and list grow with the content, the
        // other pages' first screens do not.
        const url = await scaledDatabase(benchDbF1, 1, log);
        const f1 = await startPortal({ DATABASE_URL: url, DATA_DIR: path.join(tmp, 'pg-f1') });
        try {
          const rows = await lighthouseRuns(f1.url, ['/map'], values.quick ? 1 : 3);
          table(
            'Lighthouse (mobile) of /map at factor 1 (PostgreSQL), the median of the runs by performance',
            rows.map(({ failing, runs, runErrors, each, seoFailing, ...r }) => ({
              ...r,
              'runs (perf/TBT ms/LCP ms @ load)': each
                .map((e) => `${e.performance}/${e.tbtMs}/${e.lcpMs}@${e.load}`)
                .join(' '),
              'audits below 0.9': [...failing, ...runErrors].join(' '),
            })),
          );
          results.lighthouseF1 = rows;
          for (const r of rows) {
            budget(
              `Lighthouse ${r.path} at factor 1: perf >= 95`,
              String(r.performance),
              r.performance >= 95,
            );
          }
        } finally {
          await f1.stop();
        }
      }
      // A comparison with another build (--baseline) is made on the PGlite demo only: a cached answer
      // costs the same whatever the database.
      if ((parts.has('api') || parts.has('ssr')) && !values.baseline) {
        const url = await scaledDatabase(benchDb, 10, log);
        const big = await startPortal({ DATABASE_URL: url, DATA_DIR: path.join(tmp, 'pg') });
        const rest = rssMb(big.pid);
        results.startup = { ...(results.startup as object), postgresF10: { ms: big.startupMs, rssMb: rest } };
        table('start-up, PostgreSQL factor 10', [
          { 'start to first page ms': big.startupMs, 'rss at rest MB': rest },
        ]);
        try {
          if (parts.has('api')) {
            const rows = await apiBench('postgres f10', big);
            table('API (PostgreSQL, factor 10), one process, 50 connections', rows);
            results.apiPostgres = rows;
            apiBudgets('PG f10', rows);
            // nginx runs two workers; the portal on PostgreSQL can too (WORKERS=2). Shown, not budgeted:
            // on this 2-core machine the load generator takes a core, so a second worker adds little.
            const two = await startPortal({
              DATABASE_URL: url,
              DATA_DIR: path.join(tmp, 'pg2'),
              WORKERS: '2',
            });
            // the first page came from one worker: let the other listen too before the connections open
            await sleep(3000);
            try {
              const rows2 = await apiBench('postgres f10 x2', two);
              table('API (PostgreSQL, factor 10), WORKERS=2 (as nginx: 2 workers), 50 connections', rows2);
              results.apiPostgresWorkers2 = rows2;
            } finally {
              await two.stop();
            }
          }
          if (parts.has('ssr')) {
            const rows = await ssrBench('postgres f10', big, await detailPathOf(big));
            table('server-rendered pages (PostgreSQL, factor 10), 50 connections', rows);
            results.ssrPostgres = rows;
            const home = rows[0] as { 'p99 ms': number };
            budget(
              'SSR home p99 < 100 ms at 50 connections (PG f10)',
              `${home['p99 ms']} ms`,
              home['p99 ms'] < 100,
            );
          }
        } finally {
          await big.stop();
        }
      }
    }
    if (parts.has('log')) {
      const { rows, cpuShare, lines, answered } = await logBench(tmp, { rounds, roundSeconds });
      table(
        'the request log: cached list, LOG_LEVEL=info against warn in turns (PGlite demo), 50 connections',
        rows,
      );
      results.log = rows;
      // CPU time per answer, not req/s: other work on the machine moves req/s by half (docs/performance.md)
      budget(
        'cached list: CPU per answer with LOG_LEVEL=info <= 150% of warn',
        `${cpuShare}%`,
        cpuShare <= 150,
      );
      // wrk counts the answers it waited for: the requests its connections had open when a round
      // ended are answered and logged too, up to one per connection (50) a round
      budget(
        'the info log holds a line for every answer',
        `${lines} lines, ${answered} answers counted`,
        lines >= answered && lines <= answered + 50 * rounds,
      );
    }
    if (parts.has('scale')) {
      const rows = await scaleBench();
      table('uncached timings, one request at a time: factor 1 and factor 10 (PostgreSQL)', rows);
      results.scale = rows;
      for (const r of rows) {
        const p99 = Number(r['f10 p99 ms']);
        budget(`uncached ${r.query} p99 < 50 ms (PG f10)`, `${p99} ms`, p99 < 50);
      }
    }
    if (parts.has('uncached')) {
      const rows = await uncachedBench(tmp);
      table('uncached answers, one process, 50 connections (RESPONSE_CACHE_SECONDS=0)', rows);
      results.uncached = rows;
      uncachedBudgets(rows);
    }
    if (parts.has('admin')) {
      const { rows, listP99, filterP99, countingP99, failures, visibleMs } = await adminBench(
        Boolean(values.quick),
      );
      table('the back office at factor 10 (PostgreSQL): its list, and an edit seen by another process', rows);
      results.admin = rows;
      budget('admin attraction list p99 < 100 ms (PG f10)', `${listP99} ms`, listP99 < 100);
      budget('admin attraction list with filters p99 < 100 ms (PG f10)', `${filterP99} ms`, filterP99 < 100);
      budget('coverage, dashboard, summary p99 < 300 ms (PG f10)', `${countingP99} ms`, countingP99 < 300);
      budget('admin filters and counts answered (no 503) (PG f10)', `${failures} refused`, failures === 0);
      budget(
        'an edit visible in the public API of another process < 1 s',
        `${visibleMs} ms`,
        visibleMs < 1000,
      );
    }
    if (parts.has('import')) {
      const { rows, dryRunAndApplyS } = await importBench(log);
      table('a section imported from its spreadsheet at factor 1 (PostgreSQL)', rows);
      results.import = rows;
      budget(
        'import of 5,000 changed rows: dry run + apply < 30 s (PG f1)',
        `${dryRunAndApplyS} s`,
        dryRunAndApplyS < 30,
      );
    }
    if (parts.has('scaleout')) {
      const rows = await scaleoutBench();
      table('scale-out: two portal processes behind nginx, one PostgreSQL, Redis', rows);
      results.scaleout = rows;
      for (const r of rows) budget(`scale-out: ${r.check}`, String(r.result), Boolean(r.ok));
    }
  } finally {
    await fs.rm(tmp, { recursive: true, force: true });
  }
  table(
    'budgets',
    budgets.map((b) => ({ budget: b.budget, value: b.value, met: b.met ? 'met' : 'NOT MET' })),
  );
  const missed = budgets.filter((b) => !b.met);
  console.log(
    missed.length
      ? `\n${missed.length} of ${budgets.length} budgets NOT MET.`
      : `\nall ${budgets.length} budgets met.`,
  );
  results.budgets = budgets;
  results.loadAverageAtEnd = os.loadavg();
  console.log(
    `load average at start ${(results.loadAverageAtStart as number[]).map((x) => x.toFixed(1)).join(' ')}, at end ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')} (${os.cpus().length} cores)`,
  );
  const dir = path.join(root, 'bench', 'results');
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(
    dir,
    `${new Date().toISOString().replace(/[:.]/g, '-')}${values.quick ? '-quick' : ''}.json`,
  );
  await fs.writeFile(file, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`results: ${path.relative(root, file)}`);
}

await main();
