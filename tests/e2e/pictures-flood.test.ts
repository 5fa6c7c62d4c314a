import { spawn } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';
import { imageFormats, imageWidths } from '../../common/media.js';
import type { CrawledAnswer } from '../helpers/crawler.js';
import { baseUrl, describeE2E } from './setup/browser.js';

// A link checker asks for every width and format of many pictures that are not rendered yet, many
// at a time. Pictures are rendered a few at a time off the request path, so meanwhile a
// server-rendered page and an API list keep answering within a second, and every picture request
// gets, within the wait bound, its picture or a fast answer to come back later: 503 with
// Retry-After, or an already rendered rendition of the same picture marked no-store.

const PICTURES = 12;
/** Requests the link checker has open at once. */
const CONNECTIONS = 64;
const PAGE_BUDGET_MS = 1000;
const MAX_PAGE_BUDGET_MS = 5000;
/** The longest a picture request may take: the portal's wait bound (10 s) and a margin for a loaded machine. */
const PICTURE_BUDGET_MS = 25_000;
/** The whole crawl: two rounds of the longest wait. */
const CRAWL_DEADLINE_MS = 2 * PICTURE_BUDGET_MS;

/** The format names sharp reads (AVIF is a HEIF container). */
const sharpFormat = { jpg: 'jpeg', webp: 'webp', avif: 'heif' } as const;

async function timedGet(url: string, timeoutMs = 10_000) {
  const started = performance.now();
  try {
    const res = await fetch(url, {
      headers: { 'accept-encoding': 'br, gzip' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    await res.arrayBuffer();
    return {
      url,
      status: res.status,
      ms: performance.now() - started,
      cacheControl: res.headers.get('cache-control') ?? '',
      retryAfter: res.headers.get('retry-after'),
    };
  } catch (err) {
    return { url, status: 0, ms: performance.now() - started, error: (err as Error).name };
  }
}

/**
 * The link checker, in a process of its own like a real one (its work does not delay our clock);
 * stopped at CRAWL_DEADLINE_MS with the answers it has had by then.
 */
function crawl(urls: string[]): Promise<CrawledAnswer[]> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(import.meta.dirname, '../helpers/crawler.ts'),
      String(CONNECTIONS),
      String(PICTURE_BUDGET_MS),
      ...urls,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const deadline = setTimeout(() => child.kill(), CRAWL_DEADLINE_MS);
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', () => {
      clearTimeout(deadline);
      resolve(
        out
          .split('\n')
          .filter((line) => line.startsWith('{'))
          .map((line) => JSON.parse(line) as CrawledAnswer),
      );
    });
  });
}

describeE2E('pictures are rendered off the request path', () => {
  it(`every width and format of ${PICTURES} new pictures: pages still answer within 1 s`, async () => {
    // Generated pictures of ids nobody asked for before: none is rendered yet.
    const run = Math.random().toString(36).slice(2, 8);
    const categories = ['fortress', 'manor', 'forest', 'lake', 'palace', 'village'];
    const ids = Array.from(
      { length: PICTURES },
      (_, i) => `${categories[i % categories.length]}.flood-${run}-${i}`,
    );
    const urls = ids.flatMap((id) =>
      imageWidths.flatMap((w) => imageFormats.map((f) => `${baseUrl()}/media/${id}/${w}.${f}`)),
    );
    // A fresh query each time: the response cache must not answer for the page or the list.
    let n = 0;
    const probe = async () => [
      await timedGet(`${baseUrl()}/?lng=zh&probe=${run}-${n}`),
      await timedGet(`${baseUrl()}/api/attractions/?limit=20&offset=${n++}`),
    ];

    // The pages as a portal that has been up a while serves them (a first render is slower), and
    // how long they take without the crawl: on a machine loaded by other work a page can take more
    // than a quarter of a second alone, and then the budget is four times that (at most 5 s: a
    // stalled portal takes longer than the 10 s the probe waits).
    await probe();
    const quiet = [...(await probe()), ...(await probe())];
    const pageBudgetMs = Math.min(
      MAX_PAGE_BUDGET_MS,
      Math.max(PAGE_BUDGET_MS, 4 * Math.max(...quiet.map((p) => p.ms))),
    );

    let crawling = true;
    const crawled = crawl(urls).finally(() => {
      crawling = false;
    });
    const pages: Awaited<ReturnType<typeof timedGet>>[] = [];
    while (crawling) {
      pages.push(...(await probe()));
      await new Promise((r) => setTimeout(r, 100));
    }
    const pictures = await crawled;

    const slowPages = pages
      .filter((p) => p.status !== 200 || p.ms > pageBudgetMs)
      .map((p) => `${p.url.replace(baseUrl(), '')}: ${p.status || p.error} in ${Math.round(p.ms)} ms`);
    expect(slowPages, `pages slower than ${Math.round(pageBudgetMs)} ms during the crawl`).toEqual([]);
    expect(pages.length, 'page requests during the crawl').toBeGreaterThanOrEqual(4);

    expect(pictures.length, `picture requests answered within ${CRAWL_DEADLINE_MS / 1000} s`).toBe(
      urls.length,
    );
    const unanswered = pictures
      .filter((p) => p.status !== 200 && p.status !== 503)
      .map((p) => `${p.url.replace(baseUrl(), '')}: ${p.status || p.error} in ${Math.round(p.ms)} ms`);
    expect(unanswered, 'picture requests without an answer').toEqual([]);

    let rendered = 0;
    for (const p of pictures) {
      const [, width, format] = /\/(\d+)\.(jpg|webp|avif)$/.exec(p.url) as unknown as [string, string, 'jpg'];
      if (p.status === 503) {
        expect(Number(p.retryAfter), p.url).toBeGreaterThanOrEqual(1);
        expect(p.cacheControl, p.url).toBe('no-store');
      } else if (p.cacheControl.includes('immutable')) {
        // the rendition asked for
        rendered++;
        expect(p.image, p.url).toEqual({ format: sharpFormat[format], width: Number(width) });
      } else {
        // an already rendered rendition of the same picture, in a format the asker takes
        expect(p.cacheControl, p.url).toBe('no-store');
        const taken = imageFormats.slice(0, imageFormats.indexOf(format) + 1).map((f) => sharpFormat[f]);
        expect(taken, p.url).toContain(p.image?.format);
      }
    }
    expect(rendered, 'renditions rendered during the crawl').toBeGreaterThan(0);
  }, 120_000);
});
