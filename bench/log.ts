// What the request log costs: a cached list on one portal process that logs a line per request
// (LOG_LEVEL=info, the default) against one that logs warnings only (warn), in turns in one run,
// each writing its log to a file as a process manager would. Once both have stopped (SIGTERM), the
// info log must hold a line for every answer wrk counted: a log that is cheap because it drops
// lines would show here.

import fs from 'node:fs';
import path from 'node:path';
import { type LoadResult, load } from './lib/load.js';
import { cpuMs, type Portal, startPortal } from './lib/proc.js';

const listPath = '/api/attractions/?limit=9&offset=0&district__in=4,5,6&tourism_type__in=1,2,3';

interface Options {
  rounds: number;
  roundSeconds: number;
}

/** A portal on its own copy of the demo content, its standard output into `logFile`. */
async function portalLogging(dir: string, level: string, logFile: string): Promise<Portal> {
  const fd = fs.openSync(logFile, 'w');
  try {
    return await startPortal({ DATA_DIR: dir, LOG_LEVEL: level }, `portal (LOG_LEVEL=${level})`, fd);
  } finally {
    // the child has its own copy of the descriptor
    fs.closeSync(fd);
  }
}

/** The access-log lines of the list's requests in a log file (one JSON object a line). */
function requestLines(logFile: string): number {
  let n = 0;
  for (const line of fs.readFileSync(logFile, 'utf8').split('\n')) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line) as { msg?: string; url?: string };
    if (entry.msg === 'request' && entry.url === listPath) n++;
  }
  return n;
}

export async function logBench(tmp: string, { rounds, roundSeconds }: Options) {
  const levels = ['info', 'warn'] as const;
  const files = Object.fromEntries(levels.map((l) => [l, path.join(tmp, `log-${l}.jsonl`)])) as Record<
    (typeof levels)[number],
    string
  >;
  const portals = {
    info: await portalLogging(path.join(tmp, 'log-info'), 'info', files.info),
    warn: await portalLogging(path.join(tmp, 'log-warn'), 'warn', files.warn),
  };
  type Run = LoadResult & { cpuUsPerAnswer: number };
  const runs: Record<(typeof levels)[number], Run[]> = { info: [], warn: [] };
  try {
    for (const level of levels) {
      // the first answer fills the cache; what follows is answered from it
      const r = await fetch(portals[level].url + listPath);
      await r.arrayBuffer();
      if (r.status !== 200) throw new Error(`${listPath} (${level}): ${r.status}`);
    }
    for (let i = 0; i < rounds; i++) {
      for (const level of levels) {
        // The process's CPU time per answer as well: unlike req/s, other work on the machine
        // hardly moves it.
        const cpu = cpuMs(portals[level].pid);
        const r = await load(portals[level].url + listPath, { seconds: roundSeconds });
        const used = cpuMs(portals[level].pid) - cpu;
        runs[level].push({ ...r, cpuUsPerAnswer: r.requests ? Math.round((1000 * used) / r.requests) : 0 });
      }
    }
  } finally {
    await Promise.all(levels.map((l) => portals[l].stop()));
  }
  // The round pairs in turn: the median of info's share of warn's rate.
  const pairs = runs.info.map((info, i) => {
    const warn = runs.warn[i] as Run;
    return { info, warn, share: warn.rps > 0 ? Math.round((100 * info.rps) / warn.rps) : 0 };
  });
  const median = [...pairs].sort((a, b) => a.share - b.share)[
    Math.floor(pairs.length / 2)
  ] as (typeof pairs)[0];
  const answered = runs.info.reduce((n, r) => n + r.requests, 0);
  // CPU per answer of info against warn: the medians of the rounds
  const cpu = (level: (typeof levels)[number]) =>
    [...runs[level].map((r) => r.cpuUsPerAnswer)].sort((a, b) => a - b)[Math.floor(rounds / 2)] as number;
  const cpuShare = Math.round((100 * cpu('info')) / Math.max(1, cpu('warn')));
  // the request that filled the cache is in the log too
  const lines = requestLines(files.info) - 1;
  const rows = levels.map((level) => ({
    LOG_LEVEL: level,
    'req/s': median[level].rps,
    'p50 ms': median[level].p50,
    'p99 ms': median[level].p99,
    'CPU µs/answer (median)': cpu(level),
    'CPU µs/answer, each round': runs[level].map((r) => r.cpuUsPerAnswer).join(' '),
    errors: runs[level].reduce((n, r) => n + r.errors + r.non2xx, 0),
    'of warn': level === 'info' ? `${median.share}%` : '100%',
    'of warn, each round': level === 'info' ? pairs.map((p) => `${p.share}%`).join(' ') : '',
    'request lines logged': level === 'info' ? `${lines} of ${answered} answers` : requestLines(files.warn),
  }));
  return { rows, share: median.share, cpuShare, lines, answered };
}
