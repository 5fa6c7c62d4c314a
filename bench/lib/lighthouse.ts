import os from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumFlags, chromiumPath } from './pages.js';

export interface LighthouseResult {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** The audits that cost points, for the report. */
  failing: string[];
  /** The search engine audits that failed (`is-crawlable` on a page kept out of search engines). */
  seoFailing: string[];
  /** The performance score of every run; the other fields are the median run's. */
  runs: number[];
  /**
   * Every run in order: its scores' metrics and the machine's load average (1 minute) when it
   * started (simulated throttling scales the tasks Chromium really ran: a busy machine lengthens them).
   */
  each: { performance: number; tbtMs: number; lcpMs: number; cls: number; load: number }[];
  /** Why a run failed (Lighthouse's runtime error), for every run that did. */
  runErrors: string[];
}

/**
 * Lighthouse's default (mobile, simulated throttling) runs of each page in Debian's Chromium.
 * Scores move 10-30 points from run to run on this shared 2-core machine (mostly total blocking
 * time), so each page runs `runs` times and the median run (by performance score) is reported, as
 * Lighthouse's documentation advises for variable scores.
 */
export async function lighthouseRuns(base: string, paths: string[], runs = 3): Promise<LighthouseResult[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', ...chromiumFlags],
  });
  const out: LighthouseResult[] = [];
  try {
    for (const p of paths) {
      const each: Omit<LighthouseResult, 'runs' | 'runErrors' | 'each'>[] = [];
      const loads: number[] = [];
      for (let i = 0; i < runs; i++) {
        loads.push(Math.round((os.loadavg()[0] ?? 0) * 10) / 10);
        let run = await lighthouseRun(chrome.port, base, p);
        // Lighthouse's own recording can fail on a loaded machine (no navigation start in the
        // trace): that says nothing of the page, so such a run is made again, at most twice,
        // and the report keeps the error.
        for (let retry = 0; retry < 2 && traceFailed(run); retry++) {
          const failed = run.failing.filter((f) => f.startsWith('runtime error'));
          run = await lighthouseRun(chrome.port, base, p);
          run.failing.push(...failed.map((f) => `retried after ${f}`));
        }
        each.push(run);
      }
      const sorted = [...each].sort((a, b) => a.performance - b.performance);
      const median = sorted[Math.floor(sorted.length / 2)] as Omit<
        LighthouseResult,
        'runs' | 'runErrors' | 'each'
      >;
      const runErrors = each.flatMap((r, i) =>
        r.failing
          .filter((f) => f.startsWith('runtime error') || f.startsWith('retried after'))
          .map((f) => `run ${i + 1}: ${f}`),
      );
      out.push({
        ...median,
        runs: each.map((r) => r.performance),
        each: each.map((r, i) => ({
          performance: r.performance,
          tbtMs: r.tbtMs,
          lcpMs: r.lcpMs,
          cls: r.cls,
          load: loads[i] ?? 0,
        })),
        runErrors,
      });
    }
  } finally {
    chrome.kill();
  }
  return out;
}

/** Lighthouse's errors that mean its trace was not recorded, not that the page failed. */
const traceErrors = ['NO_NAVSTART', 'NO_TRACING_STARTED', 'TRACING_ALREADY_STARTED', 'PROTOCOL_TIMEOUT'];
const traceFailed = (run: { failing: string[] }) =>
  run.failing.some((f) => traceErrors.some((code) => f.startsWith(`runtime error ${code}:`)));

async function lighthouseRun(
  port: number,
  base: string,
  p: string,
): Promise<Omit<LighthouseResult, 'runs' | 'runErrors' | 'each'>> {
  const result = await lighthouse(base + p, { port, output: 'json', logLevel: 'error' });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`lighthouse gave no result for ${p}`);
  const score = (k: string) => Math.round((lhr.categories[k]?.score ?? 0) * 100);
  const num = (k: string) => lhr.audits[k]?.numericValue ?? Number.NaN;
  const failing = Object.values(lhr.categories)
    .flatMap((c) => c.auditRefs.filter((r) => r.weight > 0).map((r) => lhr.audits[r.id]))
    .filter((a) => a && a.score !== null && a.score < 0.9)
    .map((a) => `${a?.id}`);
  // A run that failed (no paint, a page error) scores 0: say why in the report.
  if (lhr.runtimeError)
    failing.unshift(`runtime error ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  // A score of 0 without a runtime error: a metric could not be measured (its audit says why).
  else if (!lhr.categories.performance?.score) {
    const metrics = [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'speed-index',
    ];
    const why = metrics.flatMap((id) =>
      lhr.audits[id]?.errorMessage ? [`${id}: ${lhr.audits[id]?.errorMessage}`] : [],
    );
    failing.unshift(`runtime error (none reported; ${why.join('; ') || 'no metric error either'})`);
  }
  const seoFailing = (lhr.categories.seo?.auditRefs ?? [])
    .filter((r) => r.weight > 0 && (lhr.audits[r.id]?.score ?? 1) < 1)
    .map((r) => r.id);
  return {
    path: p,
    seoFailing,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: Math.round(num('largest-contentful-paint')),
    cls: Math.round(num('cumulative-layout-shift') * 1000) / 1000,
    tbtMs: Math.round(num('total-blocking-time')),
    failing: [...new Set(failing)],
  };
}
