import zlib from 'node:zlib';
import { chromium } from 'playwright-core';

export const chromiumPath = '/usr/bin/chromium';
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

export interface PageWeight {
  path: string;
  /** Gzip bytes of the JavaScript and CSS loaded by the load event (the page before hydration). */
  jsLoad: number;
  cssLoad: number;
  /** ... and once the network is idle after hydration. */
  jsIdle: number;
  cssIdle: number;
  scripts: number;
  /** Whether a script carries Leaflet (map code). */
  mapCode: boolean;
}

/** JavaScript and CSS each page ships, in gzip bytes, counting the responses Chromium receives. */
export async function pageWeights(base: string, paths: string[]): Promise<PageWeight[]> {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: chromiumFlags,
    headless: true,
  });
  const out: PageWeight[] = [];
  try {
    for (const p of paths) {
      const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
      const page = await context.newPage();
      let loaded = false;
      const w: PageWeight = {
        path: p,
        jsLoad: 0,
        cssLoad: 0,
        jsIdle: 0,
        cssIdle: 0,
        scripts: 0,
        mapCode: false,
      };
      const pending: Promise<void>[] = [];
      page.on('response', (response) => {
        const type = response.request().resourceType();
        if (type !== 'script' && type !== 'stylesheet') return;
        const before = !loaded;
        pending.push(
          response
            .body()
            .then((body) => {
              const gz = zlib.gzipSync(body).length;
              if (type === 'script') {
                w.scripts++;
                w.jsIdle += gz;
                if (before) w.jsLoad += gz;
                if (body.includes('leaflet-container')) w.mapCode = true;
              } else {
                w.cssIdle += gz;
                if (before) w.cssLoad += gz;
              }
            })
            .catch(() => {}),
        );
      });
      page.on('load', () => {
        loaded = true;
      });
      await page.goto(base + p, { waitUntil: 'load' });
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(1000);
      await Promise.all(pending);
      out.push(w);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return out;
}
