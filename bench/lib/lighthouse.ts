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
}

/** Lighthouse's default (mobile, simulated throttling) run of each page in Debian's Chromium. */
export async function lighthouseRuns(base: string, paths: string[]): Promise<LighthouseResult[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', ...chromiumFlags],
  });
  const out: LighthouseResult[] = [];
  try {
    for (const p of paths) {
      const result = await lighthouse(base + p, { port: chrome.port, output: 'json', logLevel: 'error' });
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`lighthouse gave no result for ${p}`);
      const score = (k: string) => Math.round((lhr.categories[k]?.score ?? 0) * 100);
      const num = (k: string) => lhr.audits[k]?.numericValue ?? Number.NaN;
      const failing = Object.values(lhr.categories)
        .flatMap((c) => c.auditRefs.filter((r) => r.weight > 0).map((r) => lhr.audits[r.id]))
        .filter((a) => a && a.score !== null && a.score < 0.9)
        .map((a) => `${a?.id}`);
      out.push({
        path: p,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        lcpMs: Math.round(num('largest-contentful-paint')),
        cls: Math.round(num('cumulative-layout-shift') * 1000) / 1000,
        tbtMs: Math.round(num('total-blocking-time')),
        failing: [...new Set(failing)],
      });
    }
  } finally {
    chrome.kill();
  }
  return out;
}
